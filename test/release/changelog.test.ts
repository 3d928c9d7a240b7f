import { callCheck, readRepoFile, repoPackage } from './call';

describe('CHANGELOG entry', () => {
	const { version } = repoPackage();

	it("the repository's CHANGELOG has an entry for package.json's version", () => {
		expect(callCheck('changelog', 'checkChangelog', readRepoFile('CHANGELOG.md'), version)).toEqual([]);
	});

	it('refuses a CHANGELOG without the version', () => {
		const text = '# Changelog\n\n## Unreleased\n- something\n\n## 0.0.9\n- older\n';
		expect(callCheck('changelog', 'checkChangelog', text, '0.1.0')).toEqual([
			'CHANGELOG.md has no entry for 0.1.0 (a "## 0.1.0" heading)',
		]);
		// 0.1.0 must not match 0.1.01 or 10.1.0
		expect(callCheck('changelog', 'checkChangelog', '## 10.1.0\n- x\n## 0.1.01\n- y\n', '0.1.0')).toHaveLength(1);
	});

	it('refuses an empty entry', () => {
		expect(callCheck('changelog', 'checkChangelog', '## 0.2.0\n\n## 0.1.0\n- first\n', '0.2.0')).toEqual([
			"CHANGELOG.md's entry for 0.2.0 is empty",
		]);
	});

	it('when publishing, the entry must be dated, not marked unreleased', () => {
		const draft = '## 0.2.0 (unreleased)\n- new things\n';
		expect(callCheck('changelog', 'checkChangelog', draft, '0.2.0')).toEqual([]);
		expect(callCheck('changelog', 'checkChangelog', draft, '0.2.0', { releasing: true })).toHaveLength(1);
		expect(callCheck('changelog', 'checkChangelog', '## [0.2.0] - 2026-06-01\n- new things\n', '0.2.0', { releasing: true })).toEqual([]);
	});
});
