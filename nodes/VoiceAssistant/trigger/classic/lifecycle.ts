/**
 * webhookMethods.default of the trigger. The platform has one post-call URL and one inbound URL per
 * assistant, so "registering a webhook" means taking over that slot: create() remembers what was
 * there, delete() puts it back — but only while the assistant still points at this trigger, so a
 * URL someone set meanwhile is never overwritten.
 */
import type { IHookFunctions } from 'n8n-workflow';

import { maskSecretsInError } from '../../shared/maskSecrets';
import { assistantIdParameter, lookupAssistant, requireAssistant } from '../assistant';
import { readReceiptsExist, requireSigningSecret } from '../readReceipts/hooks';
import { READ_RECEIPTS_EVENT } from '../readReceipts/properties';
import { downloadsRecording } from './recording';
import { otherSlot, webhookUrlOf as webhookUrl, type Slot } from '../registration';
import { classicRegistrations } from './registration';
import type { CallEndedOptions, Registration, TriggerEvent, WebhookSettings } from './registration';
import { endpointOf, hashSecret, isRegisteredUrl, newSecret, withSecret, withoutSecret } from '../secret';
import { settingsFor } from './settings';

interface Wanted {
	event: TriggerEvent;
	assistantId: number;
	options?: CallEndedOptions;
}

function wanted(ctx: IHookFunctions): Wanted {
	const event = ctx.getNodeParameter('event') as TriggerEvent;
	const assistantId = assistantIdParameter(ctx);
	if (event !== 'callEnded') return { event, assistantId };
	const options = ctx.getNodeParameter('options', {}) as { onlyCompleted?: boolean; includeRecording?: boolean };
	return {
		event,
		assistantId,
		// Download Recording needs the recording URL in the notification: it turns Include Recording on.
		options: { onlyCompleted: options.onlyCompleted === true, includeRecording: options.includeRecording === true || downloadsRecording(ctx) },
	};
}


function sameTarget(registration: Registration | undefined, want: Wanted): registration is Registration {
	return registration?.event === want.event && registration.assistantId === want.assistantId;
}

function sameOptions(a: CallEndedOptions | undefined, b: CallEndedOptions | undefined): boolean {
	return (a?.onlyCompleted ?? false) === (b?.onlyCompleted ?? false) && (a?.includeRecording ?? false) === (b?.includeRecording ?? false);
}

/** Whether a URL is one of this node's endpoints (test or production): same webhook id in the path. */
function isOurs(ctx: IHookFunctions, endpoint: string, mine: string): boolean {
	if (endpoint === mine) return true;
	const webhookId = ctx.getNode().webhookId;
	return !!webhookId && endpoint.endsWith(`/${webhookId}/webhook`);
}

/**
 * What delete() must put back. Normally the settings found now. When the assistant already points
 * at this node, they are our own URL and must not become "the original":
 * - same endpoint (re-activation, or a delete that never ran): keep the original saved last time;
 * - our production URL while we register the test URL: put the production registration back after testing;
 * - our test URL while we register production: a leftover of testing, use the original saved before it.
 * With nothing saved, "no webhook" is the only safe answer (our old URL would be dead).
 */
function settingsToRestore(
	ctx: IHookFunctions,
	slot: Slot,
	current: WebhookSettings,
	mine: string,
	saved: Registration | undefined,
	other: Registration | undefined,
	none: WebhookSettings,
	urlOf: (settings: WebhookSettings) => string | null,
): WebhookSettings {
	const endpoint = endpointOf(urlOf(current));
	if (!endpoint || !isOurs(ctx, endpoint, mine)) return current;
	if (endpoint === mine) return saved?.restore ?? none;
	if (slot === 'test') return current;
	return saved?.restore ?? other?.restore ?? none;
}

/** Puts a registration's saved settings back, if the assistant still points at it. */
async function release(ctx: IHookFunctions, registration: Registration): Promise<void> {
	const settings = settingsFor(registration.event);
	const assistant = await lookupAssistant(ctx, registration.assistantId);
	if (!assistant) {
		ctx.logger.warn(
			`Voice Assistant Trigger: assistant ${registration.assistantId} no longer exists, nothing to restore`,
		);
		return;
	}
	const current = settings.read(assistant);
	// A URL the record does not show cannot be compared: what was registered is put back regardless.
	if (settings.knows?.(current) !== false && endpointOf(settings.urlOf(current)) !== endpointOf(registration.url)) {
		ctx.logger.info(
			`Voice Assistant Trigger: assistant ${registration.assistantId} points elsewhere now; its webhook settings were left unchanged`,
		);
		return;
	}
	await settings.restore(ctx, registration.assistantId, registration.restore);
}

/** WhatsApp Message Status: no platform URL to take over (readReceipts/hooks.ts). */
function watchesReadReceipts(ctx: IHookFunctions): boolean {
	return ctx.getNodeParameter('event') === READ_RECEIPTS_EVENT;
}

export async function checkExists(this: IHookFunctions): Promise<boolean> {
	if (watchesReadReceipts(this)) return await readReceiptsExist(this);
	const want = wanted(this);
	const registration = classicRegistrations.read(this, classicRegistrations.hookSlot(this));
	if (!sameTarget(registration, want) || !sameOptions(registration.options, want.options)) return false;
	const settings = settingsFor(want.event);
	const assistant = await requireAssistant(this, want.assistantId);
	const matches = (url: string | null): boolean => isRegisteredUrl(url, registration.url, registration.secretHash);
	return settings.isRegistered(settings.read(assistant), matches, registration.options);
}

export async function create(this: IHookFunctions): Promise<boolean> {
	if (watchesReadReceipts(this)) {
		await requireSigningSecret(this);
		// What this node registered for another event goes back; nothing is registered for this one.
		return await remove.call(this);
	}
	const want = wanted(this);
	const slot = classicRegistrations.hookSlot(this);
	const mine = webhookUrl(this);
	let saved = classicRegistrations.read(this, slot);
	if (saved && !sameTarget(saved, want)) {
		// This node used to watch another assistant/event and was never cleaned up: hand that one back first.
		await release(this, saved);
		classicRegistrations.clear(this, slot);
		saved = undefined;
	}

	const settings = settingsFor(want.event);
	const assistant = await requireAssistant(this, want.assistantId);
	const current = settings.read(assistant);
	const restore = settingsToRestore(
		this,
		slot,
		current,
		endpointOf(mine) ?? mine,
		saved,
		classicRegistrations.read(this, otherSlot(slot)),
		settings.none,
		settings.urlOf,
	);

	const secret = newSecret();
	const url = withSecret(mine, secret);
	const options = want.options ?? { onlyCompleted: false, includeRecording: false };
	try {
		await settings.register(this, want.assistantId, url, options);
	} catch (error) {
		// The platform may quote the URL it was given: the activation error must not carry the secret.
		throw maskSecretsInError(error, { values: [secret] });
	}
	classicRegistrations.save(this, slot, {
		event: want.event,
		assistantId: want.assistantId,
		...(typeof assistant.uuid === 'string' && assistant.uuid !== '' ? { assistantUuid: assistant.uuid.toLowerCase() } : {}),
		// Only the hash and the URL without the secret: static data is exported with the workflow.
		secretHash: hashSecret(secret),
		url: withoutSecret(url),
		...(want.options ? { options: want.options } : {}),
		restore,
	});
	return true;
}

export async function remove(this: IHookFunctions): Promise<boolean> {
	const slot = classicRegistrations.hookSlot(this);
	const registration = classicRegistrations.read(this, slot);
	if (!registration) return true;
	await release(this, registration);
	classicRegistrations.clear(this, slot);
	return true;
}
