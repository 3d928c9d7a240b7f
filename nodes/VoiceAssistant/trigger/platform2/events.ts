/**
 * What a Platform 2.0 delivery is about, read from its body (pure). The facts README ("Webhooks"):
 * the event name in `event` (or `type`); the assistant in `assistant_id`, `data.assistant_id`,
 * `call.assistant_id`, `data.assistant.id` or `assistant.id`; sample bodies `{event, data: {id}}` and
 * `{event: "conversation.ended", data: {conversation: {id}, assistant: {id}}}`. No full schema exists,
 * so every documented place is read and nothing else is assumed.
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../../shared/objects';

/** The trigger's 2.0 events (the `platform2Event` parameter). */
export type Platform2Event = 'workspaceEvents' | 'assistantCallCompleted' | 'connectorConversationEnded' | 'inboundVariables' | 'toolCall';

/** The events a workspace webhook (Settings → Webhooks) delivers, signed. */
export const WORKSPACE_EVENTS = ['call.completed', 'conversation.ended', 'booking.created', 'booking.cancelled', 'booking.rescheduled'] as const;

const obj = (value: unknown): IDataObject => (isObject(value) ? value : {});

/** A non-empty string or a finite number, as text; undefined otherwise. */
export function idText(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

const first = (...values: unknown[]): string | undefined => values.map(idText).find((v) => v !== undefined);

/** The event the body names (`event`, else `type`), or undefined. */
export function eventOf(body: IDataObject): string | undefined {
	return first(body.event, body.type);
}

/** The assistant the body names, lowercased; undefined when it names none. */
export function assistantOf(body: IDataObject): string | undefined {
	const data = obj(body.data);
	return first(body.assistant_id, data.assistant_id, obj(body.call).assistant_id, obj(data.assistant).id, obj(body.assistant).id)?.toLowerCase();
}

export const callIdOf = (body: IDataObject): string | undefined => {
	const data = obj(body.data);
	return first(data.call_id, obj(data.call).id, body.call_id, obj(body.call).id, data.id, body.id);
};

export const conversationIdOf = (body: IDataObject): string | undefined => {
	const data = obj(body.data);
	return first(obj(data.conversation).id, data.conversation_id, body.conversation_id, obj(body.conversation).id, data.id);
};

export const bookingIdOf = (body: IDataObject): string | undefined => {
	const data = obj(body.data);
	return first(obj(data.booking).id, data.booking_id, body.booking_id, obj(body.booking).id, data.id);
};

/**
 * What the delivery is about ("call:<id>", "conversation:<id>", "booking:<id>"), by its event (a
 * delivery to an assistant's or a connector's URL may carry no event name: `fallback` says what that
 * URL delivers). undefined when it names nothing: such a delivery is answered 400.
 */
export function subjectOf(body: IDataObject, fallback: 'call' | 'conversation' | 'booking'): string | undefined {
	const event = eventOf(body) ?? '';
	const kind = event.startsWith('booking.') ? 'booking' : event.startsWith('conversation.') ? 'conversation' : event.startsWith('call.') ? 'call' : fallback;
	const id = kind === 'booking' ? bookingIdOf(body) : kind === 'conversation' ? conversationIdOf(body) : callIdOf(body);
	return id === undefined ? undefined : `${kind}:${id}`;
}

/**
 * Whether one event happens once per subject: a call completes once and a conversation ends once
 * (a second delivery is a duplicate, e.g. the API's resend_webhook), while a booking may be
 * rescheduled or cancelled more than once (only the same bytes are a duplicate).
 */
export function oncePerSubject(subject: string): boolean {
	return !subject.startsWith('booking:');
}
