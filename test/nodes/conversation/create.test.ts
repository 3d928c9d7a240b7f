/**
 * Conversation → Create: /conversations with assistant, type and variables, the greeting out; an
 * unknown type refused; status: false with HTTP 200 (inactive assistant) an error.
 */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const conv = (operation: string, params: Record<string, unknown> = {}) => ({ resource: 'conversation', operation, ...params });

describe('Conversation → Create', () => {
	it('posts /conversations with assistant, type and variables; outputs the greeting', async () => {
		const result = await t.run(conv('create', { assistantId: fromList(1), conversationType: 'test', variablesInput: 'json', variablesJson: '{"plan":"pro"}' }));
		const [item] = jsonOf(expectOk(result));
		expect(t.requests()[0]).toMatchObject({ method: 'POST', path: '/api/conversations', body: { assistant_id: 1, type: 'test', variables: { plan: 'pro' } } });
		expect(item).toMatchObject({ status: true, conversation_id: expect.stringMatching(/^[0-9a-f-]{36}$/), history: [{ role: 'assistant' }] });
	});

	it('refuses an unknown type', async () => {
		const result = await t.run(conv('create', { assistantId: byId(1), conversationType: 'whatsapp', variablesInput: 'none' }));
		expect(result.error?.message).toBe('Type must be one of widget, test (got "whatsapp") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it('status: false with HTTP 200 (inactive assistant) is an error', async () => {
		const result = await t.run(conv('create', { assistantId: byId(4), variablesInput: 'none' }));
		expect(result.error?.message).toBe('The platform did not create the conversation: The assistant is not active');
	});
});
