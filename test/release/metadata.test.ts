import fs from 'node:fs';

import { callCheck, repoPackage, ROOT } from './call';

const rootFiles = fs.readdirSync(ROOT);

describe('package.json metadata and release scripts', () => {
	it("the repository's package.json is consistent", () => {
		expect(callCheck('metadata', 'checkMetadata', repoPackage(), rootFiles)).toEqual([]);
		expect(callCheck('prerelease', 'checkReleaseScripts', repoPackage())).toEqual([]);
	});

	it('refuses a homepage or bugs URL that points at another repository than repository.url', () => {
		const pkg = { ...repoPackage(), homepage: 'https://github.com/someone-else/n8n-nodes-voice-assistant#readme' };
		expect(callCheck('metadata', 'checkMetadata', pkg, rootFiles)).toEqual([
			'homepage points at someone-else/n8n-nodes-voice-assistant but repository.url at voice-assistant-n8n/n8n-nodes-voice-assistant',
		]);
		const bugs = { ...repoPackage(), bugs: { url: 'https://example.com/issues' } };
		expect(callCheck('metadata', 'checkMetadata', bugs, rootFiles)).toHaveLength(1);
	});

	it('refuses a repository that is not on GitHub, a missing author e-mail, and no source-map exclusion', () => {
		const pkg = {
			...repoPackage(),
			repository: { type: 'git', url: 'https://gitlab.com/a/b.git' },
			author: { name: 'Someone' },
			files: ['dist'],
		};
		expect(callCheck('metadata', 'checkMetadata', pkg, rootFiles)).toEqual([
			'repository.url "https://gitlab.com/a/b.git" is not a GitHub repository URL',
			'author.email is missing',
			'package.json "files" must exclude source maps ("!dist/**/*.map")',
		]);
	});

	it('refuses a package without the n8n-node publish guard or release script', () => {
		const scripts = { ...repoPackage().scripts };
		delete scripts.prepublishOnly;
		delete scripts.release;
		expect(callCheck('prerelease', 'checkReleaseScripts', { ...repoPackage(), scripts })).toHaveLength(2);
		const oldCli = { ...repoPackage(), devDependencies: { '@n8n/node-cli': '0.22.4' } };
		expect(callCheck('prerelease', 'checkReleaseScripts', oldCli)).toEqual([
			'@n8n/node-cli 0.22.4 is older than 0.23.0, which publishes with provenance',
		]);
	});

	it('the installed n8n-node prerelease refuses a plain npm publish and lets the release path through', () => {
		expect(callCheck('prerelease', 'checkPrereleaseGuard', ROOT)).toEqual([]);
	});
});
