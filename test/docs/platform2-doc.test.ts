/** docs/platform2.md's resource table says what the build ships: every 2.0 resource, its operations, what costs credits and what cannot be undone. */
import fs from 'node:fs';
import path from 'node:path';

import { PLATFORM2_RESOURCES } from '../../nodes/VoiceAssistant/actions/platform2/resources';
import { OPERATIONS } from '../../nodes/VoiceAssistant/actions/platform2/catalog/catalog.generated';

const doc = fs.readFileSync(path.join(__dirname, '../../docs/platform2.md'), 'utf8');

test('one row per resource, with its operation, paid and irreversible counts', () => {
	const rows = [...doc.matchAll(/^\| ([A-Z][A-Za-z. ]+?) \| (\d+) \| *(\d*) *\| *(\d*) *\|$/gm)].map(([, name, ops, paid, irreversible]) => [name, Number(ops), Number(paid || 0), Number(irreversible || 0)]);
	const built = PLATFORM2_RESOURCES.map((resource) => {
		const ops = OPERATIONS.filter((op) => op.resource === resource.value);
		// the table names a resource as the editor does, without the " (Platform 2.0)" every 2.0 resource ends in
		return [resource.name.replace(/ \(Platform 2\.0\)$/, ''), ops.length, ops.filter((op) => op.paid).length, ops.filter((op) => op.irreversible).length];
	});
	expect(rows.sort()).toEqual(built.sort());
	expect(doc).toContain(`All ${OPERATIONS.length} operations of the 2.0 API, on ${PLATFORM2_RESOURCES.length} resources`);
});
