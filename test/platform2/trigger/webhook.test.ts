/**
 * The trigger on a Platform 2.0 account (version 5): signed workspace deliveries run once and nothing
 * forged, replayed or re-serialised runs; the assistant's and connector's URLs are taken over and put
 * back exactly; deliveries that name nothing are 400. The sandbox sends the deliveries
 * (sandbox/platform2/webhooks.ts).
 */
import { createHmac } from 'node:crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../../helpers/sandbox';
import { configureWorkspaceWebhook, deliverPlatform2Event, eventPayload } from '../../../sandbox/platform2/webhooks';
import { byId, p2Parameters, post, SIGNING_SECRET, startP2Receiver, type P2Receiver } from './helpers';

const sb = useSandbox({ forgetProcessMemories: true, resetPacers: true });
let receiver: P2Receiver | undefined;
afterEach(async () => {
	await receiver?.close();
	receiver = undefined;
});

const sign = (raw: string | Buffer, secret = SIGNING_SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
const assistants = () => sb.platform2.list('A', '/assistants');
const connectors = () => sb.platform2.list('A', '/messaging-connectors');
const snapshot = (record: Record<string, unknown>) => JSON.stringify({ ...record, updated_at: undefined });

describe('Workspace Webhook (signed events, set up in the dashboard)', () => {
	async function workspaceReceiver(options: INodeParameters = {}) {
		receiver = await startP2Receiver(sb, p2Parameters({ platform2Options: options }));
		expect(await receiver.hook('checkExists')).toBe(true);
		expect(await receiver.hook('create')).toBe(true);
		configureWorkspaceWebhook(sb.platform2, { url: receiver.productionUrl, secret: SIGNING_SECRET });
		return receiver;
	}

	it('activation sends no request; a signed call.completed runs once, its replay runs nothing', async () => {
		sb.clearRequests();
		const r = await workspaceReceiver();
		expect(sb.requests.filter((e) => e.path.startsWith('/api/v1/'))).toEqual([]);
		const sent = await deliverPlatform2Event(sb.platform2, { event: 'call.completed' });
		expect(sent).toMatchObject({ signed: true, status: 200 });
		expect(r.runs()).toHaveLength(1);
		expect(r.runs()[0]).toEqual(JSON.parse(sent!.raw));
		// the same bytes and signature again
		expect(await post(r.productionUrl, sent!.raw, { 'X-Famulor-Signature': sent!.signature! })).toEqual({ status: 200, body: { received: true, executed: false, reason: 'duplicate' } });
		expect(r.runs()).toHaveLength(1);
	});

	it('a wrong secret, no signature, one changed byte and a re-serialised body run nothing (401)', async () => {
		const r = await workspaceReceiver();
		const raw = JSON.stringify(eventPayload(sb.platform2, sb.platform2.workspaces.A, 'call.completed', { subjectId: 'call-1' }));
		const changed = raw.replace('"completed"', '"complated"');
		const respaced = JSON.stringify(JSON.parse(raw), null, 2);
		const attempts = [
			post(r.productionUrl, raw, { 'X-Famulor-Signature': sign(raw, 'another-secret') }),
			post(r.productionUrl, raw),
			post(r.productionUrl, changed, { 'X-Famulor-Signature': sign(raw) }),
			post(r.productionUrl, respaced, { 'X-Famulor-Signature': sign(raw) }),
			post(r.productionUrl, raw, { 'X-Famulor-Signature': sign(raw).toUpperCase() }),
		];
		for (const answer of await Promise.all(attempts)) expect(answer).toEqual({ status: 401, body: { message: 'Missing or wrong signature' } });
		expect(r.runs()).toHaveLength(0);
		// the genuine one still runs
		expect((await post(r.productionUrl, raw, { 'X-Famulor-Signature': sign(raw) })).status).toBe(200);
		expect(r.runs()).toHaveLength(1);
	});

	it('a signed body over other spacing (signed as sent) is accepted: the check is over the bytes received', async () => {
		const r = await workspaceReceiver();
		const raw = JSON.stringify({ event: 'booking.created', data: { id: 'b-1' } }, null, 4);
		expect((await post(r.productionUrl, raw, { 'X-Famulor-Signature': sign(raw) })).status).toBe(200);
		expect(r.runs()).toEqual([{ event: 'booking.created', data: { id: 'b-1' } }]);
	});

	it('a signed delivery naming no call, conversation or booking is 400; not JSON is 400', async () => {
		const r = await workspaceReceiver();
		for (const raw of ['{"event":"call.completed","data":{}}', '{"event":"booking.cancelled"}', '[1,2]', 'not json']) {
			expect((await post(r.productionUrl, raw, { 'X-Famulor-Signature': sign(raw) })).status).toBe(400);
		}
		expect(r.runs()).toHaveLength(0);
	});

	it('the event and assistant filters acknowledge and drop; a second call.completed of one call is a duplicate; bookings by bytes', async () => {
		const wanted = String(assistants()[0].id);
		const r = await workspaceReceiver({ events: ['call.completed', 'booking.rescheduled'], assistantId: wanted.toUpperCase() });
		const send = (body: IDataObject) => {
			const raw = JSON.stringify(body);
			return post(r.productionUrl, raw, { 'X-Famulor-Signature': sign(raw) });
		};
		expect((await send({ event: 'conversation.ended', data: { conversation: { id: 'c1' }, assistant: { id: wanted } } })).body).toMatchObject({ reason: 'event not selected' });
		expect((await send({ event: 'call.completed', data: { id: 'x1', assistant_id: String(assistants()[1].id) } })).body).toMatchObject({ reason: 'assistant not selected' });
		expect((await send({ event: 'call.completed', data: { id: 'x1', assistant_id: wanted } })).body).toEqual({ message: 'Workflow was started' });
		// the same call again, other bytes (e.g. the API's resend_webhook): once per call
		expect((await send({ event: 'call.completed', data: { id: 'x1', assistant_id: wanted, resent: true } })).body).toMatchObject({ reason: 'duplicate' });
		// a booking may be rescheduled twice: only identical bytes are a duplicate
		expect((await send({ event: 'booking.rescheduled', data: { id: 'b1', assistant_id: wanted, start_at: '1' } })).status).toBe(200);
		expect((await send({ event: 'booking.rescheduled', data: { id: 'b1', assistant_id: wanted, start_at: '2' } })).status).toBe(200);
		expect(r.runs()).toHaveLength(3);
	});

	it('activation fails, naming the field, when the credential has no signing secret', async () => {
		receiver = await startP2Receiver(sb, p2Parameters(), { apiKey: sb.platform2.keys.full, origin: sb.origin });
		await expect(receiver.hook('create')).rejects.toThrow('The credential has no Webhook Signing Secret');
	});
});

describe('Call Completed (the assistant\'s webhook_url, delivery mode custom)', () => {
	it('activation sets webhook_url (with a URL secret) and mode custom; unsigned deliveries with the secret run once; deactivation restores exactly', async () => {
		const assistant = assistants()[0];
		Object.assign(assistant, { webhook_url: 'https://crm.example.com/famulor', webhook_delivery_mode: 'automation', automation_id: 'a1' });
		const before = snapshot(assistant);
		receiver = await startP2Receiver(sb, p2Parameters({ platform2Event: 'assistantCallCompleted', platform2AssistantId: byId(String(assistant.id)) }));
		expect(await receiver.hook('checkExists')).toBe(false);
		expect(await receiver.hook('create')).toBe(true);
		expect(assistant.webhook_delivery_mode).toBe('custom');
		expect(String(assistant.webhook_url)).toMatch(new RegExp(`^${receiver.productionUrl}\\?secret=[0-9a-f]{64}$`));
		expect(JSON.stringify(receiver.staticData)).not.toContain(new URL(String(assistant.webhook_url)).searchParams.get('secret'));
		expect(await receiver.hook('checkExists')).toBe(true);

		const sent = await deliverPlatform2Event(sb.platform2, { event: 'call.completed', to: 'assistant', assistantId: String(assistant.id) });
		expect(sent).toMatchObject({ signed: false, status: 200 });
		expect(receiver.runs()).toHaveLength(1);
		// without the URL secret, or the same body again
		expect((await post(receiver.productionUrl, sent!.raw)).status).toBe(401);
		expect((await post(String(assistant.webhook_url), JSON.stringify(JSON.parse(sent!.raw), null, 1))).body).toMatchObject({ reason: 'duplicate' });
		// about another assistant: refused
		const other = JSON.stringify({ event: 'call.completed', data: { id: 'z', assistant_id: String(assistants()[1].id) } });
		expect((await post(String(assistant.webhook_url), other)).status).toBe(401);
		expect(receiver.runs()).toHaveLength(1);

		expect(await receiver.hook('delete')).toBe(true);
		expect(snapshot(assistant)).toBe(before);
		// the registration goes; the memory of what ran stays (a retry after re-activation is still a duplicate)
		expect(receiver.staticData).toEqual({ acceptedDeliveries: expect.any(Object) });
	});

	it('re-activation keeps the first saved settings; a URL someone set meanwhile is left alone', async () => {
		const assistant = assistants()[1];
		// as the platform's record shows "no webhook" (a field the record lacks comes back as this)
		Object.assign(assistant, { webhook_url: null, webhook_delivery_mode: 'none' });
		const before = snapshot(assistant);
		receiver = await startP2Receiver(sb, p2Parameters({ platform2Event: 'assistantCallCompleted', platform2AssistantId: byId(String(assistant.id)) }));
		await receiver.hook('create');
		await receiver.hook('create');
		await receiver.hook('delete');
		expect(snapshot(assistant)).toBe(before);
		await receiver.hook('create');
		Object.assign(assistant, { webhook_url: 'https://someone.example.com/else' });
		await receiver.hook('delete');
		expect(assistant.webhook_url).toBe('https://someone.example.com/else');
	});

	it('an unknown assistant stops activation with a clear message and saves nothing', async () => {
		receiver = await startP2Receiver(sb, p2Parameters({ platform2Event: 'assistantCallCompleted', platform2AssistantId: byId('0f8fad5b-d9cb-469f-a165-70867728950e') }));
		await expect(receiver.hook('create')).rejects.toThrow('0f8fad5b-d9cb-469f-a165-70867728950e');
		expect(receiver.staticData).toEqual({});
	});
});

describe("Conversation Ended (a messaging connector's conversation_ended_webhook_url)", () => {
	it('activation sets the URL, a delivery runs once, one naming no conversation is 400, deactivation restores exactly', async () => {
		const connector = connectors()[0];
		Object.assign(connector, { conversation_ended_webhook_url: 'https://old.example.com/ended' });
		const before = snapshot(connector);
		receiver = await startP2Receiver(sb, p2Parameters({ platform2Event: 'connectorConversationEnded', platform2ConnectorId: byId(String(connector.id)) }));
		expect(await receiver.hook('create')).toBe(true);
		const url = String(connector.conversation_ended_webhook_url);
		expect(url.startsWith(`${receiver.productionUrl}?secret=`)).toBe(true);
		const sent = await deliverPlatform2Event(sb.platform2, { event: 'conversation.ended', to: 'connector', connectorId: String(connector.id) });
		expect(sent).toMatchObject({ signed: false, status: 200 });
		expect((await post(url, '{"event":"conversation.ended","data":{}}')).status).toBe(400);
		expect(receiver.runs()).toHaveLength(1);
		await receiver.hook('delete');
		expect(snapshot(connector)).toBe(before);
	});
});
