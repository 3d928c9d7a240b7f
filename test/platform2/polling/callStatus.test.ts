/**
 * Platform 2.0 polling, the call events beside Call Completed (#37): Call Not Answered, Call Busy and
 * Call Failed (a call that ended in that status, the platform filtering List Calls by it) and New Call
 * (each call once, when it was created). Each exactly once, across pages and a restart; one request a
 * poll when nothing changed; Assistant, Direction and Campaign go to the server.
 */
import { LIST_ORDERS, MINUTE, usePolling2 } from './helpers';

const CAMPAIGN = '7a1f0c52-3b7e-4f0e-9d2a-5c8b1e6f4a90';

describe.each(LIST_ORDERS)('Polling Trigger on Platform 2.0: Call Not Answered (lists %s first)', (listOrder) => {
	const t = usePolling2({ event2: 'callNotAnswered' }, { listOrder });

	it('only the calls nobody picked up, each once; the platform is asked for status no_answer, latest change first', async () => {
		await t.poll({ activationPoll: true });
		const unanswered = t.startCall();
		const answered = t.startCall();
		const busy = t.startCall();
		t.serverNow += MINUTE;
		t.finishCall(answered);
		t.finishCall(busy, 'busy');
		t.finishCall(unanswered, 'no_answer');
		const first = await t.poll();
		expect(t.ids(first)).toEqual([unanswered.id]);
		expect(first.items[0].json).toMatchObject({ event: 'call.completed', status: 'no_answer' });
		expect(t.requestsTo('/calls').at(-1)).toMatchObject({ status: 'no_answer', sort: 'updated_at' });
		// a later change of the same call (its analysis) is no new event, across a restart too
		t.serverNow += MINUTE;
		t.at({ collection: '/calls', id: String(unanswered.id), fields: { summary: 'No answer' } });
		t.restart();
		expect((await t.poll()).items).toEqual([]);
		expect(t.requestsTo('/calls')).toHaveLength(1);
	});
});

describe.each(LIST_ORDERS)('Polling Trigger on Platform 2.0: Call Busy and Call Failed (lists %s first)', (listOrder) => {
	const t = usePolling2({ event2: 'callFailed' }, { listOrder });

	it('Call Failed: failed calls of the campaign asked for, each once; Call Busy is a cursor of its own', async () => {
		await t.poll({ activationPoll: true, parameters: { campaignId: CAMPAIGN } });
		const failed = t.startCall({ campaign_id: CAMPAIGN });
		const busy = t.startCall({ campaign_id: CAMPAIGN });
		t.serverNow += MINUTE;
		t.finishCall(failed, 'failed');
		t.finishCall(busy, 'busy');
		const result = await t.poll({ parameters: { campaignId: CAMPAIGN } });
		expect(t.ids(result)).toEqual([failed.id]);
		expect(t.requestsTo('/calls').at(-1)).toMatchObject({ status: 'failed', campaign_id: CAMPAIGN });
		expect((await t.poll({ parameters: { campaignId: CAMPAIGN } })).items).toEqual([]);

		// another event is another cursor: Call Busy starts from its own activation
		t.restart();
		await t.poll({ activationPoll: true, parameters: { event2: 'callBusy' } });
		const later = t.startCall();
		t.serverNow += MINUTE;
		t.finishCall(later, 'busy');
		expect(t.ids(await t.poll({ parameters: { event2: 'callBusy' } }))).toEqual([later.id]);
	});

	it('a campaign that is not a UUID is refused before anything is sent, naming the field', async () => {
		await expect(t.poll({ parameters: { campaignId: '42' } })).rejects.toThrow('Campaign ID "42" is not a UUID');
		expect(t.requestsTo('/calls')).toEqual([]);
	});
});

describe.each(LIST_ORDERS)('Polling Trigger on Platform 2.0: New Call (lists %s first)', (listOrder) => {
	const t = usePolling2({ event2: 'newCall' }, { listOrder });

	it('each call once when it starts, whatever it ends in; inbound only when asked; idle polls cost one request', async () => {
		await t.poll({ activationPoll: true });
		t.serverNow += 1000;
		const outbound = t.startCall();
		t.serverNow += 1000;
		const inbound = t.startCall({ direction: 'inbound' });
		const all = await t.poll();
		expect(t.ids(all)).toEqual([outbound.id, inbound.id]);
		expect(all.items[0].json).toMatchObject({ event: 'call.created' });
		expect(t.requestsTo('/calls').at(-1)).toMatchObject({ sort: 'created_at' });
		// ending, or any other change, is no new call
		t.serverNow += MINUTE;
		t.finishCall(outbound);
		t.finishCall(inbound, 'no_answer');
		for (let i = 0; i < 3; i++) expect((await t.poll()).items).toEqual([]);
		expect(t.requestsTo('/calls')).toHaveLength(3);

		// another Direction is another cursor, from its own activation
		t.restart();
		await t.poll({ activationPoll: true, parameters: { direction: 'inbound' } });
		t.serverNow += 1000;
		t.startCall();
		t.serverNow += 1000;
		const inboundLater = t.startCall({ direction: 'inbound' });
		expect(t.ids(await t.poll({ parameters: { direction: 'inbound' } }))).toEqual([inboundLater.id]);
		expect(t.requestsTo('/calls').at(-1)).toMatchObject({ direction: 'inbound', sort: 'created_at' });
	});

	it('more than one page of new calls between two polls: each once', async () => {
		await t.poll({ activationPoll: true });
		const calls = [];
		for (let i = 0; i < 260; i++) {
			t.serverNow += 500;
			calls.push(t.startCall());
		}
		const emitted: string[] = [];
		for (let poll = 0; poll < 10; poll++) {
			const ids = t.ids(await t.poll());
			if (ids.length === 0) break;
			emitted.push(...ids);
		}
		// (a catch-up spread over polls by the polling share may emit a later page first)
		expect(emitted).toHaveLength(260);
		expect(new Set(emitted)).toEqual(new Set(calls.map((call) => String(call.id))));
		expect((await t.poll()).items).toEqual([]);
	});
});
