// @n8n/node-cli's publishing rules: `npm publish` only through `npm run release` (prepublishOnly
// runs `n8n-node prerelease`, which refuses unless RELEASE_MODE is set), and a node-cli new enough
// to publish with provenance from GitHub Actions (0.23.0).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const MIN_NODE_CLI = [0, 23, 0];

function atLeast(version, min) {
	const parts = /^(\d+)\.(\d+)\.(\d+)/.exec(version ?? '')?.slice(1).map(Number);
	if (!parts) return false;
	for (let i = 0; i < 3; i++) if (parts[i] !== min[i]) return parts[i] > min[i];
	return true;
}

/** Problems with package.json's release scripts and its @n8n/node-cli version. */
export function checkReleaseScripts(pkg) {
	const problems = [];
	const scripts = pkg.scripts ?? {};
	if (scripts.prepublishOnly !== 'n8n-node prerelease') problems.push(`scripts.prepublishOnly must be "n8n-node prerelease" (got "${scripts.prepublishOnly ?? ''}"), so a plain npm publish is refused`);
	if (scripts.release !== 'n8n-node release') problems.push(`scripts.release must be "n8n-node release" (got "${scripts.release ?? ''}"), the publish path the workflow runs`);
	const cli = pkg.devDependencies?.['@n8n/node-cli'];
	if (!cli) problems.push('@n8n/node-cli is not a devDependency');
	else if (!atLeast(cli.replace(/^[\^~=]/, ''), MIN_NODE_CLI)) problems.push(`@n8n/node-cli ${cli} is older than ${MIN_NODE_CLI.join('.')}, which publishes with provenance`);
	return problems;
}

/** Runs the installed `n8n-node prerelease`: it must refuse without RELEASE_MODE and pass with it. */
export function checkPrereleaseGuard(root) {
	const bin = path.join(root, 'node_modules', '.bin', 'n8n-node');
	const run = (releaseMode) => {
		const env = { ...process.env };
		delete env.RELEASE_MODE;
		if (releaseMode) env.RELEASE_MODE = 'true';
		return spawnSync(bin, ['prerelease'], { cwd: root, env, encoding: 'utf8' });
	};
	const problems = [];
	const plain = run(false);
	if (plain.error) return [`cannot run n8n-node prerelease: ${plain.error.message}`];
	if (plain.status === 0) problems.push('n8n-node prerelease lets a plain npm publish through (no RELEASE_MODE)');
	const release = run(true);
	if (release.status !== 0) problems.push(`n8n-node prerelease refuses the release path too (RELEASE_MODE=true): exit ${release.status} ${release.stderr ?? ''}`.trim());
	return problems;
}
