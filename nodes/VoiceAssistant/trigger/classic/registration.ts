/**
 * What a classic activation leaves in the node's static data, per slot, under the slot's own name
 * (`production`, `test`: the keys the first version saved, kept so saved workflows keep their
 * registrations), and the assistant settings it changes and puts back.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { registrationStore } from '../registration';
import { hashSecret, withoutSecret } from '../secret';

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


/**
 * The classic registrations. One saved by version 0.1.0 holds the secret in clear (`secret`, and the
 * URL with it): it is migrated in place to the hash, so its deliveries keep working and the clear
 * secret leaves static data the next time n8n saves it.
 */
export const classicRegistrations = registrationStore<Registration>(
	(slot) => slot,
	(saved) => {
		const old = saved as Registration & { secret?: unknown };
		if (typeof old.secret === 'string') {
			old.secretHash = hashSecret(old.secret);
			if (typeof old.url === 'string') old.url = withoutSecret(old.url);
			delete old.secret;
		}
		return typeof old.secretHash === 'string';
	},
);
