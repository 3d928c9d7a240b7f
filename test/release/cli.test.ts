import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { repoPackage, ROOT } from './call';

describe('npm run check:release', () => {
	it('refuses to publish from a tag that differs from package.json, naming both', () => {
		const { version } = repoPackage();
		const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'check-release.mjs'), '--tag', 'v9.9.9'], {
			cwd: ROOT,
			encoding: 'utf8',
			env: { ...process.env, npm_config_user_agent: 'npm/11.6.2 node/v24.11.0 linux x64' },
		});
		expect(res.status).toBe(1);
		expect(res.stdout).toContain(`tag v9.9.9 does not match package.json's version ${version} (expected tag v${version})`);
		expect(res.stdout).toContain('ok   tarball contents');
		expect(res.stderr).toContain('release check FAILED');
	});
});
