/**
 * The events a Platform 2.0 polling trigger can wait for, each as the list it reads (catalogue
 * operation, query, the timestamp the list is ordered by) and the events a record of it holds (key and
 * time, both the platform's). Only the catalogue's parameters are sent: `sort` where the operation has
 * it (listCalls: a field, no direction), a since-filter where it has one on the order time
 * (listAudienceContacts `created_from`). History, bookings and callbacks have neither: they are read
 * as the platform lists them, by latest change, newest or oldest first (listOrder.ts reads which).
 */
import type { IDataObject } from 'n8n-workflow';

import type { FeedEvent } from './cursor';
import { memberEvent } from './membership';
import { NEW_RECORD_EVENTS, NEW_RECORD_LISTS, isNewRecordEvent, type NewRecordEvent, type NewRecordList } from './newRecords';

/** The events read from a list ordered by the time they happen in (the "New …" events: newRecords.ts). */
const LIST_EVENTS = [
	'callCompleted',
	'callNotAnswered',
	'callBusy',
	'callFailed',
	'newCall',
	'conversationEnded',
	'conversationActivity',
	'bookingCreated',
	'bookingCancelled',
	'bookingRescheduled',
	'bookingCompleted',
	'bookingNoShow',
	'campaignLead',
	'campaignLeadOutcome',
	'campaignStarted',
	'campaignPaused',
	'campaignCompleted',
	'callbackDue',
	'callbackCompleted',
] as const;
export type Event2 = (typeof LIST_EVENTS)[number] | NewRecordEvent;
export const EVENTS2: readonly Event2[] = [...LIST_EVENTS, ...NEW_RECORD_EVENTS];

/** The call events one final status names, filtered by the platform (List Calls' `status`). */
const CALL_STATUS_OF = { callNotAnswered: 'no_answer', callBusy: 'busy', callFailed: 'failed' } as const;
/** The events read from List Calls: their Assistant, Direction and Campaign filters are the list's own. */
export const CALL_EVENTS: readonly Event2[] = ['callCompleted', 'callNotAnswered', 'callBusy', 'callFailed', 'newCall'];
/** The outcomes a campaign's call to a lead ends in (List Calls' final statuses), for Campaign Lead Outcome's filter. */
export const LEAD_OUTCOMES = ['completed', 'no_answer', 'busy', 'failed'] as const;

/**
 * A campaign's status events: the campaigns in that status (List Campaigns' `status`), each once per
 * time it entered it, told apart by the time it did (`started_at`, `paused_at`, `completed_at`) where
 * the record has it, else by its id not being in the status at the last read (membership.ts).
 */
const CAMPAIGN_STATUS_OF = {
	campaignStarted: { status: 'running', since: 'started_at', eventName: 'campaign.started' },
	campaignPaused: { status: 'paused', since: 'paused_at', eventName: 'campaign.paused' },
	campaignCompleted: { status: 'completed', since: 'completed_at', eventName: 'campaign.completed' },
} as const;
type CampaignStatusEvent = keyof typeof CAMPAIGN_STATUS_OF;
const isCampaignStatusEvent = (event: Event2): event is CampaignStatusEvent => event in CAMPAIGN_STATUS_OF;

/** The trigger's parameters on Platform 2.0, read once per poll. */
export interface Settings2 {
	event: Event2;
	assistantId?: string;
	direction?: string;
	campaignId?: string;
	channel?: string;
	/** Campaign Lead Outcome: only attempts that ended in this status */
	outcome?: string;
}

export interface Feed {
	/** catalogue operation id (errors name it; scopes from the catalogue) */
	operation: string;
	name: string;
	path: string;
	/** the catalogue's scope; where it allows another instead, both: 'leads:read|calls:read' */
	scope: string;
	/** the record timestamp the list is ordered by, newest or oldest first (or, for a `whole` list, put in order by) */
	order: 'updated_at' | 'created_at' | 'started_at' | 'paused_at' | 'completed_at';
	/** the query parameter that keeps records whose order time is at or after a time, if the operation has one */
	since?: string;
	/** server-side filters (and sort) every request carries */
	query: IDataObject;
	/** the whole list comes in one answer (no limit/offset): read whole, put in order here */
	unpaged?: true;
	/** a paged list in no order the trigger can follow: every page is read, then put in order here */
	whole?: true;
	/** the key of `data` the rows are under, where the list nests them */
	rowsAt?: string;
	/** the name the item's `event` field carries (the webhook events' names) */
	eventName: string;
	events(record: IDataObject): FeedEvent[];
}

export const platformTime2 = (value: unknown): number | undefined => {
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
function ended(record: IDataObject): FeedEvent[] {
	const finalStatus = CALL_FINAL.has(text(record.status).toLowerCase());
	if (!finalStatus && platformTime2(record.ended_at) === undefined) return [];
	return one(record, String(record.id), platformTime2(record.ended_at) ?? platformTime2(record.updated_at));
}

/** Ended with this status (the platform filtered by it; a record in another status is not this event). */
const endedAs = (status: string) => (record: IDataObject) => (text(record.status).toLowerCase() === status ? ended(record) : []);

const bookingStart = (record: IDataObject) => text(record.start_at ?? record.starts_at ?? record.start_time ?? record.start);

/** A record made: once, when it was created (a new call, booking, lead, or a record of a "New …" list). */
const created = (record: IDataObject): FeedEvent[] => one(record, String(record.id), platformTime2(record.created_at));

/** A record that reached this status: once, when it completed (completed_at), else its last change. */
const reached = (status: string) => (record: IDataObject) =>
	text(record.status) === status ? one(record, String(record.id), platformTime2(record.completed_at) ?? platformTime2(record.updated_at)) : [];

/**
 * A campaign that entered this status: once per entry, keyed by the time it entered (a campaign paused,
 * resumed and paused again pauses twice). A record without that time (the catalogue names none) enters
 * when its id was not in the status at the last read (membership.ts): its last change is no entry.
 */
const entered = (status: string, since: string) => (record: IDataObject): FeedEvent[] => {
	if (text(record.status) !== status) return [];
	const at = platformTime2(record[since]);
	if (at !== undefined) return [{ key: `${String(record.id)}@${new Date(at).toISOString()}`, at, record }];
	return [memberEvent(record, platformTime2(record.updated_at) ?? platformTime2(record.created_at) ?? 0)];
};

/** A campaign's call to a lead ended: that attempt's outcome (a call of no campaign or lead is none). */
const leadOutcome = (record: IDataObject): FeedEvent[] => (record.campaign_id && record.lead_id ? ended(record) : []);

const EVENT_OF: Record<Event2, (record: IDataObject) => FeedEvent[]> = {
	...(Object.fromEntries(NEW_RECORD_EVENTS.map((event) => [event, created])) as Record<NewRecordEvent, typeof created>),
	callCompleted: ended,
	callNotAnswered: endedAs(CALL_STATUS_OF.callNotAnswered),
	callBusy: endedAs(CALL_STATUS_OF.callBusy),
	callFailed: endedAs(CALL_STATUS_OF.callFailed),
	// Placed or received: each call once, when it was created, whatever happens to it next.
	newCall: created,
	conversationEnded: ended,
	bookingCreated: created,
	bookingCancelled: (record) =>
		text(record.status) === 'cancelled' ? one(record, String(record.id), platformTime2(record.cancelled_at) ?? platformTime2(record.updated_at)) : [],
	// A move names itself (rescheduled_at or rescheduled_from); each new start is its own event.
	bookingRescheduled: (record) =>
		record.rescheduled_at || record.rescheduled_from
			? one(record, `${String(record.id)}@${bookingStart(record)}`, platformTime2(record.rescheduled_at) ?? platformTime2(record.updated_at))
			: [],
	bookingCompleted: reached('completed'),
	bookingNoShow: reached('no_show'),
	// Every change of a conversation (a message in or out, a status): one event per change it shows.
	conversationActivity: (record) => one(record, `${String(record.id)}@${text(record.updated_at)}`, platformTime2(record.updated_at)),
	campaignLead: created,
	campaignLeadOutcome: leadOutcome,
	campaignStarted: entered(CAMPAIGN_STATUS_OF.campaignStarted.status, CAMPAIGN_STATUS_OF.campaignStarted.since),
	campaignPaused: entered(CAMPAIGN_STATUS_OF.campaignPaused.status, CAMPAIGN_STATUS_OF.campaignPaused.since),
	campaignCompleted: entered(CAMPAIGN_STATUS_OF.campaignCompleted.status, CAMPAIGN_STATUS_OF.campaignCompleted.since),
	// Due: the platform began it (no longer pending or cancelled); when: the time it was scheduled for.
	callbackDue: (record) =>
		['dialing', 'completed', 'failed'].includes(text(record.status))
			? one(record, String(record.id), platformTime2(record.scheduled_at ?? record.scheduled_for ?? record.due_at) ?? platformTime2(record.updated_at))
			: [],
	callbackCompleted: reached('completed'),
};

const WEBHOOK_NAME: Record<Event2, string> = {
	...(Object.fromEntries(NEW_RECORD_EVENTS.map((event) => [event, NEW_RECORD_LISTS[event].eventName])) as Record<NewRecordEvent, string>),
	callCompleted: 'call.completed',
	// a call that ended unanswered, busy or failed is a call.completed delivery with that status
	callNotAnswered: 'call.completed',
	callBusy: 'call.completed',
	callFailed: 'call.completed',
	newCall: 'call.created',
	conversationEnded: 'conversation.ended',
	bookingCreated: 'booking.created',
	bookingCancelled: 'booking.cancelled',
	bookingRescheduled: 'booking.rescheduled',
	bookingCompleted: 'booking.completed',
	bookingNoShow: 'booking.no_show',
	conversationActivity: 'conversation.updated',
	campaignLead: 'lead.created',
	campaignLeadOutcome: 'campaign_lead.finished',
	campaignStarted: CAMPAIGN_STATUS_OF.campaignStarted.eventName,
	campaignPaused: CAMPAIGN_STATUS_OF.campaignPaused.eventName,
	campaignCompleted: CAMPAIGN_STATUS_OF.campaignCompleted.eventName,
	callbackDue: 'callback.due',
	callbackCompleted: 'callback.completed',
};

export function feedOf(settings: Settings2): Feed {
	const common = { eventName: WEBHOOK_NAME[settings.event], events: EVENT_OF[settings.event] };
	const defined = (query: IDataObject) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as IDataObject;
	if (isNewRecordEvent(settings.event)) {
		const { operation, name, path, scope, unpaged, rowsAt, since, order = 'created_at' }: NewRecordList = NEW_RECORD_LISTS[settings.event];
		return { ...common, operation, name, path, scope, order, query: {}, ...(unpaged ? { unpaged } : {}), ...(rowsAt ? { rowsAt } : {}), ...(since ? { since } : {}) };
	}
	if (isCampaignStatusEvent(settings.event)) {
		// List Campaigns has a status filter but no order: the campaigns in the status are read whole
		const { status, since } = CAMPAIGN_STATUS_OF[settings.event];
		return { ...common, operation: 'listCampaigns', name: 'List Campaigns', path: '/campaigns', scope: 'campaigns:read', order: since, whole: true, query: { status } };
	}
	switch (settings.event) {
		case 'callCompleted':
		case 'callNotAnswered':
		case 'callBusy':
		case 'callFailed':
		case 'newCall': {
			const order = settings.event === 'newCall' ? 'created_at' : 'updated_at';
			const status = settings.event in CALL_STATUS_OF ? CALL_STATUS_OF[settings.event as keyof typeof CALL_STATUS_OF] : undefined;
			const query = defined({ sort: order, status, assistant_id: settings.assistantId, direction: settings.direction, campaign_id: settings.campaignId });
			return { ...common, operation: 'listCalls', name: 'List Calls', path: '/calls', scope: 'calls:read', order, query };
		}
		case 'campaignLeadOutcome': {
			const query = defined({ sort: 'updated_at', status: settings.outcome, assistant_id: settings.assistantId, campaign_id: settings.campaignId });
			return { ...common, operation: 'listCalls', name: 'List Calls', path: '/calls', scope: 'calls:read', order: 'updated_at', query };
		}
		case 'conversationEnded':
		case 'conversationActivity':
			return { ...common, operation: 'listHistory', name: 'List History', path: '/history', scope: 'calls:read', order: 'updated_at', query: defined({ assistant_id: settings.assistantId, type: settings.channel }) };
		case 'campaignLead':
			return { ...common, operation: 'listAudienceContacts', name: 'List Audience Contacts', path: '/leads', scope: 'leads:read|calls:read', order: 'created_at', since: 'created_from', query: defined({ campaign_id: settings.campaignId }) };
		case 'callbackDue':
		case 'callbackCompleted': {
			const query = defined({ status: settings.event === 'callbackCompleted' ? 'completed' : undefined });
			return { ...common, operation: 'listScheduledCallbacks', name: 'List Scheduled Callbacks', path: '/scheduled-callbacks', scope: 'calls:read', order: 'updated_at', query };
		}
		default: {
			// a status the event names is filtered by the platform (List Bookings' `status`)
			const status = settings.event === 'bookingCompleted' ? 'completed' : settings.event === 'bookingNoShow' ? 'no_show' : undefined;
			return { ...common, operation: 'listBookings', name: 'List Bookings', path: '/bookings', scope: 'bookings:read', order: 'updated_at', query: defined({ status }) };
		}
	}
}

/** The cursor's key: another event or other server-side filters show other records, so the cursor starts afresh. */
export function feedSignature(settings: Settings2): string {
	const feed = feedOf(settings);
	return JSON.stringify({ event: settings.event, path: feed.path, query: feed.query });
}
