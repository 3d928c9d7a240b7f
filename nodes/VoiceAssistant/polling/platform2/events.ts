/**
 * The events a Platform 2.0 polling trigger can wait for, one row each: the catalogue operation whose
 * list holds it, the time the list is ordered by, what every request filters by, the filters the
 * editor offers and the query key each is sent as, the `event` the item carries and which events a
 * record holds (recordEvents.ts). Path, scopes and page size come from the catalogue. From these rows
 * are built the editor's Event options and where each filter shows (properties.ts), the settings read
 * (settings.ts) and the list a poll reads (feeds.ts). docs/development.md walks through adding one.
 *
 * Only the catalogue's parameters are sent: `sort` where the operation has it (listCalls: a field, no
 * direction), a since-filter where it has one on the order time (listAudienceContacts `created_from`).
 * History, bookings and callbacks have neither: they are read as the platform lists them, by latest
 * change, newest or oldest first (listOrder.ts reads which).
 */
import type { RecordEvents } from './recordEvents';
import { bookingCancelled, bookingRescheduled, callbackDue, conversationChanged, created, ended, endedAs, entered, leadOutcome, reached } from './recordEvents';

/**
 * The filters the editor can offer (the parameter each is read into), in the order their query keys
 * are sent: the order is part of a trigger's saved cursor key (feeds.ts feedSignature).
 */
export const FILTERS = ['outcome', 'assistantId', 'direction', 'campaignId', 'channel'] as const;
export type Filter = (typeof FILTERS)[number];

/** The outcomes a campaign's call to a lead ends in (List Calls' final statuses), for Campaign Lead Outcome's filter. */
export const LEAD_OUTCOMES = ['completed', 'no_answer', 'busy', 'failed'] as const;

export type OrderField = 'updated_at' | 'created_at' | 'started_at' | 'paused_at' | 'completed_at';

export interface PollingEvent {
	/** the event's name in the editor */
	label: string;
	/** what the editor says under it */
	help: string;
	/** catalogue operation id: path, scopes and page size are the catalogue's */
	operation: string;
	/** the record timestamp the list is ordered by (or, for a `whole` list, put in order by) */
	order: OrderField;
	/** send `sort: <order>` (the operation sorts by a field) */
	sort?: true;
	/** the status every request filters by */
	status?: string;
	/** the filters the editor offers for this event, each the query key it is sent as */
	filters?: Partial<Record<Filter, string>>;
	/** the query parameter that keeps records whose order time is at or after a time */
	since?: string;
	/** a paged list in no order the trigger can follow: every page is read, then put in order here */
	whole?: true;
	/** the key of `data` the rows are under, where the list nests them */
	rowsAt?: string;
	/** the name the item's `event` field carries (the webhook events' names) */
	eventName: string;
	events: RecordEvents;
}

/** A "New …" event: a record added to a list, once, when it was created; the editor says which list. */
interface NewRecordRow extends PollingEvent {
	/** what the editor says under it, before the list's name */
	what: string;
}
function newRecord(label: string, what: string, operation: string, eventName: string, more: Partial<PollingEvent> = {}): NewRecordRow {
	return { label, what, help: what, operation, order: 'created_at', eventName, events: created, ...more };
}

const CALL_FILTERS = { assistantId: 'assistant_id', direction: 'direction', campaignId: 'campaign_id' };
const CONVERSATION_FILTERS = { assistantId: 'assistant_id', channel: 'type' };

/**
 * The rows. Their order is the order the events are listed in a filter's displayOptions (the editor's
 * Event options are sorted by label): a new row goes last.
 */
export const POLLING_EVENTS = {
	callCompleted: {
		label: 'Call Completed',
		help: 'A call ended, in any final status: completed, no answer, busy or failed (List Calls, by last change)',
		operation: 'listCalls',
		order: 'updated_at',
		sort: true,
		filters: CALL_FILTERS,
		eventName: 'call.completed',
		events: ended,
	},
	// a call that ended unanswered, busy or failed is a call.completed delivery with that status
	callNotAnswered: {
		label: 'Call Not Answered',
		help: 'Nobody picked up (List Calls, status no_answer)',
		operation: 'listCalls',
		order: 'updated_at',
		sort: true,
		status: 'no_answer',
		filters: CALL_FILTERS,
		eventName: 'call.completed',
		events: endedAs('no_answer'),
	},
	callBusy: {
		label: 'Call Busy',
		help: 'A call ended because the line was busy (List Calls, status busy)',
		operation: 'listCalls',
		order: 'updated_at',
		sort: true,
		status: 'busy',
		filters: CALL_FILTERS,
		eventName: 'call.completed',
		events: endedAs('busy'),
	},
	callFailed: {
		label: 'Call Failed',
		help: 'A call could not be placed or broke off (List Calls, status failed)',
		operation: 'listCalls',
		order: 'updated_at',
		sort: true,
		status: 'failed',
		filters: CALL_FILTERS,
		eventName: 'call.completed',
		events: endedAs('failed'),
	},
	// Placed or received: each call once, when it was created, whatever happens to it next.
	newCall: {
		label: 'New Call',
		help: 'A call was placed or received, once, when it starts (List Calls, by creation)',
		operation: 'listCalls',
		order: 'created_at',
		sort: true,
		filters: CALL_FILTERS,
		eventName: 'call.created',
		events: created,
	},
	campaignLead: {
		label: 'New Campaign Lead',
		help: 'A lead was added (List Audience Contacts, created since the last poll)',
		operation: 'listAudienceContacts',
		order: 'created_at',
		since: 'created_from',
		filters: { campaignId: 'campaign_id' },
		eventName: 'lead.created',
		events: created,
	},
	campaignLeadOutcome: {
		label: 'Campaign Lead Outcome',
		help: "A campaign's call to a lead ended: completed, not answered, busy or failed; each attempt once (List Calls of campaign calls, by last change)",
		operation: 'listCalls',
		order: 'updated_at',
		sort: true,
		filters: { outcome: 'status', assistantId: 'assistant_id', campaignId: 'campaign_id' },
		eventName: 'campaign_lead.finished',
		events: leadOutcome,
	},
	conversationEnded: {
		label: 'Conversation Ended',
		help: 'A conversation of any channel ended (List History)',
		operation: 'listHistory',
		order: 'updated_at',
		filters: CONVERSATION_FILTERS,
		eventName: 'conversation.ended',
		events: ended,
	},
	conversationActivity: {
		label: 'Conversation Activity',
		help: 'A conversation of any channel changed: a message came in or went out, or its status changed; each change once (List History)',
		operation: 'listHistory',
		order: 'updated_at',
		filters: CONVERSATION_FILTERS,
		eventName: 'conversation.updated',
		events: conversationChanged,
	},
	bookingCreated: { label: 'Booking Created', help: 'A booking was made (List Bookings)', operation: 'listBookings', order: 'updated_at', eventName: 'booking.created', events: created },
	bookingCancelled: { label: 'Booking Cancelled', help: 'A booking was cancelled (List Bookings)', operation: 'listBookings', order: 'updated_at', eventName: 'booking.cancelled', events: bookingCancelled },
	bookingRescheduled: {
		label: 'Booking Rescheduled',
		help: 'A booking was moved to another time; each new time once (List Bookings)',
		operation: 'listBookings',
		order: 'updated_at',
		eventName: 'booking.rescheduled',
		events: bookingRescheduled,
	},
	bookingCompleted: {
		label: 'Booking Completed',
		help: 'A booked appointment took place (List Bookings, status completed)',
		operation: 'listBookings',
		order: 'updated_at',
		status: 'completed',
		eventName: 'booking.completed',
		events: reached('completed'),
	},
	bookingNoShow: {
		label: 'Booking No-Show',
		help: 'The customer did not come to a booked appointment (List Bookings, status no_show)',
		operation: 'listBookings',
		order: 'updated_at',
		status: 'no_show',
		eventName: 'booking.no_show',
		events: reached('no_show'),
	},
	// A campaign's status events: List Campaigns has a status filter but no order, so the campaigns in
	// the status are read whole, each once per time it entered it, told apart by the time it did where
	// the record has it, else by its id not being in the status at the last read (membership.ts).
	campaignStarted: {
		label: 'Campaign Started',
		help: 'A campaign started or resumed calling; each start once (List Campaigns, status running, read whole)',
		operation: 'listCampaigns',
		order: 'started_at',
		whole: true,
		status: 'running',
		eventName: 'campaign.started',
		events: entered('running', 'started_at'),
	},
	campaignPaused: {
		label: 'Campaign Paused',
		help: 'A running campaign was paused; each pause once (List Campaigns, status paused, read whole)',
		operation: 'listCampaigns',
		order: 'paused_at',
		whole: true,
		status: 'paused',
		eventName: 'campaign.paused',
		events: entered('paused', 'paused_at'),
	},
	campaignCompleted: {
		label: 'Campaign Completed',
		help: 'A campaign called its last lead; each time it completes once (List Campaigns, status completed, read whole)',
		operation: 'listCampaigns',
		order: 'completed_at',
		whole: true,
		status: 'completed',
		eventName: 'campaign.completed',
		events: entered('completed', 'completed_at'),
	},
	callbackDue: {
		label: 'Scheduled Callback Due',
		help: 'The platform began a callback an assistant booked (List Scheduled Callbacks)',
		operation: 'listScheduledCallbacks',
		order: 'updated_at',
		eventName: 'callback.due',
		events: callbackDue,
	},
	callbackCompleted: {
		label: 'Scheduled Callback Completed',
		help: 'A callback an assistant booked was made and ended (List Scheduled Callbacks, status completed)',
		operation: 'listScheduledCallbacks',
		order: 'updated_at',
		status: 'completed',
		eventName: 'callback.completed',
		events: reached('completed'),
	},
	newAssistant: newRecord('New Assistant', 'An assistant was created', 'listAssistants', 'assistant.created'),
	newAutomation: newRecord('New Automation', 'An automation was created', 'listAutomations', 'automation.created', { rowsAt: 'automations' }),
	newBookingEventType: newRecord('New Booking Event Type', 'A kind of appointment that can be booked was created', 'listBookingEventTypes', 'booking_event_type.created'),
	newCampaign: newRecord('New Campaign', 'A campaign was created', 'listCampaigns', 'campaign.created'),
	newKnowledgeBase: newRecord('New Knowledge Base', 'A knowledge base was created', 'listKnowledgeBases', 'knowledge_base.created'),
	newPhoneNumber: newRecord('New Phone Number', 'A phone number was added to the workspace', 'listPhoneNumbers', 'phone_number.created'),
	newRoutine: newRecord('New Routine', 'A routine (mission) was created', 'listRoutines', 'routine.created'),
	newContact: newRecord('New Contact', "A contact was added to the workspace's audience, in a campaign or none", 'listAudienceContacts', 'contact.created', { since: 'created_from' }),
	// the list is read by last change, as Scheduled Callback Due and Completed read it; the event's time stays created_at
	newScheduledCallback: newRecord(
		'New Scheduled Callback',
		'An assistant scheduled a callback with a customer (Scheduled Callback Due fires later, when the platform dials it)',
		'listScheduledCallbacks',
		'callback.scheduled',
		{ order: 'updated_at' },
	),
	newSegment: newRecord('New Segment', 'A segment of contacts was created', 'listSegments', 'segment.created'),
	newSuppressionEntry: newRecord('New Suppression Entry', 'A phone number or e-mail was put on the workspace suppression list (an opt-out)', 'listSuppressionEntries', 'suppression_entry.created'),
	newTool: newRecord('New Tool', 'A tool assistants can use was created', 'listTools', 'tool.created'),
} satisfies Record<string, PollingEvent>;

export type Platform2PollingEvent = keyof typeof POLLING_EVENTS;
export const EVENTS2 = Object.keys(POLLING_EVENTS) as Platform2PollingEvent[];

export const pollingEvent = (event: Platform2PollingEvent): PollingEvent => POLLING_EVENTS[event];

/** The "New …" events (their editor help ends with the list's name). */
export type NewRecordEvent = { [E in Platform2PollingEvent]: (typeof POLLING_EVENTS)[E] extends NewRecordRow ? E : never }[Platform2PollingEvent];
export const NEW_RECORD_EVENTS = EVENTS2.filter((event): event is NewRecordEvent => 'what' in pollingEvent(event));
export const whatOf = (event: NewRecordEvent): string => POLLING_EVENTS[event].what;

/** The events that offer this filter, in row order. */
export const eventsWith = (filter: Filter): Platform2PollingEvent[] => EVENTS2.filter((event) => pollingEvent(event).filters?.[filter] !== undefined);
