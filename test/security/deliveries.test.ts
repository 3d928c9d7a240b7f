/**
 * Issue #19, findings 6 and 9, on the trigger's webhook():
 * 6 — the replay memory kept every call id verbatim for 24 h (40 deliveries with 4 MiB call ids kept
 *     160 MiB): its keys are now SHA-256 hashes of scope + call id + status, in memory and in the
 *     static data n8n keeps in its database;
 * 9 — a delivery that carried the secret but named no call (a 1 MB JSON object) started a
 *     workflow: an event whose identifying fields are missing is answered 400 and never executed.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { isReplay } from '../../nodes/VoiceAssistant/trigger/replays';
import { useSandbox } from '../helpers/sandbox';
import { runWebhook } from '../harness';
import { PRODUCTION_URL, VoiceAssistantTrigger, credentials, lifecycle, memoryContext, parameters } from '../trigger/helpers';

const SECRET = /secret=([0-9a-f]{64})/;
const MIB = 1024 * 1024;

const sb = useSandbox({ quiet: true, forgetProcessMemories: true });

const EVENTS: Array<{ name: string; parameters: INodeParameters; assistantId: number; urlField: string }> = [
	{ name: 'Call Ended', parameters: parameters({ event: 'callEnded' }, 1), assistantId: 1, urlField: 'webhook_url' },
	{ name: 'Inbound Call Completed', parameters: parameters({ event: 'inboundCallCompleted' }, 2), assistantId: 2, urlField: 'inbound_webhook_url' },
	{ name: 'Conversation Ended', parameters: parameters({ event: 'conversationEnded' } as never, 1), assistantId: 1, urlField: 'conversation_ended_webhook_url' },
];

async function activate(nodeParameters: INodeParameters, assistantId: number, urlField: string) {
	const hooks = lifecycle(sb, nodeParameters, { production: PRODUCTION_URL });
	expect(await hooks.run('create')).toBe(true);
	const assistant = sb.store.assistants.find((a) => a.id === assistantId) as unknown as IDataObject;
	const secret = SECRET.exec(String(assistant[urlField] ?? ''))?.[1] ?? '';
	expect(secret).toMatch(/^[0-9a-f]{64}$/);
	return { staticData: hooks.staticData, secret };
}

async function deliver(nodeParameters: INodeParameters, staticData: IDataObject, secret: string, body: IDataObject) {
	return await runWebhook(VoiceAssistantTrigger, {
		parameters: nodeParameters,
		credentials: credentials(sb),
		staticData,
		webhookUrl: PRODUCTION_URL,
		request: { method: 'POST', query: { secret }, body },
	});
}

describe('finding 9: a delivery that names no call (or conversation) is answered 400 and never executed', () => {
	it.each(EVENTS)('$name: 8 deliveries of a 1 MB object without identifying fields', async ({ parameters: nodeParameters, assistantId, urlField }) => {
		const { staticData, secret } = await activate(nodeParameters, assistantId, urlField);
		for (let i = 0; i < 8; i++) {
			const result = await deliver(nodeParameters, staticData, secret, { assistant_id: assistantId, filler: 'x'.repeat(MIB), n: i });
			expect(result.workflowData).toBeUndefined();
			expect(result.response.statusCode).toBe(400);
			expect(JSON.stringify(result.response.body)).toMatch(/names no (call|conversation)/);
		}
	});

	it.each([
		['Call Ended, id', EVENTS[0], { id: 901, status: 'completed' }],
		['Call Ended, call_id', EVENTS[0], { call_id: 'c-9', status: 'completed' }],
		['Call Ended, call.id', EVENTS[0], { call: { id: 77 }, status: 'completed' }],
		['Inbound Call Completed, call_id', EVENTS[1], { call_id: 'in-1' }],
		['Inbound Call Completed, ringing call with only the numbers', EVENTS[1], { customer_phone: '+4917612345678', assistant_phone: '+4930123456' }],
		['Conversation Ended, conversation_id', EVENTS[2], { conversation_id: 'conv-1', type: 'whatsapp' }],
	])('still executed: %s', async (_name, event, body) => {
		const { staticData, secret } = await activate(event.parameters, event.assistantId, event.urlField);
		const result = await deliver(event.parameters, staticData, secret, body as IDataObject);
		expect(result.workflowData?.[0]).toHaveLength(1);
	});

	it('Inbound Call Completed without call id and without customer_phone is refused', async () => {
		const { parameters: nodeParameters, assistantId, urlField } = EVENTS[1];
		const { staticData, secret } = await activate(nodeParameters, assistantId, urlField);
		const result = await deliver(nodeParameters, staticData, secret, { assistant_phone: '+4930123456', status: 'completed' });
		expect(result.workflowData).toBeUndefined();
		expect(result.response.statusCode).toBe(400);
	});
});

describe('finding 6: replay keys are hashes, so long call ids do not stay in memory', () => {
	it('40 deliveries with 4 MiB call ids keep 40 fixed-size entries in the static data n8n stores', () => {
		const staticData: IDataObject = {};
		const ctx = memoryContext(staticData);
		for (let i = 0; i < 40; i++) {
			const callId = `${i}-${'9'.repeat(4 * MIB)}`;
			expect(isReplay(ctx, 'scope', { call_id: callId, status: 'completed' })).toBe(false);
		}
		expect(staticData.acceptedDeliveries).toHaveLength(40);
		expect(JSON.stringify(staticData).length).toBeLessThanOrEqual(40 * 64);
	});

	it('a replay is still recognised, and scope, call id and status still tell deliveries apart', () => {
		const ctx = memoryContext({});
		const callId = 'z'.repeat(MIB);
		expect(isReplay(ctx, 'a', { call_id: callId, status: 'completed' })).toBe(false);
		expect(isReplay(ctx, 'a', { call_id: callId, status: 'completed' })).toBe(true);
		expect(isReplay(ctx, 'b', { call_id: callId, status: 'completed' })).toBe(false);
		expect(isReplay(ctx, 'a', { call_id: callId, status: 'busy' })).toBe(false);
		expect(isReplay(ctx, 'a', { call_id: `${callId}x`, status: 'completed' })).toBe(false);
		// The separator cannot be forged: "a|b" + "c" is not "a" + "b|c".
		expect(isReplay(ctx, 's|1', { call_id: '2', status: 'x' })).toBe(false);
		expect(isReplay(ctx, 's', { call_id: '1|2', status: 'x' })).toBe(false);
	});
});
