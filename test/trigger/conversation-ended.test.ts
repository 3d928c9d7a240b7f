/**
 * "Conversation Ended": activation registers the conversation-ended webhook, deactivation puts the
 * previous one back (or turns it off), and an ended conversation in the sandbox runs the workflow.
 */
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { lifecycle, parameters, startReceiver } from './helpers';
import type { Receiver } from './helpers';

const sb = useSandbox({ callTiming: { stepMs: 5 }, forgetProcessMemories: true });
let receiver: Receiver | undefined;
afterAll(async () => {
	await receiver?.close();
});

const SECRET_URL = /^http:\/\/localhost:5678\/webhook\/harness-webhook-id\/webhook\?secret=[0-9a-f]{64}$/;
const event = (overrides: IDataObject = {}) => parameters({ event: 'conversationEnded', ...overrides } as never);
const assistant = (id = 1) => sb.store.assistants.find((a) => a.id === id)!;
const posts = () => sb.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body]);

describe('Conversation Ended: activation and deactivation', () => {
	it('registers through enable-conversation-ended-webhook and turns it off again when nothing was set', async () => {
		const hooks = lifecycle(sb, event());
		expect(await hooks.run('checkExists')).toBe(false);
		expect(await hooks.run('create')).toBe(true);
		expect(assistant().conversation_ended_webhook_url).toMatch(SECRET_URL);
		expect(posts()).toEqual([['/api/user/assistants/enable-conversation-ended-webhook', { assistant_id: 1, webhook_url: assistant().conversation_ended_webhook_url }]]);
		expect(await hooks.run('checkExists')).toBe(true);
		// the post-call and inbound webhooks are not touched
		expect([assistant().webhook_url, assistant().inbound_webhook_url]).toEqual([null, null]);

		sb.clearRequests();
		expect(await hooks.run('delete')).toBe(true);
		expect(assistant().conversation_ended_webhook_url).toBeNull();
		expect(posts()).toEqual([['/api/user/assistants/disable-conversation-ended-webhook', { assistant_id: 1 }]]);
		expect(hooks.staticData).toEqual({});
	});

	it('puts a previous URL back by enabling it again', async () => {
		assistant().conversation_ended_webhook_url = 'https://crm.example.com/hooks/chat';
		const hooks = lifecycle(sb, event());
		await hooks.run('create');
		expect(assistant().conversation_ended_webhook_url).toMatch(SECRET_URL);
		await hooks.run('delete');
		expect(assistant().conversation_ended_webhook_url).toBe('https://crm.example.com/hooks/chat');
	});

	it('leaves a URL someone set meanwhile alone', async () => {
		const hooks = lifecycle(sb, event());
		await hooks.run('create');
		assistant().conversation_ended_webhook_url = 'https://someone.example.com/else';
		sb.clearRequests();
		await hooks.run('delete');
		expect(assistant().conversation_ended_webhook_url).toBe('https://someone.example.com/else');
		expect(posts()).toEqual([]);
	});

	it('when the assistant record does not show the URL, deactivation turns the notification off', async () => {
		// a deployment whose assistant record lacks the field (the sandbox's store sets it again on enable)
		delete assistant().conversation_ended_webhook_url;
		const hooks = lifecycle(sb, event());
		await hooks.run('create');
		delete assistant().conversation_ended_webhook_url;
		expect(await hooks.run('checkExists')).toBe(false); // nothing to compare: create registers again
		sb.clearRequests();
		await hooks.run('delete');
		expect(posts()).toEqual([['/api/user/assistants/disable-conversation-ended-webhook', { assistant_id: 1 }]]);
	});

	it('an unknown assistant fails activation', async () => {
		await expect(lifecycle(sb, event({}), undefined).run('create', { parameters: parameters({ event: 'conversationEnded' } as never, 999) })).rejects.toThrow(
			'Assistant 999 was not found',
		);
	});
});

describe('Conversation Ended: deliveries', () => {
	async function activate(nodeParameters = event()) {
		await receiver?.close();
		const staticData: IDataObject = {};
		receiver = await startReceiver(sb, staticData, nodeParameters);
		await lifecycle(sb, nodeParameters, { production: receiver.productionUrl }, staticData).run('create');
		return receiver;
	}

	async function endedConversation(type: 'widget' | 'whatsapp' = 'widget'): Promise<string> {
		if (type === 'whatsapp') return sb.simulateWhatsAppMessage({ senderId: 1, from: '+4915199990001', message: 'Danke!', name: 'Eva' });
		const c = sb.store.chat.open(1, 1, 'widget', { plan: 'pro' }, Date.now(), 'Hi, how can I help?');
		sb.store.chat.say(c, 'user', 'What does pro cost?');
		return c.uuid;
	}

	it('an ended conversation runs the workflow with the body as sent', async () => {
		const r = await activate();
		const id = await endedConversation();
		const result = await sb.simulateConversationEnd({ conversationId: id });
		expect(result.webhook_response?.status).toBe(200);
		expect(r.deliveries).toHaveLength(1);
		const items = r.deliveries[0].result?.workflowData?.[0] ?? [];
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual(r.deliveries[0].body);
		expect(items[0].json).toMatchObject({ conversation_id: id, status: 'ended', input_variables: { plan: 'pro' } });
	});

	it('Simplify: transcript as text, extracted variables, customer and sender', async () => {
		const r = await activate(event({ simplify: true }));
		const id = await endedConversation('whatsapp');
		await sb.simulateConversationEnd({ conversationId: id });
		expect(r.deliveries[0].result?.workflowData?.[0][0].json).toEqual({
			conversation_id: id,
			assistant_id: 1,
			type: 'whatsapp',
			status: 'ended',
			customer: { phone: '+4915199990001', name: 'Eva' },
			sender: { phone: '+4930555000101', name: 'Acme Support' },
			transcript: 'User: Danke!',
			extracted_variables: { status: 'completed', summary: 'The customer wrote 1 message(s).' },
			input_variables: {},
			ended_at: expect.any(String),
		});
	});

	it('Conversation Types filters; a wrong secret is refused; a replay runs nothing', async () => {
		const r = await activate(event({ options: { conversationTypes: ['whatsapp'] } }));
		await sb.simulateConversationEnd({ conversationId: await endedConversation('widget') });
		expect(r.deliveries[0].result?.workflowData).toBeUndefined();
		expect(r.deliveries[0].result?.webhookResponse).toEqual({ received: true, executed: false, reason: 'conversation type not selected' });

		await sb.simulateConversationEnd({ conversationId: await endedConversation('whatsapp') });
		expect(r.deliveries[1].result?.workflowData).toHaveLength(1);
		const { body, query } = r.deliveries[1];
		const again = await fetch(`${r.productionUrl}?secret=${query.secret}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
		expect(await again.json()).toEqual({ received: true, executed: false, reason: 'duplicate' });
		const forged = await fetch(`${r.productionUrl}?secret=${'0'.repeat(64)}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
		expect(forged.status).toBe(401);
	});

	it('a 2026 host names the assistant by UUID: the watched one runs, another one is refused', async () => {
		sb.setGeneration('2026', sb.users.alice);
		const r = await activate();
		const id = await endedConversation();
		await sb.simulateConversationEnd({ conversationId: id });
		expect(r.deliveries[0].body).toMatchObject({ assistant_id: assistant().uuid, conversation_id: id });
		expect(r.deliveries[0].result?.workflowData?.[0]).toHaveLength(1);

		const other = sb.store.assistants.find((a) => a.id !== 1)!;
		const { body, query } = r.deliveries[0];
		const elsewhere = { ...(body as IDataObject), conversation_id: '9d3c6f0e-1a2b-4c5d-8e9f-0a1b2c3d4e5f', assistant_id: other.uuid.toUpperCase() };
		const refused = await fetch(`${r.productionUrl}?secret=${query.secret}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(elsewhere) });
		expect(refused.status).toBe(401);
		expect(r.deliveries[1].result?.workflowData).toBeUndefined();
	});

	it('the registered URL is the trigger URL with a secret', async () => {
		await activate();
		expect(assistant().conversation_ended_webhook_url?.startsWith(`${receiver!.productionUrl}?secret=`)).toBe(true);
	});
});
