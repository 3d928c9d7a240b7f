#!/usr/bin/env node
/**
 * Checks that the package is ready to release, without publishing:
 *  - the tarball (`npm pack --dry-run`, after a build) holds only dist/, README, LICENSE and
 *    package.json, no source maps, and every node and credential package.json lists;
 *  - @n8n/node-cli's rules: a plain `npm publish` is refused by `n8n-node prerelease`, the release
 *    path (`npm run release`, RELEASE_MODE) is let through, node-cli new enough for provenance;
 *  - package.json's name, keywords, repository/homepage/bugs, author and licence (n8n verification);
 *  - CHANGELOG.md has an entry for package.json's version;
 *  - .github/workflows/ci.yml and publish.yml parse and have the steps the release process needs.
 *
 *   npm run check:release                          what `npm test` runs
 *   npm run check:release -- --tag "$GITHUB_REF_NAME"   publishing: also the tag is v<version>, the
 *                                                  CHANGELOG entry is dated, npm can publish via OIDC
 * Exit code 1 on any problem.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { checkChangelog } from './lib/release/changelog.mjs';
import { checkMetadata } from './lib/release/metadata.mjs';
import { checkPrereleaseGuard, checkReleaseScripts } from './lib/release/prerelease.mjs';
import { checkTarballFiles, packedFiles } from './lib/release/tarball.mjs';
import { checkPublishingNpm, checkTag } from './lib/release/version.mjs';
import { checkCiWorkflow, checkPublishWorkflow } from './lib/release/workflows.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const tagAt = args.indexOf('--tag');
const tag = tagAt === -1 ? undefined : (args[tagAt + 1] ?? '');
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json'));

const sections = [
	['tarball contents', () => checkTarballFiles(packedFiles(root), pkg)],
	['n8n-node release rules', () => [...checkReleaseScripts(pkg), ...checkPrereleaseGuard(root)]],
	['package.json metadata', () => checkMetadata(pkg, fs.readdirSync(root))],
	[`CHANGELOG entry for ${pkg.version}`, () => checkChangelog(read('CHANGELOG.md'), pkg.version, { releasing: tag !== undefined })],
	['.github/workflows/ci.yml', () => checkCiWorkflow(read('.github/workflows/ci.yml'), 'ci.yml')],
	['.github/workflows/publish.yml', () => checkPublishWorkflow(read('.github/workflows/publish.yml'), 'publish.yml')],
];
if (tag !== undefined) {
	sections.push([`tag ${tag} = v${pkg.version}`, () => checkTag(tag, pkg.version)]);
	sections.push(['npm can publish with OIDC', () => checkPublishingNpm(process.env.npm_config_user_agent)]);
}

const failures = [];
for (const [label, check] of sections) {
	let problems;
	try {
		problems = check();
	} catch (error) {
		problems = [error.message.split('\n')[0]];
	}
	console.log(`${problems.length ? 'FAIL' : 'ok  '} ${label}`);
	for (const problem of problems) console.log(`     - ${problem}`);
	failures.push(...problems);
}
if (tag === undefined) console.log('     (tag not checked: the publish workflow passes --tag)');
if (failures.length > 0) {
	console.error(`\nrelease check FAILED (${failures.length} problem(s))`);
	process.exit(1);
}
console.log(`release check passed: ${pkg.name}@${pkg.version}`);
