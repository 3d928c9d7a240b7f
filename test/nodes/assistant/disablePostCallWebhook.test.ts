/** Assistant → Disable Post-Call Webhook: posts disable-webhook {assistant_id}; the webhook set by Enable is off. */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Assistant → Disable Post-Call Webhook', () => {
	it('posts disable-webhook {assistant_id} (after Enable Post-Call Webhook)', async () => {
		const url = 'https://hooks.example.com/calls?secret=abc';
		expectOk(await t.run({ resource: 'assistant', operation: 'enablePostCallWebhook', assistantId: fromList(3), webhookUrl: url }));
		t.sb.clearRequests();
		const off = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'disablePostCallWebhook', assistantId: byId(3) })));
		expect(off).toEqual([{ assistant_id: 3, is_webhook_active: false, message: 'Webhook disabled successfully' }]);
		expect(t.requests()[0]).toMatchObject({ path: '/api/user/assistants/disable-webhook', body: { assistant_id: 3 } });
		expect(t.sb.store.assistants.find((a) => a.id === 3)).toMatchObject({ webhook_url: null, is_webhook_active: false });
	});
});
