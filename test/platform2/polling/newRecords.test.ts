/**
 * Platform 2.0 polling, the "New …" events (#37, New Contact and New Scheduled Callback #47): a record
 * added to a workspace list, each once, whether the platform lists it newest or oldest first (paged lists
 * from their newest record while records are newer than the cursor: one request a poll when nothing is
 * new on these short lists; unpaged lists whole, put in order by the trigger). Long lists in either
 * order: listOrder.test.ts.
 */
import { NEW_RECORD_EVENTS, pollingEvent, whatOf } from '../../../nodes/VoiceAssistant/polling/platform2/events';
import { feedOf } from '../../../nodes/VoiceAssistant/polling/platform2/feeds';
import { HOUR, LIST_ORDERS, MINUTE, usePolling2 } from './helpers';

/** Each "New …" event's list as the poll reads it (its row's feed), with its editor words, in both orders. */
const CASES = NEW_RECORD_EVENTS.flatMap((event) =>
	LIST_ORDERS.map((listOrder) => ({ event, listOrder, ...feedOf({ event }), label: pollingEvent(event).label, what: whatOf(event) })),
);

describe.each(CASES)('Polling Trigger on Platform 2.0: $label (lists $listOrder first)', (list) => {
	const t = usePolling2({ event2: list.event }, { listOrder: list.listOrder });

	it('each new record once, across a restart and a deactivate/activate cycle; none that existed before', async () => {
		t.serverNow += MINUTE;
		expect((await t.poll({ activationPoll: true })).items).toEqual([]);
		t.serverNow += MINUTE;
		const first = t.at({ collection: list.path, fields: { name: 'First' } });
		const polled = await t.poll();
		expect(t.ids(polled)).toEqual([first.id]);
		expect(polled.items[0].json).toMatchObject({ event: list.eventName, name: 'First' });
		// an edit is no new record
		t.serverNow += MINUTE;
		t.at({ collection: list.path, id: String(first.id), fields: { name: 'Renamed' } });
		expect((await t.poll()).items).toEqual([]);

		t.serverNow += MINUTE;
		const second = t.at({ collection: list.path, fields: { name: 'Second' } });
		t.restart();
		expect(t.ids(await t.poll())).toEqual([second.id]);

		t.serverNow += HOUR;
		const third = t.at({ collection: list.path, fields: { name: 'Third' } });
		t.restart();
		expect(t.ids(await t.poll({ activationPoll: true }))).toEqual([third.id]);
		t.restart();
		expect((await t.poll()).items).toEqual([]);
	});

	it(`a poll with nothing new costs one request${list.unpaged ? ' (the whole list: it has no paging)' : ', from the top of the list'}`, async () => {
		for (let i = 0; i < 5; i++) {
			t.serverNow += MINUTE;
			t.at({ collection: list.path, fields: { name: `Old ${i}` } });
		}
		await t.poll({ activationPoll: true });
		t.requestsTo(list.path);
		for (let i = 0; i < 3; i++) expect((await t.poll()).items).toEqual([]);
		const requests = t.requestsTo(list.path);
		expect(requests).toHaveLength(3);
		// an unpaged list is asked for as it is (the catalogue gives it no limit/offset)
		for (const query of requests) {
			if (list.unpaged) expect(query).toEqual({});
			else expect(query).toMatchObject({ offset: '0' });
		}
	});
});

describe.each(LIST_ORDERS)('Polling Trigger on Platform 2.0: New Assistant on a list in neither order (lists %s first)', (listOrder) => {
	const t = usePolling2({ event2: 'newAssistant' }, { listOrder });

	it('fails the poll saying so, instead of missing a record', async () => {
		t.serverNow += MINUTE;
		await t.poll({ activationPoll: true });
		// an older record listed above a newer one: the order the trigger relies on does not hold
		t.serverNow += MINUTE;
		t.at({ collection: '/assistants', fields: { name: 'Newer' } });
		t.serverNow -= 10 * MINUTE;
		t.at({ collection: '/assistants', fields: { name: 'Older, listed first' } });
		await expect(t.poll()).rejects.toThrow('is ordered by created_at neither newest first nor oldest first');
	});
});
