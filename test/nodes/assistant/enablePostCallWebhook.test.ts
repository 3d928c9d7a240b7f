/** Assistant → Enable Post-Call Webhook: posts enable-webhook {assistant_id, webhook_url}; the URL is checked first. */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Assistant → Enable Post-Call Webhook', () => {
	it('posts enable-webhook {assistant_id, webhook_url}', async () => {
		const url = 'https://hooks.example.com/calls?secret=abc';
		const on = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'enablePostCallWebhook', assistantId: fromList(3), webhookUrl: url })));
		expect(on).toEqual([{ assistant_id: 3, webhook_url: url, is_webhook_active: true, message: 'Webhook enabled successfully' }]);
		expect(t.requests()[0]).toMatchObject({ method: 'POST', path: '/api/user/assistants/enable-webhook', body: { assistant_id: 3, webhook_url: url } });
		expect(t.sb.store.assistants.find((a) => a.id === 3)).toMatchObject({ webhook_url: url, is_webhook_active: true });
	});

	it('checks the URL before sending', async () => {
		const result = await t.run({ resource: 'assistant', operation: 'enablePostCallWebhook', assistantId: byId(3), webhookUrl: 'ftp://x' });
		expect(result.error?.message).toBe('Webhook URL must be a valid http(s) URL (got "ftp://x") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});
});
