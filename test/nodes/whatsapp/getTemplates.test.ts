/** WhatsApp → Get Templates: the sender's templates; a foreign sender named (404); a bad ID refused. */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const wa = (operation: string, params: Record<string, unknown> = {}) => ({ resource: 'whatsapp', operation, ...params });

describe('WhatsApp → Get Templates', () => {
	it('Get Templates reads the sender\'s templates; a foreign sender is a 404 naming it; a bad ID is refused', async () => {
		const items = jsonOf(expectOk(await t.run(wa('getTemplates', { senderId: fromList(1), templateStatus: 'all' }))));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/whatsapp/senders/1/templates', query: { status: 'all' } });
		expect(items.map((x) => x.name)).toEqual(['order_update', 'welcome', 'spring_promo']);
		expect((await t.run(wa('getTemplates', { senderId: byId(3) }))).error?.message).toBe('WhatsApp sender 3 was not found');
		expect((await t.run(wa('getTemplates', { senderId: byId('x') }))).error?.message).toMatch(/A sender ID is a number, e.g. 3/);
	});
});
