/**
 * Conversation → Get Many: next_cursor walked for Return All, filters as query parameters (numbers in
 * E.164), Limit asking for no more than needed, a bad phone filter and an unreadable answer.
 */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const conv = (operation: string, params: Record<string, unknown> = {}) => ({ resource: 'conversation', operation, ...params });

describe('Conversation → Get Many', () => {
	it('walks next_cursor for Return All (100 per page), every record once', async () => {
		for (let i = 0; i < 130; i++) t.sb.store.chat.open(1, 3, 'widget', {});
		try {
			const all = jsonOf(expectOk(await t.run(conv('getMany', { returnAll: true }))));
			const mine = t.sb.store.chat.conversations.filter((c) => c.user_id === 1);
			expect(all).toHaveLength(mine.length);
			expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
			expect(t.requests().map((r) => [r.query.per_page, r.query.cursor === undefined])).toEqual([
				['100', true],
				['100', false],
			]);
		} finally {
			t.sb.reset();
		}
	});

	it('sends the filters as query parameters (numbers in E.164)', async () => {
		const result = await t.run(
			conv('getMany', {
				returnAll: true,
				defaultCountry: 'DE',
				filters: { type: 'whatsapp', assistantId: 1, customerPhone: '0151 12345670', whatsappSenderPhone: '+49 30 555000101', externalIdentifier: ' ' },
			}),
		);
		const items = jsonOf(expectOk(result));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/conversations' });
		expect(t.requests()[0].query).toEqual({ type: 'whatsapp', assistant_id: '1', customer_phone: '+4915112345670', whatsapp_sender_phone: '+4930555000101', per_page: '100' });
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ customer: { name: 'Jonas Weber', phone: '+4915112345670' } });
	});

	it('Limit asks for no more than it needs and follows the cursor until it has them', async () => {
		const items = jsonOf(expectOk(await t.run(conv('getMany', { returnAll: false, limit: 3 }))));
		expect(items).toHaveLength(3);
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0].query).toEqual({ per_page: '3' });
	});

	it('refuses a bad phone filter; an unreadable answer is an error', async () => {
		const bad = await t.run(conv('getMany', { returnAll: true, filters: { customerPhone: 'call me' } }));
		expect(bad.error?.message).toMatch(/^Customer Phone "call me"/);
		t.sb.setFaults([{ kind: 'malformed-json', match: { path: '/user/conversations' } }]);
		try {
			const result = await t.run(conv('getMany', { returnAll: true }));
			expect(result.error?.message).toMatch(/not JSON|could not be read|unreadable/i);
		} finally {
			t.sb.setFaults([]);
		}
	});
});
