/** The committed catalogue modules are what the generator makes of nodes/VoiceAssistant/actions/platform2/catalog/operations.json (a change to either is regenerated, not hand-edited). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

test('scripts/generate-platform2.mjs --check finds every generated module up to date', () => {
	const root = path.join(__dirname, '../..');
	expect(() => execFileSync(process.execPath, [path.join(root, 'scripts/generate-platform2.mjs'), '--check'], { cwd: root, stdio: 'pipe' })).not.toThrow();
});
