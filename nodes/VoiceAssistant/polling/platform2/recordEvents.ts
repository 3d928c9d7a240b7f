/**
 * What a record of a Platform 2.0 list holds for the polling trigger: the events it shows (key and
 * time, both the platform's), one function per kind of event. The rows of events.ts name which
 * function reads their list; the cursor (cursor.ts) keeps each key once.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FeedEvent } from './cursor';
import { memberEvent } from './membership';

export type RecordEvents = (record: IDataObject) => FeedEvent[];

export const platform2Time = (value: unknown): number | undefined => {
	if (typeof value !== 'string' || value === '') return undefined;
	// 2.0 writes ISO 8601 with a zone; a zone-less time is read as UTC (never on n8n's clock).
	const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
	return Number.isNaN(ms) ? undefined : ms;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** The statuses a call (listCalls, listHistory) ends in. */
const CALL_FINAL = new Set(['completed', 'failed', 'no_answer', 'busy', 'skipped', 'ended', 'closed', 'canceled', 'cancelled']);

function one(record: IDataObject, key: string, at: number | undefined): FeedEvent[] {
	return at === undefined ? [] : [{ key, at, record }];
}

/** Ended: a final status (or an end time); when: ended_at, else the last change. */
export const ended: RecordEvents = (record) => {
	const finalStatus = CALL_FINAL.has(text(record.status).toLowerCase());
	if (!finalStatus && platform2Time(record.ended_at) === undefined) return [];
	return one(record, String(record.id), platform2Time(record.ended_at) ?? platform2Time(record.updated_at));
};

/** Ended with this status (the platform filtered by it; a record in another status is not this event). */
export const endedAs =
	(status: string): RecordEvents =>
	(record) =>
		text(record.status).toLowerCase() === status ? ended(record) : [];

/** A record made: once, when it was created (a new call, booking, lead, or a record of a "New …" list). */
export const created: RecordEvents = (record) => one(record, String(record.id), platform2Time(record.created_at));

/** A record that reached this status: once, when it completed (completed_at), else its last change. */
export const reached =
	(status: string): RecordEvents =>
	(record) =>
		text(record.status) === status ? one(record, String(record.id), platform2Time(record.completed_at) ?? platform2Time(record.updated_at)) : [];

/**
 * A campaign that entered this status: once per entry, keyed by the time it entered (a campaign paused,
 * resumed and paused again pauses twice). A record without that time (the catalogue names none) enters
 * when its id was not in the status at the last read (membership.ts): its last change is no entry.
 */
export const entered =
	(status: string, since: string): RecordEvents =>
	(record) => {
		if (text(record.status) !== status) return [];
		const at = platform2Time(record[since]);
		if (at !== undefined) return [{ key: `${String(record.id)}@${new Date(at).toISOString()}`, at, record }];
		return [memberEvent(record, platform2Time(record.updated_at) ?? platform2Time(record.created_at) ?? 0)];
	};

/** A campaign's call to a lead ended: that attempt's outcome (a call of no campaign or lead is none). */
export const leadOutcome: RecordEvents = (record) => (record.campaign_id && record.lead_id ? ended(record) : []);

export const bookingCancelled: RecordEvents = (record) =>
	text(record.status) === 'cancelled' ? one(record, String(record.id), platform2Time(record.cancelled_at) ?? platform2Time(record.updated_at)) : [];

const bookingStart = (record: IDataObject) => text(record.start_at ?? record.starts_at ?? record.start_time ?? record.start);

/** A move names itself (rescheduled_at or rescheduled_from); each new start is its own event. */
export const bookingRescheduled: RecordEvents = (record) =>
	record.rescheduled_at || record.rescheduled_from
		? one(record, `${String(record.id)}@${bookingStart(record)}`, platform2Time(record.rescheduled_at) ?? platform2Time(record.updated_at))
		: [];

/** Every change of a conversation (a message in or out, a status): one event per change it shows. */
export const conversationChanged: RecordEvents = (record) => one(record, `${String(record.id)}@${text(record.updated_at)}`, platform2Time(record.updated_at));

/** Due: the platform began it (no longer pending or cancelled); when: the time it was scheduled for. */
export const callbackDue: RecordEvents = (record) =>
	['dialing', 'completed', 'failed'].includes(text(record.status))
		? one(record, String(record.id), platform2Time(record.scheduled_at ?? record.scheduled_for ?? record.due_at) ?? platform2Time(record.updated_at))
		: [];
