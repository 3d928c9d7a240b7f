/**
 * The "New …" events of a Platform 2.0 polling trigger (rows of events.ts built by `newRecord`): a
 * record added to one of the workspace's lists, each once, when it was created (`created_at`). Read as
 * the time cursor reads every list (cursor.ts):
 * - a paged list (limit/offset) from its newest record while records are newer than the cursor. The
 *   catalogue states no order for these lists: listOrder.ts reads from the rows whether the newest come
 *   first (a poll with nothing new costs one request) or last (two: the total, then the end); a list in
 *   neither order fails the poll with that message rather than miss a record;
 * - an unpaged list (the catalogue gives it no paging: tools, automations, routines, booking event
 *   types) whole, one request a poll, put in order here.
 * Each event's list as the poll reads it, with its editor words, for the tests that walk every one.
 */
import { NEW_RECORD_EVENTS, pollingEvent, whatOf, type NewRecordEvent } from './events';
import { feedOf, type Feed } from './feeds';

export { NEW_RECORD_EVENTS, type NewRecordEvent };

export type NewRecordList = Feed & { label: string; what: string };

export const NEW_RECORD_LISTS = Object.fromEntries(
	NEW_RECORD_EVENTS.map((event) => [event, { ...feedOf({ event }), label: pollingEvent(event).label, what: whatOf(event) }]),
) as Record<NewRecordEvent, NewRecordList>;

export const isNewRecordEvent = (event: string): event is NewRecordEvent => event in NEW_RECORD_LISTS;
