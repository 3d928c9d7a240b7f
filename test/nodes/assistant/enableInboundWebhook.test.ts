/** Assistant → Enable Inbound Webhook: posts enable-inbound-webhook and the URL is set. */
import { expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Assistant → Enable Inbound Webhook', () => {
	it('sets the inbound webhook URL', async () => {
		const enabled = await t.run({
			resource: 'assistant',
			operation: 'enableInboundWebhook',
			assistantId: fromList(5),
			webhookUrl: 'https://n8n.example.com/webhook/inbound',
		});
		expect(jsonOf(expectOk(enabled))).toEqual([
			{
				assistant_id: 5,
				inbound_webhook_url: 'https://n8n.example.com/webhook/inbound',
				inbound_webhook_enabled: true,
				message: 'Webhook enabled successfully',
			},
		]);
		expect(t.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/user/assistants/enable-inbound-webhook',
			body: { assistant_id: 5, webhook_url: 'https://n8n.example.com/webhook/inbound' },
		});
		expect(t.sb.store.assistants.find((a) => a.id === 5)?.inbound_webhook_url).toBe(
			'https://n8n.example.com/webhook/inbound',
		);
	});
});
