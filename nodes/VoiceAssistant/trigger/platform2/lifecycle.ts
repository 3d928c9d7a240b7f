/**
 * webhookMethods.default for a 2.0 account. Where the API can point a setting at n8n (an assistant's
 * webhook_url, a connector's conversation_ended_webhook_url, an assistant's variable webhook),
 * activation remembers what was there and takes the setting over; deactivation puts it back, but only
 * while the setting still points at this trigger (as the classic trigger, ../lifecycle.ts). The
 * workspace webhook is set in the dashboard: nothing is sent, the credential must hold its secret.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IHookFunctions, JsonObject } from 'n8n-workflow';

import { PLATFORM2_CREDENTIAL_TYPE } from '../../shared/platform2Origin';
import { WORKSPACE_WEBHOOK_SECRET } from '../../shared/signingSecret';
import { maskSecretsInError } from '../../shared/maskSecrets';
import { otherSlot, webhookUrlOf as webhookUrl, type Slot } from '../registration';
import { endpointOf, hashSecret, isRegisteredUrl, newSecret, withSecret, withoutSecret } from '../secret';
import { destinationOf, type Destination, type Settings } from './destinations';
import { newNonce, variableWebhookSecret } from './enrichment';
import { isUuid } from '../../shared/uuid';
import type { Platform2Event } from './events';
import { platform2Registrations, type Platform2Registration } from './registration';

export const PLATFORM2_EVENT = 'platform2Event';

export function platform2EventOf(ctx: { getNodeParameter(name: string, fallback?: unknown): unknown }): Platform2Event {
	return ctx.getNodeParameter(PLATFORM2_EVENT, 'workspaceEvents') as Platform2Event;
}

/** The UUID the event's locator names (assistant or connector), lowercased. */
function targetIdOf(ctx: IHookFunctions, event: Platform2Event): string {
	const name = event === 'connectorConversationEnded' ? 'platform2ConnectorId' : 'platform2AssistantId';
	const raw = ctx.getNodeParameter(name, undefined, { extractValue: true }) as unknown;
	const id = typeof raw === 'string' ? raw.trim() : '';
	if (!isUuid(id)) {
		const noun = event === 'connectorConversationEnded' ? 'messaging connector' : 'assistant';
		throw new NodeOperationError(ctx.getNode(), `"${String(raw ?? '').slice(0, 100)}" is not a valid ${noun} ID`, {
			description: `Choose the ${noun} from the list or enter its ID (a UUID).`,
		});
	}
	return id.toLowerCase();
}

async function requireSigningSecret(ctx: IHookFunctions): Promise<void> {
	if (WORKSPACE_WEBHOOK_SECRET.of(await ctx.getCredentials(WORKSPACE_WEBHOOK_SECRET.credentialType)) !== '') return;
	throw new NodeOperationError(ctx.getNode(), `The credential has no ${WORKSPACE_WEBHOOK_SECRET.property.displayName}`, {
		description: `In the dashboard, open Settings → Webhooks, add an endpoint with this trigger's Production URL and copy its signing secret into the credential's "${WORKSPACE_WEBHOOK_SECRET.property.displayName}" field.`,
	});
}

function notFound(ctx: IHookFunctions, destination: Destination, id: string): NodeApiError {
	return new NodeApiError(ctx.getNode(), { message: 'Not found' } as JsonObject, {
		message: `${destination.noun} ${id} was not found`,
		description: 'The API key of this credential does not see it: it may have been deleted or belong to another workspace.',
		httpCode: '404',
	});
}


/** Whether a URL is one of this node's endpoints (test or production): the same webhook id in the path. */
function isOurs(ctx: IHookFunctions, endpoint: string, mine: string): boolean {
	const webhookId = ctx.getNode().webhookId;
	return endpoint === mine || (!!webhookId && endpoint.endsWith(`/${webhookId}/webhook`));
}

/** What deactivation must put back (the classic rule, ../lifecycle.ts settingsToRestore). */
function settingsToRestore(ctx: IHookFunctions, slot: Slot, destination: Destination, current: Settings, mine: string, saved?: Platform2Registration): Settings {
	const endpoint = endpointOf(destination.urlOf(current));
	if (!endpoint || !isOurs(ctx, endpoint, mine)) return current;
	if (endpoint === mine) return saved?.restore ?? destination.none;
	if (slot === 'test') return current;
	return saved?.restore ?? platform2Registrations.read(ctx, otherSlot(slot))?.restore ?? destination.none;
}

/** Puts a registration's settings back while the target still points at it. */
async function release(ctx: IHookFunctions, registration: Platform2Registration): Promise<void> {
	const destination = destinationOf(registration.event);
	if (!destination) return;
	const current = await destination.read(ctx, registration.targetId);
	if (!current) {
		ctx.logger.warn(`Voice Assistant Trigger: ${destination.noun} ${registration.targetId} no longer exists, nothing to restore`);
		return;
	}
	if (endpointOf(destination.urlOf(current)) !== endpointOf(registration.url)) {
		ctx.logger.info(`Voice Assistant Trigger: ${destination.noun} ${registration.targetId} points elsewhere now; its settings were left unchanged`);
		return;
	}
	await destination.restore(ctx, registration.targetId, registration.restore, current);
}

export async function platform2CheckExists(ctx: IHookFunctions): Promise<boolean> {
	const event = platform2EventOf(ctx);
	const saved = platform2Registrations.read(ctx, platform2Registrations.hookSlot(ctx));
	const destination = destinationOf(event);
	if (!destination) {
		await requireSigningSecret(ctx);
		return saved === undefined;
	}
	const targetId = targetIdOf(ctx, event);
	if (!saved || saved.event !== event || saved.targetId !== targetId) return false;
	const current = await destination.read(ctx, targetId);
	if (!current) throw notFound(ctx, destination, targetId);
	const matches = (url: string | null) =>
		saved.secretHash ? isRegisteredUrl(url, saved.url, saved.secretHash) : endpointOf(url) !== undefined && endpointOf(url) === endpointOf(saved.url);
	return destination.isRegistered(current, matches);
}

export async function platform2Create(ctx: IHookFunctions): Promise<boolean> {
	const event = platform2EventOf(ctx);
	const slot = platform2Registrations.hookSlot(ctx);
	let saved = platform2Registrations.read(ctx, slot);
	const destination = destinationOf(event);
	const targetId = destination ? targetIdOf(ctx, event) : '';
	if (saved && (saved.event !== event || saved.targetId !== targetId)) {
		// This node watched something else and was never deactivated: hand that back first.
		await release(ctx, saved);
		platform2Registrations.clear(ctx, slot);
		saved = undefined;
	}
	if (!destination) {
		await requireSigningSecret(ctx);
		return true;
	}
	const mine = webhookUrl(ctx);
	const current = await destination.read(ctx, targetId);
	if (!current) throw notFound(ctx, destination, targetId);
	const restore = settingsToRestore(ctx, slot, destination, current, endpointOf(mine) ?? mine, saved);

	const registration: Platform2Registration = { event, targetId, url: withoutSecret(mine), restore };
	let url = mine;
	let secret: string;
	if (event === 'inboundVariables') {
		// Signed by the platform with the secret set here: derived, never stored (enrichment.ts).
		registration.nonce = newNonce();
		const { apiKey } = await ctx.getCredentials(PLATFORM2_CREDENTIAL_TYPE);
		secret = variableWebhookSecret(String(apiKey ?? ''), registration.nonce);
	} else {
		// The platform may not sign these deliveries (CONFLICT 2): the URL carries a secret, as on classic.
		secret = newSecret();
		url = withSecret(mine, secret);
		registration.secretHash = hashSecret(secret);
	}
	try {
		await destination.register(ctx, targetId, url, current, event === 'inboundVariables' ? secret : undefined);
	} catch (error) {
		throw maskSecretsInError(error, { values: [secret] });
	}
	platform2Registrations.save(ctx, slot, registration);
	return true;
}

export async function platform2Delete(ctx: IHookFunctions): Promise<boolean> {
	const slot = platform2Registrations.hookSlot(ctx);
	const registration = platform2Registrations.read(ctx, slot);
	if (!registration) return true;
	await release(ctx, registration);
	platform2Registrations.clear(ctx, slot);
	return true;
}
