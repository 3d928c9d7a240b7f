/**
 * The "New …" events of a Platform 2.0 polling trigger: a record added to one of the workspace's lists,
 * each once, when it was created (`created_at`). Read as the time cursor reads every list (cursor.ts):
 * - a paged list (limit/offset) from its newest record while records are newer than the cursor. The
 *   catalogue states no order for these lists: listOrder.ts reads from the rows whether the newest come
 *   first (a poll with nothing new costs one request) or last (two: the total, then the end); a list in
 *   neither order fails the poll with that message rather than miss a record;
 * - an unpaged list (the catalogue gives it no paging: tools, automations, routines, booking event
 *   types) whole, one request a poll, put in order here.
 */
export interface NewRecordList {
	/** the event's name in the editor */
	label: string;
	/** what the editor says under it */
	what: string;
	/** catalogue operation id, its name (errors say it) and path */
	operation: string;
	name: string;
	path: string;
	/** the catalogue's scope, and the one it accepts instead where it names two: 'segments:read|calls:read' */
	scope: string;
	/** the item's `event` */
	eventName: string;
	/** the whole list in one answer (no limit/offset) */
	unpaged?: true;
	/** the key of `data` the rows are under, where the list nests them (GET /automations → data.automations) */
	rowsAt?: string;
	/** the query parameter that keeps records created at or after a time, where the operation has one */
	since?: string;
	/** the time the list is ordered by, where it is not created_at (the event's time stays created_at) */
	order?: 'created_at' | 'updated_at';
}

export const NEW_RECORD_LISTS = {
	newAssistant: { label: 'New Assistant', what: 'An assistant was created', operation: 'listAssistants', name: 'List Assistants', path: '/assistants', scope: 'assistants:read', eventName: 'assistant.created' },
	newAutomation: {
		label: 'New Automation',
		what: 'An automation was created',
		operation: 'listAutomations',
		name: 'List Automations',
		path: '/automations',
		scope: 'automations:read|calls:read',
		eventName: 'automation.created',
		unpaged: true,
		rowsAt: 'automations',
	},
	newBookingEventType: {
		label: 'New Booking Event Type',
		what: 'A kind of appointment that can be booked was created',
		operation: 'listBookingEventTypes',
		name: 'List Booking Event Types',
		path: '/booking-event-types',
		scope: 'bookings:read',
		eventName: 'booking_event_type.created',
		unpaged: true,
	},
	newCampaign: { label: 'New Campaign', what: 'A campaign was created', operation: 'listCampaigns', name: 'List Campaigns', path: '/campaigns', scope: 'campaigns:read', eventName: 'campaign.created' },
	newKnowledgeBase: {
		label: 'New Knowledge Base',
		what: 'A knowledge base was created',
		operation: 'listKnowledgeBases',
		name: 'List Knowledge Bases',
		path: '/knowledge-bases',
		scope: 'knowledge:read',
		eventName: 'knowledge_base.created',
	},
	newPhoneNumber: {
		label: 'New Phone Number',
		what: 'A phone number was added to the workspace',
		operation: 'listPhoneNumbers',
		name: 'List Phone Numbers',
		path: '/phone-numbers',
		scope: 'phone_numbers:read',
		eventName: 'phone_number.created',
	},
	newRoutine: { label: 'New Routine', what: 'A routine (mission) was created', operation: 'listRoutines', name: 'List Routines', path: '/routines', scope: 'routines:read', eventName: 'routine.created', unpaged: true },
	newContact: {
		label: 'New Contact',
		what: "A contact was added to the workspace's audience, in a campaign or none",
		operation: 'listAudienceContacts',
		name: 'List Audience Contacts',
		path: '/leads',
		scope: 'leads:read|calls:read',
		eventName: 'contact.created',
		since: 'created_from',
	},
	newScheduledCallback: {
		label: 'New Scheduled Callback',
		what: 'An assistant scheduled a callback with a customer (Scheduled Callback Due fires later, when the platform dials it)',
		operation: 'listScheduledCallbacks',
		name: 'List Scheduled Callbacks',
		path: '/scheduled-callbacks',
		scope: 'calls:read',
		eventName: 'callback.scheduled',
		// the list is read by last change, as Scheduled Callback Due and Completed read it (feeds.ts)
		order: 'updated_at',
	},
	newSegment: { label: 'New Segment', what: 'A segment of contacts was created', operation: 'listSegments', name: 'List Segments', path: '/segments', scope: 'segments:read|calls:read', eventName: 'segment.created' },
	newSuppressionEntry: {
		label: 'New Suppression Entry',
		what: 'A phone number or e-mail was put on the workspace suppression list (an opt-out)',
		operation: 'listSuppressionEntries',
		name: 'List Suppression Entries',
		path: '/suppression-list',
		scope: 'suppression:read',
		eventName: 'suppression_entry.created',
	},
	newTool: { label: 'New Tool', what: 'A tool assistants can use was created', operation: 'listTools', name: 'List Tools', path: '/tools', scope: 'assistants:read', eventName: 'tool.created', unpaged: true },
} satisfies Record<string, NewRecordList>;

export type NewRecordEvent = keyof typeof NEW_RECORD_LISTS;

export const NEW_RECORD_EVENTS = Object.keys(NEW_RECORD_LISTS) as NewRecordEvent[];

export const isNewRecordEvent = (event: string): event is NewRecordEvent => event in NEW_RECORD_LISTS;
