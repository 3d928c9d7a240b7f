import { callCheck, repoPackage } from './call';

describe('tag and version', () => {
	const { version } = repoPackage();

	it('passes for the tag v<version>', () => {
		expect(callCheck('version', 'checkTag', `v${version}`, version)).toEqual([]);
	});

	it('refuses a tag that differs from package.json', () => {
		expect(callCheck('version', 'checkTag', 'v9.9.9', version)).toEqual([
			`tag v9.9.9 does not match package.json's version ${version} (expected tag v${version})`,
		]);
		expect(callCheck('version', 'checkTag', version, version)).toHaveLength(1); // no "v"
	});

	it('refuses a branch (a manual run that was not started from a tag)', () => {
		expect(callCheck('version', 'checkTag', 'main', version)).toEqual([
			'"main" is not a version tag (vX.Y.Z): publish from a tag, not a branch',
		]);
	});

	it('needs npm 11.5.1 or newer to publish through trusted publishing', () => {
		expect(callCheck('version', 'checkPublishingNpm', 'npm/11.5.1 node/v24.11.0 linux x64 workspaces/false')).toEqual([]);
		expect(callCheck('version', 'checkPublishingNpm', 'npm/12.0.0 node/v26.0.0 linux x64')).toEqual([]);
		expect(callCheck('version', 'checkPublishingNpm', 'npm/11.5.0 node/v24.4.0 linux x64')).toHaveLength(1);
		expect(callCheck('version', 'checkPublishingNpm', 'npm/10.9.2 node/v20.19.0 linux x64')).toHaveLength(1);
		expect(callCheck('version', 'checkPublishingNpm', null)).toHaveLength(1);
	});
});
