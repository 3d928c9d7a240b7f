/**
 * Assistant → Disable Inbound Webhook: posts disable-inbound-webhook and the URL set by Enable is
 * cleared; an unknown assistant is named.
 */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Assistant → Disable Inbound Webhook', () => {
	it('clears the inbound webhook URL (set by Enable Inbound Webhook)', async () => {
		expectOk(
			await t.run({
				resource: 'assistant',
				operation: 'enableInboundWebhook',
				assistantId: fromList(5),
				webhookUrl: 'https://n8n.example.com/webhook/inbound',
			}),
		);
		t.sb.clearRequests();
		const disabled = await t.run({ resource: 'assistant', operation: 'disableInboundWebhook', assistantId: byId(5) });
		expect(jsonOf(expectOk(disabled))).toEqual([
			{ assistant_id: 5, inbound_webhook_enabled: false, message: 'Inbound webhook disabled successfully' },
		]);
		expect(t.requests()[0]).toMatchObject({
			path: '/api/user/assistants/disable-inbound-webhook',
			body: { assistant_id: 5 },
		});
		expect(t.sb.store.assistants.find((a) => a.id === 5)?.inbound_webhook_url).toBeNull();
	});

	it('names the assistant on 404', async () => {
		const result = await t.run({ resource: 'assistant', operation: 'disableInboundWebhook', assistantId: byId(777) });
		expect(result.error?.message).toBe('Assistant 777 was not found');
	});
});
