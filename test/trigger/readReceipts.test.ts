/**
 * "WhatsApp Message Status" (the sender's read-receipts webhook, docs/platform-facts.md, "WhatsApp read receipts") through
 * n8n-core's WebhookContext: a delivery runs the workflow once when its X-Signature-256 is the HMAC
 * of the exact bytes with the credential's signing secret, and never when it is forged, unsigned,
 * altered, replayed or behind the message's progress; test deliveries and filters; the secret in no
 * output. Editor, activation and the sandbox's deliveries: readReceipts-setup.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { RecentMemory, forgetProcessMemories } from '../../nodes/VoiceAssistant/trigger/recentMemory';
import type { RunWebhookResult } from '../harness';
import { useSandbox } from '../helpers/sandbox';
import { SECRET, deliver, executed, freshId, params, receipt, refused, sign, skipped } from './readReceiptsHelpers';

const sb = useSandbox({ forgetProcessMemories: true });

describe('WhatsApp Message Status: the signature', () => {
	it('a delivery signed over its exact bytes runs the workflow once, with the delivery as received', async () => {
		const body = receipt();
		// the platform's own serialisation: spacing and key order are not ours, the signature is over them
		const text = JSON.stringify(body, null, 1);
		const result = await deliver(sb, text);
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
		const result = await deliver(sb, receipt({ whatsapp_message_id: 1 }), { signature });
		refused(result, 401);
		expect(result.response.body).toBe(JSON.stringify({ message: 'Missing or wrong signature' }));
	});

	it('uppercase hex, a repeated header and a wrong secret in the credential are refused', async () => {
		const text = JSON.stringify(receipt());
		refused(await deliver(sb, text, { signature: `sha256=${sign(text).slice(7).toUpperCase()}` }), 401);
		refused(await deliver(sb, text, { signature: [sign(text), sign(text)] }), 401);
		// a secret read from the credential is kept for 30 s (trigger/credentialSecret.ts): a credential
		// that holds another secret from the start, as a fresh n8n process reads it
		forgetProcessMemories();
		refused(await deliver(sb, text, { secret: `${SECRET}x` }), 401);
		refused(await deliver(sb, text, { secret: '' }), 401);
	});

	it('a body altered by one byte after signing is refused', async () => {
		const text = JSON.stringify(receipt({ status: 'read' }));
		const altered = text.replace('"read"', '"reaD"');
		expect(altered.length).toBe(text.length);
		refused(await deliver(sb, text, { rawBody: altered }), 401);
		// whitespace counts too: the same JSON value, other bytes
		refused(await deliver(sb, text, { rawBody: `${text} ` }), 401);
		expect(executed(await deliver(sb, text))).toHaveLength(1);
	});

	it('a signed body that is no message status is answered 400 (malformed) or 200 (another event), and runs nothing', async () => {
		refused(await deliver(sb, 'not json'), 400);
		refused(await deliver(sb, '[1,2]'), 400);
		refused(await deliver(sb, receipt({ whatsapp_message_id: null })), 400);
		refused(await deliver(sb, receipt({ whatsapp_message_id: '' })), 400);
		refused(await deliver(sb, receipt({ status: 7 })), 400);
		skipped(await deliver(sb, receipt({ event: 'analytics_report' })), 'not a message status');
	});
});

describe('WhatsApp Message Status: replays and order', () => {
	it('a replayed delivery starts nothing and is answered 200 so the platform stops retrying', async () => {
		const text = JSON.stringify(receipt({ whatsapp_message_id: 42, status: 'delivered' }));
		expect(executed(await deliver(sb, text))).toHaveLength(1);
		for (let i = 0; i < 4; i++) skipped(await deliver(sb, text), 'duplicate');
		// the platform's own retry of the same status, with a new timestamp: still the same news
		skipped(await deliver(sb, receipt({ whatsapp_message_id: 42, status: 'delivered', timestamp: '2026-06-12T10:16:00+02:00' })), 'duplicate');
	});

	it('sent → delivered → read each run once; a delivered after read, or anything after failed, starts nothing', async () => {
		const statuses = async (id: number, list: string[]) => {
			const out: string[] = [];
			for (const status of list) out.push(executed(await deliver(sb, receipt({ whatsapp_message_id: id, status })))[0]?.status as string ?? '-');
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
		await deliver(sb, receipt({ whatsapp_message_id: 110, status: 'read' }));
		skipped(await deliver(sb, receipt({ whatsapp_message_id: 110, status: 'delivered' })), 'out of order');
	});

	it('the test URL and the production URL keep apart, as do different messages', async () => {
		const body = receipt({ whatsapp_message_id: 120, status: 'read' });
		expect(executed(await deliver(sb, body))).toHaveLength(1);
		expect(executed(await deliver(sb, body, { mode: 'manual' }))).toHaveLength(1);
		expect(executed(await deliver(sb, { ...body, whatsapp_message_id: 121 }))).toHaveLength(1);
	});

	it('the memory is bounded: the newest 1,000 messages, 24 hours', () => {
		const memory = new RecentMemory<number>(1000);
		for (let id = 0; id < 5000; id++) memory.set(['scope', String(id)], 3, 1_000 + id);
		expect(memory.size).toBe(1000);
		expect(memory.get(['scope', '0'], 7000)).toBeUndefined();
		expect(memory.get(['scope', '4999'], 7000)).toBe(3);
		expect(memory.get(['scope', '4999'], 7000 + 24 * 3600 * 1000)).toBeUndefined();
		expect(memory.keyChars()).toBe(1000 * 22);
	});
});

describe('WhatsApp Message Status: test deliveries and filters', () => {
	const testDelivery = (overrides: IDataObject = {}) => receipt({ whatsapp_message_id: 123456789, to: '+15550000000', test: true, ...overrides });

	it('the active workflow drops the dashboard\'s test deliveries unless Include Test Deliveries is on', async () => {
		skipped(await deliver(sb, testDelivery()), 'test delivery');
		const body = testDelivery();
		const include = params({ includeTestDeliveries: true });
		expect(executed(await deliver(sb, body, { parameters: include }))).toEqual([body]);
		// a replay of those bytes is a replay; another click (another timestamp) is not
		skipped(await deliver(sb, body, { parameters: include }), 'duplicate');
		expect(executed(await deliver(sb, testDelivery({ timestamp: '2026-06-12T11:00:00+02:00' }), { parameters: include }))).toHaveLength(1);
	});

	it('while the editor listens, every test delivery runs, whatever the options: the button is how users try the trigger', async () => {
		const body = testDelivery({ status: 'read' });
		const options = params({ messageStatuses: ['failed'], sender: '99' });
		expect(executed(await deliver(sb, body, { mode: 'manual', parameters: options }))).toEqual([body]);
		expect(executed(await deliver(sb, body, { mode: 'manual', parameters: options }))).toEqual([body]);
		// but never an unsigned one
		refused(await deliver(sb, body, { mode: 'manual', signature: null }), 401);
	});

	it('Message Statuses: other statuses are acknowledged and dropped; a late delivered still runs when read was not selected', async () => {
		const onlyRead = params({ messageStatuses: ['read'] });
		skipped(await deliver(sb, receipt({ whatsapp_message_id: 200, status: 'delivered' }), { parameters: onlyRead }), 'message status not selected');
		expect(executed(await deliver(sb, receipt({ whatsapp_message_id: 200, status: 'read' }), { parameters: onlyRead }))).toHaveLength(1);
		const onlyDelivered = params({ messageStatuses: ['delivered'] });
		skipped(await deliver(sb, receipt({ whatsapp_message_id: 201, status: 'read' }), { parameters: onlyDelivered }), 'message status not selected');
		expect(executed(await deliver(sb, receipt({ whatsapp_message_id: 201, status: 'delivered' }), { parameters: onlyDelivered }))).toHaveLength(1);
	});

	it('Sender: by ID or by number in any format; another sender is acknowledged and dropped', async () => {
		expect(executed(await deliver(sb, receipt(), { parameters: params({ sender: '1' }) }))).toHaveLength(1);
		expect(executed(await deliver(sb, receipt(), { parameters: params({ sender: '+49 30 555000101' }) }))).toHaveLength(1);
		skipped(await deliver(sb, receipt(), { parameters: params({ sender: '2' }) }), 'sender not selected');
		skipped(await deliver(sb, receipt(), { parameters: params({ sender: '+49 30 555000102' }) }), 'sender not selected');
	});
});

describe('WhatsApp Message Status: output, versions and the secret', () => {
	it('Simplify gives ten flat fields', async () => {
		const body = receipt({ status: 'failed', error_code: 63016, error_message: 'Message failed to send' });
		const [item] = executed(await deliver(sb, body, { parameters: params({}, { simplify: true }) }));
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
		expect(executed(await deliver(sb, receipt(), { typeVersion }))).toHaveLength(1);
		refused(await deliver(sb, receipt(), { typeVersion, signature: null }), 401);
	});

	it('the signing secret is in no item, answer or error', async () => {
		const outputs: unknown[] = [];
		const body = receipt();
		for (const parameters of [params(), params({}, { simplify: true }), params({ includeTestDeliveries: true })]) {
			outputs.push(await deliver(sb, { ...body, whatsapp_message_id: freshId() }, { parameters }));
			outputs.push(await deliver(sb, receipt({ test: true }), { parameters }));
		}
		outputs.push(await deliver(sb, body, { signature: 'sha256=00' }), await deliver(sb, 'not json'), await deliver(sb, body), await deliver(sb, body, { mode: 'manual' }));
		const text = JSON.stringify(outputs.map((r) => ({ ...(r as RunWebhookResult), staticData: undefined })));
		expect(text).toContain('whatsapp_message_id');
		expect(text).not.toContain(SECRET);
		expect(text).not.toContain(SECRET.slice(4, 20));
	});
});
