/**
 * Platform 2.0 polling, the "New …" events (#37): a record added to a workspace list, each once, from
 * the list read newest created first (paged lists from the top while records are newer than the
 * cursor: one request a poll when nothing is new; unpaged lists whole, put in order by the trigger).
 */
import { NEW_RECORD_EVENTS, NEW_RECORD_LISTS, type NewRecordList } from '../../../nodes/VoiceAssistant/polling/platform2/newRecords';
import { HOUR, MINUTE, usePolling2 } from './helpers';

describe.each(NEW_RECORD_EVENTS.map((event) => ({ event, ...(NEW_RECORD_LISTS[event] as NewRecordList) })))('Polling Trigger on Platform 2.0: $label', (list) => {
	const t = usePolling2({ event2: list.event });

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

describe('Polling Trigger on Platform 2.0: New Assistant on a list that is not newest first', () => {
	const t = usePolling2({ event2: 'newAssistant' });

	it('fails the poll saying so, instead of missing a record', async () => {
		t.serverNow += MINUTE;
		await t.poll({ activationPoll: true });
		// an older record listed above a newer one: the order the trigger relies on does not hold
		t.serverNow += MINUTE;
		t.at({ collection: '/assistants', fields: { name: 'Newer' } });
		t.serverNow -= 10 * MINUTE;
		t.at({ collection: '/assistants', fields: { name: 'Older, listed first' } });
		await expect(t.poll()).rejects.toThrow('is not ordered by created_at newest first');
	});
});
