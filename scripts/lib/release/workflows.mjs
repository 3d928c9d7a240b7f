// The two GitHub Actions workflows, parsed as YAML and held to what the release process needs.
// A schema check of their shape and step order, not a simulation of GitHub.
import { parse } from 'yaml';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function load(text, file) {
	let doc;
	try {
		doc = parse(text);
	} catch (error) {
		return { problems: [`${file} is not valid YAML: ${error.message.split('\n')[0]}`] };
	}
	if (!isObject(doc)) return { problems: [`${file} is not a YAML mapping`] };
	if (!isObject(doc.on)) return { problems: [`${file} has no "on:" triggers`] };
	if (!isObject(doc.jobs) || Object.keys(doc.jobs).length === 0) return { problems: [`${file} has no jobs`] };
	for (const [id, job] of Object.entries(doc.jobs)) {
		if (!isObject(job) || !Array.isArray(job.steps)) return { problems: [`${file}: job "${id}" has no steps`] };
	}
	return { doc, problems: [] };
}

/** Index of the first step that runs a command matching `command` (a RegExp on one line), or -1. */
function runs(steps, command) {
	return steps.findIndex((s) => typeof s.run === 'string' && s.run.split('\n').some((line) => command.test(line.trim())));
}
const uses = (steps, action) => steps.findIndex((s) => typeof s.uses === 'string' && s.uses.startsWith(`${action}@`));

/** Checks that the named steps exist and come in this order; `found` is [[label, index], ...]. */
function inOrder(file, found) {
	const problems = [];
	for (const [label, index] of found) if (index === -1) problems.push(`${file} has no step that ${label}`);
	const present = found.filter(([, index]) => index !== -1);
	for (let i = 1; i < present.length; i++) {
		if (present[i][1] < present[i - 1][1]) problems.push(`${file}: the step that ${present[i][0]} must come after the one that ${present[i - 1][0]}`);
	}
	return problems;
}

/** Problems with .github/workflows/ci.yml (text). */
export function checkCiWorkflow(text, file = 'ci.yml') {
	const { doc, problems } = load(text, file);
	if (!doc) return problems;
	if (!('pull_request' in doc.on)) problems.push(`${file} does not run on pull_request`);
	if (!('push' in doc.on)) problems.push(`${file} does not run on push`);
	const job = Object.values(doc.jobs).find((j) => runs(j.steps, /^npm test$/) !== -1);
	if (!job) return [...problems, `${file} has no job that runs "npm test"`];
	const { steps } = job;

	const image = typeof job.container === 'string' ? job.container : job.container?.image;
	const setupNode = steps.find((s) => typeof s.uses === 'string' && s.uses.startsWith('actions/setup-node@'));
	const node20 = /^node:20([.-]|$)/.test(image ?? '') || /^20(\.|$)/.test(String(setupNode?.with?.['node-version'] ?? ''));
	if (!node20) problems.push(`${file}: the test job must run on Node 20 (container node:20-… or setup-node node-version 20); npm ci brings Node 24 for the scripts`);

	const apt = runs(steps, /^(DEBIAN_FRONTEND=\S+\s+)?(sudo\s+)?apt-get\s+install\b/);
	if (apt !== -1) {
		const line = steps[apt].run.split('\n').find((l) => /apt-get\s+install/.test(l));
		for (const pkg of ['chromium', 'postgresql', 'redis-server']) {
			if (!new RegExp(`\\s${pkg}(\\s|$)`).test(line)) problems.push(`${file}: apt-get install does not install ${pkg}`);
		}
	}
	const cache = steps.findIndex(
		(s) => typeof s.uses === 'string' && s.uses.startsWith('actions/cache@') && String(s.with?.path ?? '').includes('.cache/n8n-voice-assistant'),
	);
	problems.push(
		...inOrder(file, [
			['checks out the repository (actions/checkout)', uses(steps, 'actions/checkout')],
			['installs Chromium, PostgreSQL and Redis with apt-get', apt],
			['caches the n8n install (actions/cache of ~/.cache/n8n-voice-assistant)', cache],
			['runs npm ci', runs(steps, /^npm ci(\s|$)/)],
			['runs npm test', runs(steps, /^npm test$/)],
		]),
	);
	return problems;
}

/** Problems with .github/workflows/publish.yml (text). */
export function checkPublishWorkflow(text, file = 'publish.yml') {
	const { doc, problems } = load(text, file);
	if (!doc) return problems;
	const tags = doc.on.push?.tags;
	if (!Array.isArray(tags) || !tags.some((t) => /^v/.test(String(t)))) problems.push(`${file} must run on pushed version tags (on.push.tags: ['v*'])`);
	if (doc.on.push?.branches) problems.push(`${file} must not run on branch pushes`);
	if (!('workflow_dispatch' in doc.on)) problems.push(`${file} must allow manual runs (workflow_dispatch)`);
	if (/\$\{\{\s*secrets\./.test(text) || /NODE_AUTH_TOKEN|NPM_TOKEN/.test(text)) {
		problems.push(`${file} must not use an npm token or any secret: it publishes through trusted publishing (OIDC)`);
	}

	const job = Object.values(doc.jobs).find((j) => runs(j.steps, /^npm run release$/) !== -1);
	if (!job) return [...problems, `${file} has no job that runs "npm run release" (@n8n/node-cli's publish path)`];
	const permissions = { ...(isObject(doc.permissions) ? doc.permissions : {}), ...(isObject(job.permissions) ? job.permissions : {}) };
	if (permissions['id-token'] !== 'write') problems.push(`${file}: the publish job needs permissions id-token: write (OIDC for trusted publishing and provenance)`);
	if (permissions.contents === 'write') problems.push(`${file}: the publish job should not have contents: write`);

	const { steps } = job;
	const setup = uses(steps, 'actions/setup-node');
	if (setup !== -1) {
		const w = steps[setup].with ?? {};
		if (String(w['registry-url'] ?? '').replace(/\/$/, '') !== 'https://registry.npmjs.org') problems.push(`${file}: setup-node must set registry-url: https://registry.npmjs.org`);
		if (!/^(2[4-9]|[3-9]\d)(\.|$)/.test(String(w['node-version'] ?? ''))) problems.push(`${file}: setup-node must use Node 24 or newer (npm 11.5.1+ for trusted publishing)`);
	}
	problems.push(
		...inOrder(file, [
			['checks out the repository (actions/checkout)', uses(steps, 'actions/checkout')],
			['sets up Node with the npm registry (actions/setup-node)', setup],
			['runs npm ci', runs(steps, /^npm ci(\s|$)/)],
			['runs npm run build', runs(steps, /^npm run build$/)],
			['runs npm run lint', runs(steps, /^npm run lint$/)],
			['runs npm run check:package', runs(steps, /^npm run check:package$/)],
			['checks the tag against package.json (npm run check:release -- --tag "$GITHUB_REF_NAME")', runs(steps, /^npm run check:release -- --tag "?\$(GITHUB_REF_NAME|\{GITHUB_REF_NAME\})"?$/)],
			['publishes with npm run release', runs(steps, /^npm run release$/)],
		]),
	);
	return problems;
}
