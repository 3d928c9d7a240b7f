/**
 * What the polling trigger outputs: the webhook trigger's fields (a real call through the sandbox,
 * compared with the post-call notification the platform sent for it), the filters, "Fetch Test
 * Event", Download Recording, and a server clock in another zone or off.
 */
import type { IDataObject } from 'n8n-workflow';

import { simplifyDelivery } from '../../nodes/VoiceAssistant/shared/callRecord';
import { compactCall } from '../../nodes/VoiceAssistant/shared/compact';
import { CURSOR_KEY } from '../../nodes/VoiceAssistant/polling/classic/sweep';
import { HOUR, MINUTE, usePollingSandbox } from './helpers';

/** Places a call of assistant 1 through the API and waits until the sandbox ended it and sent its notification. */
async function realCall(t: ReturnType<typeof usePollingSandbox>, phone: string): Promise<IDataObject> {
	const assistant = t.sb.store.assistants.find((a) => a.id === 1)!;
	Object.assign(assistant, { webhook_url: 'http://127.0.0.1:9/closed', is_webhook_active: true, include_recording_in_webhook: true });
	const answer = await fetch(`${t.sb.baseUrl}/user/make_call`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${t.sb.tokens.alice}`, 'Content-Type': 'application/json' },
		body: JSON.stringify({ phone_number: phone, assistant_id: 1, variables: { customer_name: 'Jonas' } }),
	});
	const { call_id: callId } = (await answer.json()) as { call_id: number };
	await t.sb.waitForIdle();
	const delivery = t.sb.store.webhookDeliveries.find((d) => d.kind === 'post-call' && d.call_id === callId);
	return delivery!.payload as IDataObject;
}

describe('Voice Assistant Polling Trigger: output', () => {
	const t = usePollingSandbox({ callTiming: { stepMs: 20 } });

	it('Simplify off: the post-call notification fields, with the values the notification carried', async () => {
		await t.poll({ activationPoll: true });
		const payload = await realCall(t, '+4917612345670');
		const { items } = await t.poll();
		expect(items).toHaveLength(1);
		const json = items[0].json;
		for (const key of Object.keys(payload)) expect(json).toHaveProperty(key);
		const same = ['id', 'customer_phone', 'assistant_phone', 'duration', 'status', 'extracted_variables', 'transcript', 'recording_url', 'lead', 'campaign'];
		for (const key of same) expect([key, json[key]]).toEqual([key, payload[key]]);
		expect(json).toMatchObject({ assistant_id: 1, type: 'outbound', answered_by: 'human' });
	});

	it('Simplify on: the webhook trigger’s ten fields, the same values', async () => {
		await t.poll({ activationPoll: true });
		const payload = await realCall(t, '+4917612345671');
		const { items } = await t.poll({ parameters: { simplify: true } });
		const json = items[0].json;
		const expected = compactCall(simplifyDelivery({ ...payload, assistant_id: 1 }));
		expect(Object.keys(json)).toEqual(Object.keys(expected));
		// The list writes its own timestamp format.
		const { finished_at: _finished, ...comparable } = expected;
		expect(json).toMatchObject(comparable);
		expect(String(json.transcript)).toMatch(/Jonas/);
	});

	it('Simplify on: a campaign call keeps its campaign name under lead (the list names no lead)', async () => {
		await t.poll({ activationPoll: true });
		const call = t.startCall({ campaign_id: 1, campaign_name: 'Spring' });
		t.serverNow += MINUTE;
		t.endCall(call);
		const [item] = (await t.poll({ parameters: { simplify: true } })).items;
		expect(item.json.lead).toEqual({ id: null, phone_number: null, status: null, variables: null, campaign_id: null, campaign_name: 'Spring' });
		expect(Object.keys(item.json)).toHaveLength(10);
	});

	it('Simplify on, version 1: the webhook trigger’s wider record of versions 1-3, the same values', async () => {
		await t.poll({ activationPoll: true, typeVersion: 1 });
		const payload = await realCall(t, '+4917612345672');
		const { items } = await t.poll({ parameters: { simplify: true }, typeVersion: 1 });
		const json = items[0].json;
		const expected = simplifyDelivery({ ...payload, assistant_id: 1 });
		expect(Object.keys(json)).toEqual(expect.arrayContaining(Object.keys(expected)));
		// The list returns neither the variables the call was placed with nor ISO timestamps (it writes its own format).
		const { input_variables: _input, created_at: _created, finished_at: _finished, ...comparable } = expected;
		expect(json).toMatchObject(comparable);
		expect(json.input_variables).toEqual({});
		expect(String(json.transcript)).toMatch(/Jonas/);
	});

	it('Call Statuses and Call Types filter what starts the workflow; filtered calls are not emitted later either', async () => {
		const options = { statuses: ['completed'], callTypes: ['outbound'] };
		await t.poll({ activationPoll: true, parameters: { options } });
		const busy = t.startCall();
		const done = t.startCall();
		const campaign = t.startCall({ campaign_id: 1, campaign_name: 'Spring' });
		t.serverNow += MINUTE;
		t.endCall(busy, 'busy');
		t.endCall(done);
		t.endCall(campaign);
		expect(t.ids(await t.poll({ parameters: { options } }))).toEqual([done.id]);
		expect((await t.poll({ parameters: { options } })).items).toEqual([]);
		expect(t.listRequests().at(-1)).toMatchObject({ assistant_id: '1', type: 'outbound' });
		expect(t.listRequests().at(-1)?.status).toBeUndefined();
	});

	it('Campaign calls only, across all assistants', async () => {
		const parameters = { assistantId: { __rl: true, mode: 'list', value: '' }, options: { callTypes: ['campaign'] } };
		await t.poll({ activationPoll: true, parameters });
		const plain = t.startCall({ assistant_id: 3 });
		const campaign = t.startCall({ assistant_id: 3, campaign_id: 2, campaign_name: 'Renewals' });
		const inbound = t.startCall({ assistant_id: 2, type: 'inbound' });
		t.serverNow += MINUTE;
		for (const call of [plain, campaign, inbound]) t.endCall(call);
		const { items } = await t.poll({ parameters });
		expect(t.ids({ items })).toEqual([campaign.id]);
		expect(items[0].json.campaign).toMatchObject({ name: 'Renewals' });
		expect(t.listRequests().at(-1)?.assistant_id).toBeUndefined();
	});

	it('Fetch Test Event returns the latest finished call and leaves the cursor alone', async () => {
		await t.poll({ activationPoll: true });
		const older = t.startCall();
		t.serverNow += MINUTE;
		t.endCall(older);
		t.startCall(); // newer, still in progress
		const cursorBefore = structuredClone(t.memory[CURSOR_KEY]);
		const test = await t.poll({ mode: 'manual', parameters: { simplify: true } });
		expect(t.ids(test)).toEqual([older.id]);
		expect(t.memory[CURSOR_KEY]).toEqual(cursorBefore);
		// The active trigger still emits it, once.
		expect(t.ids(await t.poll())).toEqual([older.id]);
	});

	it('an assistant ID that is not a number fails the poll before any request; an empty one means all assistants', async () => {
		await expect(t.poll({ parameters: { assistantId: { __rl: true, mode: 'id', value: '0x10' } } })).rejects.toThrow('"0x10" is not a valid assistant ID');
		expect(t.listRequests()).toEqual([]);
		await t.poll({ activationPoll: true, parameters: { assistantId: { __rl: true, mode: 'id', value: ' ' } } });
		expect(t.listRequests()[0].assistant_id).toBeUndefined();
	});

	it('Fetch Test Event without any finished call says so', async () => {
		await expect(t.poll({ mode: 'manual', parameters: { assistantId: { __rl: true, mode: 'id', value: '4' } } })).rejects.toThrow(
			'No finished call matches the trigger yet',
		);
	});

	it('Download Recording puts the file into the item, or says why not, and never drops the call', async () => {
		await t.poll({ activationPoll: true });
		const recorded = t.startCall({ recording_url: `${t.sb.recordingsOrigin}/recordings/${'ab'.repeat(12)}.mp3` });
		const silent = t.startCall();
		t.serverNow += MINUTE;
		t.endCall(recorded);
		t.endCall(silent, 'no-answer');
		const { items } = await t.poll({ parameters: { simplify: true, options: { downloadRecording: true, binaryPropertyName: 'audio' } } });
		expect(t.ids({ items })).toEqual([recorded.id, silent.id]);
		expect(items[0].json.recording_error).toBeNull();
		expect(items[0].binary?.audio?.fileName).toBe(`call-${recorded.id}.mp3`);
		expect(items[1].binary).toBeUndefined();
		expect(items[1].json.recording_error).toMatch(new RegExp(`Call ${silent.id} has no recording`));
		// The API token never goes to the recording host.
		expect(t.sb.recordingRequests.every((request) => request.authorization === null)).toBe(true);
	});

	it.each([
		['5 hours ahead', 5 * HOUR],
		['7 hours behind', -7 * HOUR],
	])('a server clock %s changes nothing: from now, followed, once', async (_name, offset) => {
		t.sb.setClockOffset(offset);
		const before = t.startCall();
		t.endCall(before);
		t.serverNow += MINUTE;
		await t.poll({ activationPoll: true });
		const running = t.startCall();
		t.serverNow += 3 * MINUTE;
		expect((await t.poll()).items).toEqual([]);
		t.endCall(running);
		expect(t.ids(await t.poll())).toEqual([running.id]);
		expect((await t.poll()).items).toEqual([]);
		// The list's date filter is in the server's days, not n8n's.
		const serverDay = new Date(t.serverNow + offset).toISOString().slice(0, 10);
		expect(t.listRequests().every((query) => query.date_from === undefined || String(query.date_from) <= serverDay)).toBe(true);
	});
});

describe('Voice Assistant Polling Trigger: a list in another order', () => {
	const t = usePollingSandbox();

	it('fails the poll with the reason instead of missing calls', async () => {
		const pagination = jest.requireActual<typeof import('../../sandbox/pagination')>('../../sandbox/pagination');
		const original = pagination.paginate;
		const spy = jest.spyOn(pagination, 'paginate').mockImplementation((items, ...rest) => original([...items].reverse(), ...rest));
		try {
			t.startCall();
			t.serverNow += MINUTE;
			t.startCall();
			await expect(t.poll({ activationPoll: true })).rejects.toThrow('The call list is not ordered newest first');
		} finally {
			spy.mockRestore();
		}
	});
});
