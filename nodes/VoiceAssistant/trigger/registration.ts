import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { endpointOf, hashSecret, withoutSecret } from './secret';

export type TriggerEvent = 'callEnded' | 'inboundCallCompleted' | 'conversationEnded';

/** How one event reads, points and restores the assistant's webhook settings. */
export interface EventSettings {
	read(assistant: IDataObject): WebhookSettings;
	urlOf(settings: WebhookSettings): string | null;
	/** the settings that mean "no webhook at all" */
	none: WebhookSettings;
	register(ctx: IHookFunctions, assistantId: number, url: string, options: CallEndedOptions): Promise<void>;
	restore(ctx: IHookFunctions, assistantId: number, settings: WebhookSettings): Promise<void>;
	/** whether the assistant record shows this event's settings at all (default: it does) */
	knows?(settings: WebhookSettings): boolean;
	/** whether the assistant still delivers to the registered URL (`matches`, see secret.ts) with these options */
	isRegistered(settings: WebhookSettings, matches: (url: string | null) => boolean, options: CallEndedOptions | undefined): boolean;
}

/** Test ("Listen for test event") and production registrations are kept apart: each has its own URL and secret. */
export type Slot = 'production' | 'test';

/** The assistant's post-call webhook settings: what we change for "Call Ended" and put back afterwards. */
export interface PostCallSettings {
	webhook_url: string | null;
	is_webhook_active: boolean;
	send_webhook_only_on_completed: boolean;
	include_recording_in_webhook: boolean;
}

/** The assistant's inbound-call webhook: what we change for "Inbound Call Completed". */
export interface InboundSettings {
	inbound_webhook_url: string | null;
}

/**
 * The assistant's conversation-ended webhook: what we change for "Conversation Ended". `known` is
 * false when the assistant record does not show the URL (the platform does not document that it does).
 */
export interface ConversationEndedSettings {
	conversation_ended_webhook_url: string | null;
	known: boolean;
}

export type WebhookSettings = PostCallSettings | InboundSettings | ConversationEndedSettings;

export interface CallEndedOptions {
	onlyCompleted: boolean;
	includeRecording: boolean;
}

/** What create() left behind in the node's static data, per slot. */
export interface Registration {
	event: TriggerEvent;
	assistantId: number;
	/**
	 * the assistant's UUID, as its record showed it at activation: conversation-ended deliveries name
	 * their assistant by UUID (docs/platform-facts.md, "Conversation-ended deliveries"), the others by integer ID
	 */
	assistantUuid?: string;
	/** SHA-256 (hex) of the secret: the `secret` query parameter of every delivery is hashed and compared with it */
	secretHash: string;
	/** the URL registered on the assistant, without its secret */
	url: string;
	options?: CallEndedOptions;
	/** the settings delete() puts back */
	restore: WebhookSettings;
}

/** Deliveries to the test URL run in mode 'manual'; production deliveries in mode 'webhook'. */
export function deliverySlot(ctx: IWebhookFunctions): Slot {
	return ctx.getMode() === 'manual' ? 'test' : 'production';
}

/**
 * Which registration a lifecycle call is about. n8n creates test webhooks in mode 'manual' but
 * deletes them in mode 'internal' — the same mode as a production deactivation. What tells them
 * apart is the URL n8n hands the node (the test URL while testing), so a non-manual call whose URL
 * is the endpoint of the saved test registration is about that one.
 */
export function hookSlot(ctx: IHookFunctions): Slot {
	return slotOf(ctx, readRegistration(ctx, 'test')?.url);
}

/** The slot rule above, for any event's registrations: `testUrl` is the URL its test registration holds. */
export function slotOf(ctx: IHookFunctions, testUrl: string | undefined): Slot {
	if (ctx.getMode() === 'manual') return 'test';
	const mine = endpointOf(ctx.getNodeWebhookUrl('default'));
	return testUrl !== undefined && mine !== undefined && endpointOf(testUrl) === mine ? 'test' : 'production';
}

/** The URL n8n serves this trigger at (test or production, as the lifecycle call is about). */
export function webhookUrlOf(ctx: IHookFunctions): string {
	const url = ctx.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(ctx.getNode(), 'n8n did not provide a webhook URL for this trigger');
	return url;
}

export function otherSlot(slot: Slot): Slot {
	return slot === 'test' ? 'production' : 'test';
}

/**
 * The saved registration. One saved by version 0.1.0 holds the secret in clear (`secret`, and the
 * URL with it): it is migrated in place to the hash, so its deliveries keep working and the clear
 * secret leaves static data the next time n8n saves it.
 */
export function readRegistration(ctx: IHookFunctions | IWebhookFunctions, slot: Slot): Registration | undefined {
	const saved = ctx.getWorkflowStaticData('node')[slot] as (Registration & { secret?: unknown }) | undefined;
	if (!saved || typeof saved !== 'object') return undefined;
	if (typeof saved.secret === 'string') {
		saved.secretHash = hashSecret(saved.secret);
		if (typeof saved.url === 'string') saved.url = withoutSecret(saved.url);
		delete saved.secret;
	}
	if (typeof saved.secretHash !== 'string') return undefined;
	return saved;
}

export function saveRegistration(ctx: IHookFunctions, slot: Slot, registration: Registration): void {
	// A plain copy: static data is serialised as JSON.
	ctx.getWorkflowStaticData('node')[slot] = JSON.parse(JSON.stringify(registration)) as IDataObject;
}

export function clearRegistration(ctx: IHookFunctions, slot: Slot): void {
	delete ctx.getWorkflowStaticData('node')[slot];
}
