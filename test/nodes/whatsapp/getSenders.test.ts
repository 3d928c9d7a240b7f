/** WhatsApp → Get Senders: status sent, one item per sender; a bad status refused, an unreadable answer an error. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const wa = (operation: string, params: Record<string, unknown> = {}) => ({ resource: 'whatsapp', operation, ...params });

describe('WhatsApp → Get Senders', () => {
	it('Get Senders sends status and outputs one item per sender', async () => {
		const items = jsonOf(expectOk(await t.run(wa('getSenders', { senderStatus: 'all' }))));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/whatsapp/senders', query: { status: 'all' } });
		expect(items.map((s) => s.display_name)).toEqual(['Acme Support', 'Acme Sales']);
		expect(jsonOf(expectOk(await t.run(wa('getSenders'))))).toHaveLength(1);
	});

	it('Get Senders: a bad status is refused; an unreadable answer is an error', async () => {
		expect((await t.run(wa('getSenders', { senderStatus: 'busy' }))).error?.message).toBe('Status must be one of online, all (got "busy") [item 0]');
		t.sb.setFaults([{ kind: 'malformed-json', match: { path: '/user/whatsapp/senders' } }]);
		expect((await t.run(wa('getSenders'))).error).toBeDefined();
	});
});
