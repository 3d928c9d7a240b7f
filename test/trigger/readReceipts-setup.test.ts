/**
 * "WhatsApp Message Status": what the editor shows (versions 1 to 3), activation that asks the
 * platform nothing, and the sandbox platform's signed deliveries end to end (sent → delivered → read
 * after a template send, another secret refused and not retried, the dashboard's test button).
 */
import { NodeHelpers } from 'n8n-workflow';
import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import { VoiceAssistantApi } from '../../credentials/VoiceAssistantApi.credentials';
import type { VoiceAssistantTriggerVersion } from '../../nodes/VoiceAssistant/trigger/node';
import { runWebhookMethod } from '../harness';
import { useSandbox } from '../helpers/sandbox';
import { VoiceAssistantTrigger, credentials, startReceiver } from './helpers';
import type { Receiver } from './helpers';
import { SECRET, params, withSecret } from './readReceiptsHelpers';

const sb = useSandbox({ callTiming: { stepMs: 5 }, forgetProcessMemories: true });

describe('WhatsApp Message Status: the editor', () => {
	const versioned = new VoiceAssistantTrigger();
	it.each([1, 2, 3])('version %i: no assistant, the notice with where to paste URL and secret, its own options, Respond Immediately', (version) => {
		const description = (versioned.getNodeType(version) as VoiceAssistantTriggerVersion).description;
		const node = { parameters: {}, typeVersion: version } as unknown as INode;
		const shown = NodeHelpers.getNodeParameters(description.properties, { event: 'whatsappMessageStatus' }, true, false, node, description) as IDataObject;
		expect(shown).not.toHaveProperty('assistantId');
		expect(shown).toMatchObject({ event: 'whatsappMessageStatus', responseMode: 'onReceived', simplify: false });
		const notice = description.properties.find((p) => p.name === 'readReceiptsNotice');
		expect(notice?.displayName).toMatch(/registers nothing.*Production URL.*Test URL.*signing secret.*WhatsApp Read Receipts Signing Secret/);
		expect(NodeHelpers.displayParameter({ event: 'whatsappMessageStatus' }, notice as INodeProperties, node, description)).toBe(true);
		expect(NodeHelpers.displayParameter({ event: 'callEnded' }, notice as INodeProperties, node, description)).toBe(false);
		const options = (description.properties.find((p) => p.name === 'options')?.options ?? []) as INodeProperties[];
		const visible = options.filter((o) => NodeHelpers.displayParameterPath({ event: 'whatsappMessageStatus', options: {} }, o, 'options', node, description)).map((o) => o.name);
		expect(visible).toEqual(['includeTestDeliveries', 'messageStatuses', 'sender']);
		const statuses = options.find((o) => o.name === 'messageStatuses') as { options: Array<{ value: string }> };
		expect(statuses.options.map((o) => o.value).sort()).toEqual(['delivered', 'failed', 'read', 'sent', 'undelivered']);
		expect(description.subtitle).toContain('WhatsApp Message Status');
	});

	it('the secret lives in the credential as a password field, not in the workflow', () => {
		const description = (versioned.getNodeType(3) as VoiceAssistantTriggerVersion).description;
		expect(JSON.stringify(description.properties)).not.toMatch(/"password":true/);
		const field = new VoiceAssistantApi().properties.find((p) => p.name === 'whatsappSigningSecret');
		expect(field).toMatchObject({ type: 'string', typeOptions: { password: true }, default: '' });
		expect(field?.required).toBeFalsy();
	});
});

describe('WhatsApp Message Status: activation', () => {
	const hook = async (method: 'checkExists' | 'create' | 'delete', opts: { secret?: string; staticData?: IDataObject; mode?: 'trigger' | 'manual' } = {}) =>
		(
			await runWebhookMethod(VoiceAssistantTrigger, method, {
				parameters: params(),
				credentials: withSecret(sb, opts.secret),
				staticData: opts.staticData ?? {},
				mode: opts.mode,
			})
		).result;

	it('asks the platform nothing: there is no API for this webhook', async () => {
		for (const mode of ['trigger', 'manual'] as const) {
			const staticData: IDataObject = {};
			expect(await hook('checkExists', { staticData, mode })).toBe(true);
			expect(await hook('create', { staticData, mode })).toBe(true);
			expect(await hook('delete', { staticData, mode })).toBe(true);
			expect(staticData).toEqual({});
		}
		expect(sb.requests).toEqual([]);
	});

	it('refuses to activate without the signing secret, naming the field, without asking the platform', async () => {
		for (const method of ['checkExists', 'create'] as const) {
			const error = await hook(method, { secret: '  ' }).then(() => undefined, (e: Error & { description?: string }) => e);
			expect(error?.message).toBe('The credential has no WhatsApp Read Receipts Signing Secret');
			expect(error?.description).toContain('read-receipts webhook');
		}
		expect(sb.requests).toEqual([]);
	});

	it('a node that watched an assistant before hands its webhook back when switched to read receipts', async () => {
		const staticData: IDataObject = {};
		const callEnded = { event: 'callEnded', assistantId: { __rl: true, mode: 'id', value: '1' }, responseMode: 'onReceived', options: {} };
		await runWebhookMethod(VoiceAssistantTrigger, 'create', { parameters: callEnded, credentials: withSecret(sb), staticData });
		expect(sb.store.assistants.find((a) => a.id === 1)?.webhook_url).toContain('/webhook?secret=');
		expect(await hook('checkExists', { staticData })).toBe(false);
		expect(await hook('create', { staticData })).toBe(true);
		expect(sb.store.assistants.find((a) => a.id === 1)?.webhook_url).toBeNull();
		expect(staticData).toEqual({});
	});
});

describe('WhatsApp Message Status: with the sandbox platform', () => {
	let receiver: Receiver;
	afterEach(async () => {
		await receiver?.close();
	});

	it('a template send → sent, delivered, read: three executions in order; a late or replayed receipt, none', async () => {
		receiver = await startReceiver(sb, {}, params());
		const secret = sb.configureReadReceipts({ senderId: 1, url: receiver.productionUrl, retryDelaysMs: [10, 10, 10] }) as string;
		receiver.credentials = { ...credentials(sb), whatsappSigningSecret: secret };
		const res = await fetch(`${sb.baseUrl}/user/whatsapp/send`, {
			method: 'POST',
			headers: { Authorization: `Bearer ${sb.tokens.alice}`, 'Content-Type': 'application/json' },
			body: JSON.stringify({ sender_id: 1, template_id: 2, recipient_phone: '+4917612345670' }),
		});
		const sent = (await res.json()) as { message_id: number };
		await sb.waitForIdle();
		const runs = receiver.deliveries.filter((d) => d.result?.workflowData).map((d) => d.result?.workflowData?.[0][0].json);
		expect(runs.map((r) => [r?.whatsapp_message_id, r?.status])).toEqual([
			[sent.message_id, 'sent'],
			[sent.message_id, 'delivered'],
			[sent.message_id, 'read'],
		]);
		expect(await sb.sendReadReceipt({ senderId: 1, whatsappMessageId: sent.message_id, status: 'delivered' })).toEqual({ status: 'delivered', attempts: [200] });
		expect(await sb.sendReadReceipt({ senderId: 1, whatsappMessageId: sent.message_id, status: 'read' })).toEqual({ status: 'read', attempts: [200] });
		expect(receiver.deliveries.filter((d) => d.result?.workflowData)).toHaveLength(3);
	});

	it('signed with another secret: 401, which the platform does not retry; the dashboard\'s test button works while the editor listens', async () => {
		receiver = await startReceiver(sb, {}, params());
		sb.configureReadReceipts({ senderId: 1, url: receiver.productionUrl, retryDelaysMs: [10, 10, 10] });
		receiver.credentials = { ...credentials(sb), whatsappSigningSecret: SECRET };
		expect(await sb.sendReadReceipt({ senderId: 1, status: 'read' })).toEqual({ status: 'read', attempts: [401] });

		const secret = sb.configureReadReceipts({ senderId: 1, url: receiver.testUrl }) as string;
		receiver.credentials = { ...credentials(sb), whatsappSigningSecret: secret };
		expect(await sb.sendReadReceipt({ senderId: 1, test: true })).toEqual({ status: 'delivered', attempts: [200] });
		const last = receiver.deliveries.at(-1);
		expect([last?.mode, last?.result?.workflowData?.[0][0].json.test]).toEqual(['manual', true]);
	});
});
