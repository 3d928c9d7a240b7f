/**
 * Every Platform 2.0 operation through n8n's engine against the sandbox, generated from the
 * catalogue: filled with valid values, the node sends the request the catalogue describes (the
 * method, path, query and body the sandbox received). The sandbox may refuse the filled IDs (they
 * name no record); what is checked is what was sent, once.
 */
import { OPERATIONS as CATALOGUE } from '../../nodes/VoiceAssistant/actions/platform2/catalog/catalog.generated';
import { EVERYDAY } from '../../nodes/VoiceAssistant/actions/platform2/everyday';
import { filledOperation } from './catalogValues';
import { usePlatform2Node } from './helpers';

const p2 = usePlatform2Node();
/** the generated operations (the hand-made ones of everyday/ have fields of their own and their own tests) */
const OPERATIONS = CATALOGUE.filter((op) => !(op.id in EVERYDAY));

/**
 * The query as the sandbox logs it: every value as text, lists as repeated names (a one-entry list
 * reads as its value), an object as `name[key]` entries (OpenAPI's deepObject style).
 */
function asReceived(qs: Record<string, unknown>): Record<string, unknown> {
	const text = (value: unknown) => (Array.isArray(value) ? (value.length === 1 ? String(value[0]) : value.map(String)) : String(value));
	return Object.fromEntries(
		Object.entries(qs).flatMap(([key, value]) =>
			value !== null && typeof value === 'object' && !Array.isArray(value)
				? Object.entries(value).map(([inner, innerValue]) => [`${key}[${inner}]`, text(innerValue)])
				: [[key, text(value)]],
		),
	);
}

// the everyday loop's hand-made operations (actions/platform2/everyday/) have fields of their own and tests of their own
test.each(OPERATIONS.filter((op) => !(op.id in EVERYDAY) && (!op.paging || op.paging.style === 'limitOnly')).map((op) => [op.id, op] as const))('%s sends what the catalogue describes', async (_id, op) => {
	const filled = filledOperation(op);
	const { error } = await p2.run(filled.parameters, { continueOnFail: true });
	expect(error).toBeUndefined();
	const received = p2.requests();
	expect(received).toHaveLength(1);
	expect(received[0]).toMatchObject({ method: op.method, path: `/api/v1${filled.path}` });
	const query = received[0].query as Record<string, unknown>;
	expect(query).toEqual(expect.objectContaining(asReceived(filled.qs)));
	if (filled.body !== undefined) expect(received[0].body).toEqual(filled.body);
});

test.each(OPERATIONS.filter((op) => op.paging && op.paging.style !== 'limitOnly').map((op) => [op.id, op] as const))('%s pages with the largest page it allows', async (_id, op) => {
	const filled = filledOperation(op);
	const { error } = await p2.run({ ...filled.parameters, returnAll: false, limit: 3 }, { continueOnFail: true });
	expect(error).toBeUndefined();
	const [first] = p2.requests();
	expect(first).toMatchObject({ method: 'GET', path: `/api/v1${filled.path}` });
	const limit = op.paging?.max === 0 ? {} : { limit: '3' };
	expect(first.query).toEqual(expect.objectContaining({ ...asReceived(filled.qs), ...limit }));
	if (op.paging?.style === 'offset') expect(first.query.offset).toBe('0');
});
