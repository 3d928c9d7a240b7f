/**
 * Assistant → Update: only the changed fields to PUT /user/assistant/{id}, explicit nulls to remove
 * the phone number and the webhook, the post-call webhook turned on, an unknown assistant named.
 */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Assistant → Update', () => {
	it('sends only the changed fields to PUT /user/assistant/{id} (assistant picked from the list)', async () => {
		const result = await t.run({
			resource: 'assistant',
			operation: 'update',
			assistantId: fromList(2),
			updateFields: { name: 'Reception (new)', speechSpeed: 0.9, recordCall: true },
		});
		const [item] = jsonOf(expectOk(result));
		const [request] = t.requests();
		expect(request).toMatchObject({ method: 'PUT', path: '/api/user/assistant/2', status: 200 });
		expect(request.body).toEqual({ assistant_name: 'Reception (new)', name: 'Reception (new)', speech_speed: 0.9, record_call: true });
		expect(item).toMatchObject({ id: 2, name: 'Reception (new)', type: 'inbound' });
		expect(t.sb.store.assistants.find((a) => a.id === 2)).toMatchObject({ speech_speed: '0.90', record: true });
	});

	it('removes the phone number and the webhook with explicit nulls', async () => {
		const assistant = t.sb.store.assistants.find((a) => a.id === 1)!;
		assistant.webhook_url = 'https://example.com/old';
		assistant.is_webhook_active = true;
		expect(assistant.phone_number_id).not.toBeNull();
		const result = await t.run({
			resource: 'assistant',
			operation: 'update',
			assistantId: byId(1),
			updateFields: { phoneNumberId: 'remove', removeWebhook: true },
		});
		expectOk(result);
		expect(t.requests()[0].body).toEqual({ phone_number_id: null, webhook_url: null, is_webhook_active: false });
		expect(assistant).toMatchObject({ phone_number_id: null, webhook_url: null, is_webhook_active: false });
	});

	it('turns the post-call webhook on with a URL', async () => {
		expectOk(
			await t.run({
				resource: 'assistant',
				operation: 'update',
				assistantId: byId(3),
				updateFields: { isWebhookActive: true, webhookUrl: 'https://n8n.example.com/webhook/abc' },
			}),
		);
		expect(t.sb.store.assistants.find((a) => a.id === 3)).toMatchObject({
			is_webhook_active: true,
			webhook_url: 'https://n8n.example.com/webhook/abc',
		});
	});

	it('names the assistant when the platform answers 404', async () => {
		const result = await t.run({
			resource: 'assistant',
			operation: 'update',
			assistantId: byId(9999),
			updateFields: { name: 'x' },
		});
		expect(result.error?.message).toBe('Assistant 9999 was not found');
		expect(t.requests()).toHaveLength(1);
	});
});
