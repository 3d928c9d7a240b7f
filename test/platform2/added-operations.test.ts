/**
 * The guarded steps over several 2.0 API operations (actions/platform2/added.ts): each sits under its
 * resource beside the generated operations without taking an API operation's value, is a write an AI
 * agent needs the user's switch for, and has its own test file, test/platform2/<operation value>.test.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import { ADDED_OPERATIONS } from '../../nodes/VoiceAssistant/actions/platform2/added';
import { OPERATIONS } from '../../nodes/VoiceAssistant/actions/platform2/catalog/catalog.generated';
import { PLATFORM2_RESOURCES } from '../../nodes/VoiceAssistant/actions/platform2/resources';

const added = Object.entries(ADDED_OPERATIONS).flatMap(([resource, list]) => list.map(({ from, make }) => ({ resource, from, op: make(OPERATIONS.find((entry) => entry.id === from)!) })));

it('there is at least one (Connect MCP Server, under Tools)', () => {
	expect(added.map(({ resource, op }) => [resource, op.value])).toEqual([['tools', 'connectMcpServer']]);
});

it.each(added.map((entry) => [entry.op.value, entry] as const))('%s: under its resource, no API operation\'s value, guarded, tested in its own file', (value, { resource, from }) => {
	expect(OPERATIONS.some((entry) => entry.id === from && entry.resource === resource)).toBe(true);
	expect(OPERATIONS.some((entry) => entry.id === value)).toBe(false);
	const built = PLATFORM2_RESOURCES.find((entry) => entry.value === resource)?.operations.filter((op) => op.value === value);
	expect(built).toHaveLength(1);
	expect(built?.[0].write?.agent?.needsOptIn).toEqual(expect.any(String));
	expect(existsSync(path.join(__dirname, `${value}.test.ts`))).toBe(true);
});
