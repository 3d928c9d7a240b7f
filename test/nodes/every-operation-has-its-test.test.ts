/**
 * The tests mirror the operations: nodes/VoiceAssistant/actions/classic/<resource>/<operation>.operation.ts is
 * tested in test/nodes/<resource>/<operation>.test.ts, so an operation without a test of its own shows.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const ACTIONS = path.join(ROOT, 'nodes', 'VoiceAssistant', 'actions', 'classic');

function operationFiles(): string[] {
	return readdirSync(ACTIONS, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.flatMap((dir) => readdirSync(path.join(ACTIONS, dir.name)).filter((file) => file.endsWith('.operation.ts')).map((file) => `${dir.name}/${file.replace(/\.operation\.ts$/, '')}`));
}

it('every operation has test/nodes/<resource>/<operation>.test.ts', () => {
	const operations = operationFiles();
	expect(operations.length).toBeGreaterThan(50);
	expect(operations.filter((operation) => !existsSync(path.join(ROOT, 'test', 'nodes', `${operation}.test.ts`)))).toEqual([]);
});
