import { callCheck, readRepoFile } from './call';

const ci = readRepoFile('.github/workflows/ci.yml');
const publish = readRepoFile('.github/workflows/publish.yml');

/** Replaces `from` (which must occur) in a workflow text. */
function edit(text: string, from: string | RegExp, to: string) {
	const out = text.replace(from, to);
	if (out === text) throw new Error(`test fixture: ${String(from)} not found`);
	return out;
}

describe('publish workflow', () => {
	it("the repository's publish.yml passes", () => {
		expect(callCheck('workflows', 'checkPublishWorkflow', publish)).toEqual([]);
	});

	it('refuses a workflow without id-token: write', () => {
		const broken = edit(publish, /^\s+id-token: write\n/m, '');
		expect(callCheck('workflows', 'checkPublishWorkflow', broken)).toEqual([
			'publish.yml: the publish job needs permissions id-token: write (OIDC for trusted publishing and provenance)',
		]);
	});

	it('refuses an npm token from the repository secrets', () => {
		const broken = edit(publish, 'run: npm run release', 'run: npm run release\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}');
		expect(callCheck('workflows', 'checkPublishWorkflow', broken)).toEqual([
			'publish.yml must not use an npm token or any secret: it publishes through trusted publishing (OIDC)',
		]);
	});

	it('refuses publishing before the tag is checked, and a workflow without the tag check', () => {
		const reordered = edit(
			edit(publish, 'run: npm run check:release -- --tag "$GITHUB_REF_NAME"', 'run: PLACEHOLDER'),
			'run: npm run release',
			'run: npm run release\n\n      - run: npm run check:release -- --tag "$GITHUB_REF_NAME"',
		).replace('run: PLACEHOLDER', 'run: echo skipped');
		expect(callCheck('workflows', 'checkPublishWorkflow', reordered)).toEqual([
			expect.stringMatching(/the step that publishes with npm run release must come after the one that checks the tag/),
		]);
		const without = edit(publish, 'npm run check:release -- --tag "$GITHUB_REF_NAME"', 'echo no check');
		expect(callCheck('workflows', 'checkPublishWorkflow', without)).toEqual([expect.stringMatching(/has no step that checks the tag/)]);
	});

	it('refuses a workflow that does not run on v* tags or cannot be started by hand', () => {
		const broken = edit(edit(publish, "tags: ['v*']", "branches: ['main']"), /^ {2}workflow_dispatch:\n/m, '');
		expect(callCheck('workflows', 'checkPublishWorkflow', broken)).toEqual([
			"publish.yml must run on pushed version tags (on.push.tags: ['v*'])",
			'publish.yml must not run on branch pushes',
			'publish.yml must allow manual runs (workflow_dispatch)',
		]);
	});

	it('refuses text that is not YAML', () => {
		expect(callCheck('workflows', 'checkPublishWorkflow', `${publish}\n  bad: [unclosed\n`)).toEqual([expect.stringMatching(/^publish\.yml is not valid YAML/)]);
	});
});

describe('CI workflow', () => {
	it("the repository's ci.yml passes", () => {
		expect(callCheck('workflows', 'checkCiWorkflow', ci)).toEqual([]);
	});

	it('refuses a CI that does not run npm test, or runs it before npm ci', () => {
		expect(callCheck('workflows', 'checkCiWorkflow', edit(ci, 'run: npm test', 'run: npm run lint'))).toEqual([
			'ci.yml has no job that runs "npm test"',
		]);
		const swapped = edit(edit(ci, 'run: npm ci --no-audit --no-fund', 'run: TMP'), 'run: npm test', 'run: npm ci').replace('run: TMP', 'run: npm test');
		expect(callCheck('workflows', 'checkCiWorkflow', swapped)).toEqual([expect.stringMatching(/runs npm test must come after the one that runs npm ci/)]);
	});

	it('refuses a CI without the n8n cache, without Redis, or on another Node than 20', () => {
		const broken = edit(edit(edit(ci, 'n8n-voice-assistant\n', 'other\n'), ' redis-server', ''), 'node:20-bookworm', 'node:22-bookworm');
		expect(callCheck('workflows', 'checkCiWorkflow', broken)).toEqual([
			expect.stringMatching(/must run on Node 20/),
			'ci.yml: apt-get install does not install redis-server',
			expect.stringMatching(/has no step that caches the n8n install/),
		]);
	});

	it('refuses a CI that runs only on pushes', () => {
		expect(callCheck('workflows', 'checkCiWorkflow', edit(ci, /^ {2}pull_request:\n/m, ''))).toEqual(['ci.yml does not run on pull_request']);
	});
});
