import { callCheck, repoPackage, ROOT } from './call';

const pkg = repoPackage();
const sound = [
	'package.json',
	'README.md',
	'LICENSE.md',
	'dist/credentials/VoiceAssistantApi.credentials.js',
	'dist/credentials/VoiceAssistantPlatform2Api.credentials.js',
	'dist/nodes/VoiceAssistant/VoiceAssistant.node.js',
	'dist/nodes/VoiceAssistant/VoiceAssistantTrigger.node.js',
	'dist/nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node.js',
	'dist/nodes/VoiceAssistant/VoiceAssistant.node.d.ts',
];

describe('tarball contents', () => {
	it('the repository, as npm pack --dry-run lists it after the build, is sound and has no .map files', () => {
		const files = callCheck<string[]>('tarball', 'packedFiles', ROOT);
		expect(files).toContain('dist/nodes/VoiceAssistant/VoiceAssistant.node.js');
		expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
		expect(callCheck('tarball', 'checkTarballFiles', files, pkg)).toEqual([]);
	});

	it('accepts dist/, README, LICENSE and package.json', () => {
		expect(callCheck('tarball', 'checkTarballFiles', sound, pkg)).toEqual([]);
	});

	it('refuses a stray file outside dist/', () => {
		expect(callCheck('tarball', 'checkTarballFiles', [...sound, 'sandbox/server.ts'], pkg)).toEqual([
			'tarball ships a TypeScript source: sandbox/server.ts',
		]);
		expect(callCheck('tarball', 'checkTarballFiles', [...sound, '.env'], pkg)).toEqual([
			'tarball ships a file outside dist/ (only dist/, README, LICENSE, package.json belong): .env',
		]);
	});

	it('refuses source maps', () => {
		expect(callCheck('tarball', 'checkTarballFiles', [...sound, 'dist/nodes/VoiceAssistant/VoiceAssistant.node.js.map'], pkg)).toEqual([
			'tarball ships a source map: dist/nodes/VoiceAssistant/VoiceAssistant.node.js.map',
		]);
	});

	it('refuses a tarball missing a node package.json lists', () => {
		const withoutTrigger = sound.filter((f) => !f.endsWith('/VoiceAssistantTrigger.node.js'));
		expect(callCheck('tarball', 'checkTarballFiles', withoutTrigger, pkg)).toEqual([
			expect.stringContaining('dist/nodes/VoiceAssistant/VoiceAssistantTrigger.node.js'),
		]);
	});
});
