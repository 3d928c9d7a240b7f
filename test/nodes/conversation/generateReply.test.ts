/**
 * Conversation → Generate AI Reply: /ai/generate-reply (not under /user) with identifier, message and
 * variables; a blank message refused before sending; success: false with HTTP 200 an item error.
 */
import { SIMULATE_FAILURE } from '../../../sandbox';
import { byId, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const conv = (operation: string, params: Record<string, unknown> = {}) => ({ resource: 'conversation', operation, ...params });

describe('Conversation → Generate AI Reply', () => {
	it('posts /ai/generate-reply (not under /user) with the identifier, message and variables', async () => {
		const result = await t.run(
			conv('generateReply', {
				assistantId: byId(1),
				customerIdentifier: ' ada@example.com ',
				message: 'Where is my order?',
				variablesInput: 'pairs',
				variables: { pairs: [{ name: 'order', value: '42' }] },
			}),
		);
		const [item] = jsonOf(expectOk(result));
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/ai/generate-reply',
			body: { assistant_id: 1, customer_identifier: 'ada@example.com', message: 'Where is my order?', variables: { order: '42' } },
		});
		expect(Object.keys(t.requests()[0].body as object).sort()).toEqual(['assistant_id', 'customer_identifier', 'message', 'variables']);
		expect(item).toMatchObject({ success: true, reply: expect.stringContaining('Where is my order?'), conversation_id: expect.any(String) });
	});

	it('refuses a blank message before sending', async () => {
		const result = await t.run(conv('generateReply', { assistantId: byId(1), customerIdentifier: 'x', message: '  ', variablesInput: 'none' }));
		expect(result.error?.message).toBe('Message is required [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it('success: false with HTTP 200 is an item error naming the reason', async () => {
		const result = await t.run(
			conv('generateReply', { assistantId: byId(1), customerIdentifier: 'x', message: `${SIMULATE_FAILURE} hi`, variablesInput: 'none' }),
			{ continueOnFail: true },
		);
		expect(jsonOf(expectOk(result))[0].error).toBe('The platform did not generate a reply: The AI provider did not answer (AI_PROVIDER_ERROR)');
	});
});
