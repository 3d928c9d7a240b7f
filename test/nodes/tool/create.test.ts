/** Tool → Create: POST /user/tools with every rule of the 2026 docs checked before sending. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

const SECRET = 'sk_live_do_not_show_1234';
const create = (overrides: Record<string, unknown> = {}) => ({
	resource: 'tool',
	operation: 'create',
	name: 'send_quote',
	description: 'Sends a price quote by email',
	endpoint: 'https://tools.example.com/quote',
	method: 'POST',
	...overrides,
});

describe('Tool → Create', () => {
	it('sends the tool with its timeout, headers and parameters; the output is the created record', async () => {
		const result = await t.run(
			create({
				additionalFields: {
					timeout: 20,
					headers: { header: [{ name: 'X-Api-Key', value: SECRET }] },
					parameters: {
						parameter: [
							{ name: 'email', type: 'string', description: 'Where to send the quote' },
							{ name: 'seats', type: 'number', description: 'How many seats' },
						],
					},
				},
			}),
		);
		const [item] = jsonOf(expectOk(result));
		const body = {
			name: 'send_quote',
			description: 'Sends a price quote by email',
			endpoint: 'https://tools.example.com/quote',
			method: 'POST',
			timeout: 20,
			headers: [{ name: 'X-Api-Key', value: SECRET }],
			schema: [
				{ name: 'email', type: 'string', description: 'Where to send the quote' },
				{ name: 'seats', type: 'number', description: 'How many seats' },
			],
		};
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/user/tools', body, status: 201 })]);
		expect(item).toMatchObject({ id: 4, ...body, message: 'Tool created successfully' });
		expect(t.sb.store.catalog.toolOf(t.sb.users.alice, 4)?.headers).toEqual([{ name: 'X-Api-Key', value: SECRET }]);
	});

	it('sends only the required fields when nothing else is added (the platform defaults the timeout to 10)', async () => {
		const [item] = jsonOf(expectOk(await t.run(create({ method: 'get' }))));
		expect(t.requests()[0].body).toEqual({ name: 'send_quote', description: 'Sends a price quote by email', endpoint: 'https://tools.example.com/quote', method: 'GET' });
		expect(item).toMatchObject({ timeout: 10, headers: [], schema: [] });
	});

	it.each([
		[{ name: '={{ "" }}' }, 'Name is required [item 0]'],
		[{ name: 'Send-Quote' }, 'Name must be lowercase letters and underscores, starting with a letter (got "Send-Quote") [item 0]'],
		[{ name: '_quote' }, 'Name must be lowercase letters and underscores, starting with a letter (got "_quote") [item 0]'],
		[{ description: 'x'.repeat(256) }, 'Description must be at most 255 characters (got 256) [item 0]'],
		[{ endpoint: 'ftp://files.example.com/x' }, 'Endpoint must be a valid http(s) URL (got "ftp://files.example.com/x") [item 0]'],
		[{ method: 'HEAD' }, 'Method must be one of GET, POST, PUT, PATCH, DELETE (got "HEAD") [item 0]'],
		[{ additionalFields: { timeout: 31 } }, 'Timeout (Seconds) must be between 1 and 30 seconds (got 31) [item 0]'],
		[{ additionalFields: { timeout: 2.5 } }, 'Timeout (Seconds) must be a whole number (got 2.5) [item 0]'],
		[{ additionalFields: { headers: { header: [{ name: '', value: SECRET }] } } }, 'Headers entry 1 has no name [item 0]'],
		[{ additionalFields: { headers: { header: [{ name: 'X-Ok', value: 'a' }, { name: 'X-Key', value: ' ' }] } } }, 'Headers entry 2 (X-Key) has no value [item 0]'],
		[{ additionalFields: { headers: { header: [{ name: 'X Key', value: SECRET }] } } }, 'Headers entry 1: "X Key" is not a header name (letters, digits and - _ . without spaces or colons) [item 0]'],
		[{ additionalFields: { parameters: { parameter: [{ name: 'a', type: 'string', description: 'One letter' }] } } }, 'Parameters entry 1: Name must be 2 to 32 letters or underscores, starting with a letter (got "a") [item 0]'],
		[{ additionalFields: { parameters: { parameter: [{ name: 'order_2', type: 'string', description: 'Has a digit' }] } } }, 'Parameters entry 1: Name must be 2 to 32 letters or underscores, starting with a letter (got "order_2") [item 0]'],
		[{ additionalFields: { parameters: { parameter: [{ name: 'x'.repeat(33), type: 'string', description: 'Too long' }] } } }, expect.stringMatching(/^Parameters entry 1: Name must be 2 to 32 letters/)],
		[{ additionalFields: { parameters: { parameter: [{ name: 'flag', type: 'bool', description: 'Post-call spelling' }] } } }, 'Parameters entry 1: Type must be one of string, number, boolean (got "bool") [item 0]'],
		[{ additionalFields: { parameters: { parameter: [{ name: 'day', type: 'string', description: 'ok' }] } } }, 'Parameters entry 1: Description must be 3 to 255 characters (got 2) [item 0]'],
		[{ additionalFields: { parameters: { parameter: [{ name: 'day', type: 'string', description: 'The day' }, { name: 'day', type: 'number', description: 'Again' }] } } }, 'Parameters entry 2: Name "day" is already used by another parameter [item 0]'],
	])('refuses %j before sending', async (overrides, message) => {
		const result = await t.run(create(overrides));
		expect(result.error?.message).toEqual(message);
		expect(t.requests()).toHaveLength(0);
	});

	it('never quotes a header value, not even in the details of the error', async () => {
		for (const header of [{ name: 'X Key', value: SECRET }, { name: '', value: SECRET }]) {
			const result = await t.run(create({ additionalFields: { headers: { header: [header] } } }));
			expect(JSON.stringify({ message: result.error?.message, description: (result.error as { description?: unknown }).description })).not.toContain(SECRET);
		}
	});

	it("passes on the platform's plan limit per item (a sixth tool), after the ones that fit", async () => {
		const result = await t.run(create({ name: '={{ $json.name }}' }), {
			items: [{ name: 'one' }, { name: 'two' }, { name: 'three' }, { name: 'four' }],
			continueOnFail: true,
		});
		const items = jsonOf(result.items);
		expect(items.slice(0, 3).map((item) => item.name)).toEqual(['one', 'two', 'three']);
		expect(items[3].error).toMatch(/^You have reached your plan limit of 5 mid call tools\. /);
		expect(t.requests().map((r) => r.status)).toEqual([201, 201, 201, 422]);
	});
});
