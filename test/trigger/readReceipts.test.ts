/**
 * "WhatsApp Message Status" (the sender's read-receipts webhook, platform-facts-2026): through
 * n8n-core's WebhookContext and HookContext. A delivery runs the workflow once when its
 * X-Signature-256 is the HMAC of the exact bytes with the credential's signing secret, and never
 * when it is forged, unsigned, altered, replayed or behind the message's progress; activation asks
 * the platform nothing; the secret appears in no output.
 */
import { createHmac } from 'node:crypto';
import { NodeHelpers } from 'n8n-workflow';
import type { IDataObject, INode, INodeParameters, INodeProperties } from 'n8n-workflow';

import { VoiceAssistantApi } from '../../credentials/VoiceAssistantApi.credentials';
import { RecentMemory } from '../../nodes/VoiceAssistant/trigger/replays';
import { runWebhook, runWebhookMethod } from '../harness';
import type { RunWebhookResult } from '../harness';
import { useSandbox } from '../helpers/sandbox';
import type { VoiceAssistantTriggerVersion } from '../../nodes/VoiceAssistant/trigger/node';
import { VoiceAssistantTrigger, credentials, startReceiver } from './helpers';
import type { Receiver } from './helpers';

const sb = useSandbox({ callTiming: { stepMs: 5 }, resetReplays: true });

const SECRET = 'wrs_5f1c0d6e9a7b4c3d2e1f00112233445566778899aabbccdd';
const sign = (text: string | Buffer, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;
const withSecret = (secret = SECRET) => ({ ...credentials(sb), whatsappSigningSecret: secret });

function params(options: IDataObject = {}, extra: INodeParameters = {}): INodeParameters {
	return { event: 'whatsappMessageStatus', responseMode: 'onReceived', simplify: false, options, ...extra } as INodeParameters;
}

let nextId = 9000;
function receipt(overrides: IDataObject = {}): IDataObject {
	return {
		event: 'message_status',
		whatsapp_message_id: nextId++,
		message_sid: 'SM0123456789abcdef0123456789abcdef',
		meta_message_id: null,
		conversation_id: '3f0d8a52-1c1e-4b7a-9a55-2f6b1c0e7d11',
		assistant_id: '8c1a5b7e-0d2f-4e3a-b9c8-7a6f5e4d3c2b',
		sender: { id: 1, phone_number: '+4930555000101', display_name: 'Acme Support' },
		to: '+4917612345670',
		from: '+4930555000101',
		direction: 'outbound',
		status: 'delivered',
		error_code: null,
		error_message: null,
		error_description: null,
		timestamp: '2026-06-12T10:15:00+02:00',
		provider_timestamp: null,
		...overrides,
	};
}

interface DeliverOptions {
	/** the X-Signature-256 header; default: the right one; null: none */
	signature?: string | string[] | null;
	/** the bytes n8n received, when they differ from what was signed */
	rawBody?: string;
	mode?: 'webhook' | 'manual';
	parameters?: INodeParameters;
	secret?: string;
	typeVersion?: number;
}

async function deliver(body: IDataObject | string, opts: DeliverOptions = {}): Promise<RunWebhookResult> {
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	const signature = opts.signature === undefined ? sign(text) : opts.signature;
	return await runWebhook(VoiceAssistantTrigger, {
		parameters: opts.parameters ?? params(),
		credentials: withSecret(opts.secret),
		mode: opts.mode ?? 'webhook',
		typeVersion: opts.typeVersion,
		request: { method: 'POST', headers: signature === null ? {} : { 'X-Signature-256': signature }, body: text, ...(opts.rawBody !== undefined ? { rawBody: opts.rawBody } : {}) },
	});
}

const executed = (r: RunWebhookResult) => r.workflowData?.[0]?.map((item) => item.json) ?? [];
const skipped = (r: RunWebhookResult, reason: string) => {
	expect(r.workflowData).toBeUndefined();
	expect(r.webhookResponse).toEqual({ received: true, executed: false, reason });
};
const refused = (r: RunWebhookResult, status: number) => {
	expect(r.workflowData).toBeUndefined();
	expect([r.response.statusCode, r.response.ended]).toEqual([status, true]);
};

describe('WhatsApp Message Status: the signature', () => {
	it('a delivery signed over its exact bytes runs the workflow once, with the delivery as received', async () => {
		const body = receipt();
		// the platform's own serialisation: spacing and key order are not ours, the signature is over them
		const text = JSON.stringify(body, null, 1);
		const result = await deliver(text);
		expect(executed(result)).toEqual([body]);
		expect(result.webhookResponse).toEqual({ received: true });
		expect(sb.requests).toEqual([]);
	});

	it.each([
		['no header', null],
		['a forged signature', sign('something else')],
		['the signature of another secret', sign(JSON.stringify(receipt({ whatsapp_message_id: 1 })), 'wrs_another_secret')],
		['the hex without its prefix', 'a'.repeat(64)],
		['another algorithm', `sha1=${'a'.repeat(40)}`],
		['a header of another length', 'sha256=abc'],
		['an empty header', ''],
		['an extremely long header', `sha256=${'a'.repeat(100_000)}`],
	])('%s → 401, nothing runs, no exception', async (_label, signature) => {
		const result = await deliver(receipt({ whatsapp_message_id: 1 }), { signature });
		refused(result, 401);
		expect(result.response.body).toBe(JSON.stringify({ message: 'Missing or wrong signature' }));
	});

	it('uppercase hex, a repeated header and a wrong secret in the credential are refused', async () => {
		const text = JSON.stringify(receipt());
		refused(await deliver(text, { signature: `sha256=${sign(text).slice(7).toUpperCase()}` }), 401);
		refused(await deliver(text, { signature: [sign(text), sign(text)] }), 401);
		refused(await deliver(text, { secret: `${SECRET}x` }), 401);
		refused(await deliver(text, { secret: '' }), 401);
	});

	it('a body altered by one byte after signing is refused', async () => {
		const text = JSON.stringify(receipt({ status: 'read' }));
		const altered = text.replace('"read"', '"reaD"');
		expect(altered.length).toBe(text.length);
		refused(await deliver(text, { rawBody: altered }), 401);
		// whitespace counts too: the same JSON value, other bytes
		refused(await deliver(text, { rawBody: `${text} ` }), 401);
		expect(executed(await deliver(text))).toHaveLength(1);
	});

	it('a signed body that is no message status is answered 400 (malformed) or 200 (another event), and runs nothing', async () => {
		refused(await deliver('not json'), 400);
		refused(await deliver('[1,2]'), 400);
		refused(await deliver(receipt({ whatsapp_message_id: null })), 400);
		refused(await deliver(receipt({ whatsapp_message_id: '' })), 400);
		refused(await deliver(receipt({ status: 7 })), 400);
		skipped(await deliver(receipt({ event: 'analytics_report' })), 'not a message status');
	});
});

describe('WhatsApp Message Status: replays and order', () => {
	it('a replayed delivery starts nothing and is answered 200 so the platform stops retrying', async () => {
		const text = JSON.stringify(receipt({ whatsapp_message_id: 42, status: 'delivered' }));
		expect(executed(await deliver(text))).toHaveLength(1);
		for (let i = 0; i < 4; i++) skipped(await deliver(text), 'duplicate');
		// the platform's own retry of the same status, with a new timestamp: still the same news
		skipped(await deliver(receipt({ whatsapp_message_id: 42, status: 'delivered', timestamp: '2026-06-12T10:16:00+02:00' })), 'duplicate');
	});

	it('sent → delivered → read each run once; a delivered after read, or anything after failed, starts nothing', async () => {
		const statuses = async (id: number, list: string[]) => {
			const out: string[] = [];
			for (const status of list) out.push(executed(await deliver(receipt({ whatsapp_message_id: id, status })))[0]?.status as string ?? '-');
			return out;
		};
		expect(await statuses(100, ['sent', 'delivered', 'read'])).toEqual(['sent', 'delivered', 'read']);
		expect(await statuses(101, ['read', 'delivered', 'sent'])).toEqual(['read', '-', '-']);
		expect(await statuses(102, ['sent', 'failed', 'delivered', 'undelivered', 'read'])).toEqual(['sent', 'failed', '-', '-', '-']);
		expect(await statuses(103, ['delivered', 'sent'])).toEqual(['delivered', '-']);
		// a failure after read is news (the platform says so), then nothing more
		expect(await statuses(104, ['read', 'failed', 'undelivered'])).toEqual(['read', 'failed', '-']);
	});

	it('the answer to an out-of-order delivery says so', async () => {
		await deliver(receipt({ whatsapp_message_id: 110, status: 'read' }));
		skipped(await deliver(receipt({ whatsapp_message_id: 110, status: 'delivered' })), 'out of order');
	});

	it('the test URL and the production URL keep apart, as do different messages', async () => {
		const body = receipt({ whatsapp_message_id: 120, status: 'read' });
		expect(executed(await deliver(body))).toHaveLength(1);
		expect(executed(await deliver(body, { mode: 'manual' }))).toHaveLength(1);
		expect(executed(await deliver({ ...body, whatsapp_message_id: 121 }))).toHaveLength(1);
	});

	it('the memory is bounded: the newest 1,000 messages, 24 hours', () => {
		const memory = new RecentMemory<number>(1000);
		for (let id = 0; id < 5000; id++) memory.set(['scope', String(id)], 3, 1_000 + id);
		expect(memory.size).toBe(1000);
		expect(memory.get(['scope', '0'], 7000)).toBeUndefined();
		expect(memory.get(['scope', '4999'], 7000)).toBe(3);
		expect(memory.get(['scope', '4999'], 7000 + 24 * 3600 * 1000)).toBeUndefined();
		expect(memory.keyChars()).toBe(1000 * 44);
	});
});

describe('WhatsApp Message Status: test deliveries and filters', () => {
	const testDelivery = (overrides: IDataObject = {}) => receipt({ whatsapp_message_id: 123456789, to: '+15550000000', test: true, ...overrides });

	it('the active workflow drops the dashboard\'s test deliveries unless Include Test Deliveries is on', async () => {
		skipped(await deliver(testDelivery()), 'test delivery');
		const body = testDelivery();
		const include = params({ includeTestDeliveries: true });
		expect(executed(await deliver(body, { parameters: include }))).toEqual([body]);
		// a replay of those bytes is a replay; another click (another timestamp) is not
		skipped(await deliver(body, { parameters: include }), 'duplicate');
		expect(executed(await deliver(testDelivery({ timestamp: '2026-06-12T11:00:00+02:00' }), { parameters: include }))).toHaveLength(1);
	});

	it('while the editor listens, every test delivery runs, whatever the options: the button is how users try the trigger', async () => {
		const body = testDelivery({ status: 'read' });
		const options = params({ messageStatuses: ['failed'], sender: '99' });
		expect(executed(await deliver(body, { mode: 'manual', parameters: options }))).toEqual([body]);
		expect(executed(await deliver(body, { mode: 'manual', parameters: options }))).toEqual([body]);
		// but never an unsigned one
		refused(await deliver(body, { mode: 'manual', signature: null }), 401);
	});

	it('Message Statuses: other statuses are acknowledged and dropped; a late delivered still runs when read was not selected', async () => {
		const onlyRead = params({ messageStatuses: ['read'] });
		skipped(await deliver(receipt({ whatsapp_message_id: 200, status: 'delivered' }), { parameters: onlyRead }), 'message status not selected');
		expect(executed(await deliver(receipt({ whatsapp_message_id: 200, status: 'read' }), { parameters: onlyRead }))).toHaveLength(1);
		const onlyDelivered = params({ messageStatuses: ['delivered'] });
		skipped(await deliver(receipt({ whatsapp_message_id: 201, status: 'read' }), { parameters: onlyDelivered }), 'message status not selected');
		expect(executed(await deliver(receipt({ whatsapp_message_id: 201, status: 'delivered' }), { parameters: onlyDelivered }))).toHaveLength(1);
	});

	it('Sender: by ID or by number in any format; another sender is acknowledged and dropped', async () => {
		expect(executed(await deliver(receipt(), { parameters: params({ sender: '1' }) }))).toHaveLength(1);
		expect(executed(await deliver(receipt(), { parameters: params({ sender: '+49 30 555000101' }) }))).toHaveLength(1);
		skipped(await deliver(receipt(), { parameters: params({ sender: '2' }) }), 'sender not selected');
		skipped(await deliver(receipt(), { parameters: params({ sender: '+49 30 555000102' }) }), 'sender not selected');
	});
});

describe('WhatsApp Message Status: output, versions and the secret', () => {
	it('Simplify gives ten flat fields', async () => {
		const body = receipt({ status: 'failed', error_code: 63016, error_message: 'Message failed to send' });
		const [item] = executed(await deliver(body, { parameters: params({}, { simplify: true }) }));
		expect(item).toEqual({
			whatsapp_message_id: body.whatsapp_message_id,
			status: 'failed',
			to: '+4917612345670',
			from: '+4930555000101',
			conversation_id: body.conversation_id,
			assistant_id: body.assistant_id,
			error_code: 63016,
			error_message: 'Message failed to send',
			timestamp: body.timestamp,
			test: false,
		});
		expect(Object.keys(item).length).toBeLessThanOrEqual(10);
	});

	it.each([1, 2, 3])('works in version %i of the trigger', async (typeVersion) => {
		expect(executed(await deliver(receipt(), { typeVersion }))).toHaveLength(1);
		refused(await deliver(receipt(), { typeVersion, signature: null }), 401);
	});

	it('the signing secret is in no item, answer or error', async () => {
		const outputs: unknown[] = [];
		const body = receipt();
		for (const parameters of [params(), params({}, { simplify: true }), params({ includeTestDeliveries: true })]) {
			outputs.push(await deliver({ ...body, whatsapp_message_id: nextId++ }, { parameters }));
			outputs.push(await deliver(receipt({ test: true }), { parameters }));
		}
		outputs.push(await deliver(body, { signature: 'sha256=00' }), await deliver('not json'), await deliver(body), await deliver(body, { mode: 'manual' }));
		const text = JSON.stringify(outputs.map((r) => ({ ...(r as RunWebhookResult), staticData: undefined })));
		expect(text).toContain('whatsapp_message_id');
		expect(text).not.toContain(SECRET);
		expect(text).not.toContain(SECRET.slice(4, 20));
	});
});

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
				credentials: withSecret(opts.secret),
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
		await runWebhookMethod(VoiceAssistantTrigger, 'create', { parameters: callEnded, credentials: withSecret(), staticData });
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
