/**
 * What a 2.0 activation leaves in the node's static data, per slot (test / production), under keys of
 * its own (`platform2:<slot>`) so a classic registration of the same node is never read as one.
 * Static data is exported with the workflow: it holds the URL without its secret, the secret's
 * SHA-256 (URL-secret events) or the nonce the variable webhook's secret is derived from (enrichment.ts).
 */
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { slotOf, type Slot } from '../registration';
import type { Platform2Event } from './events';
import type { Settings } from './destinations';

export interface Platform2Registration {
	event: Platform2Event;
	/** the assistant's or connector's UUID, lowercased */
	targetId: string;
	/** the URL registered, without its secret */
	url: string;
	/** SHA-256 (hex) of the URL secret: assistant and connector URLs (their deliveries may be unsigned) */
	secretHash?: string;
	/** the variable webhook's secret is derived from the credential's API key and this nonce */
	nonce?: string;
	/** the settings deactivation puts back */
	restore: Settings;
}

const keyOf = (slot: Slot) => `platform2:${slot}`;

export function readPlatform2Registration(ctx: IHookFunctions | IWebhookFunctions, slot: Slot): Platform2Registration | undefined {
	const saved = ctx.getWorkflowStaticData('node')[keyOf(slot)] as Platform2Registration | undefined;
	return saved && typeof saved === 'object' && typeof saved.url === 'string' ? saved : undefined;
}

export function savePlatform2Registration(ctx: IHookFunctions, slot: Slot, registration: Platform2Registration): void {
	ctx.getWorkflowStaticData('node')[keyOf(slot)] = JSON.parse(JSON.stringify(registration)) as IDataObject;
}

export function clearPlatform2Registration(ctx: IHookFunctions, slot: Slot): void {
	delete ctx.getWorkflowStaticData('node')[keyOf(slot)];
}

/** As the classic hookSlot (registration.ts): n8n deletes test webhooks outside 'manual' mode; the URL tells. */
export function platform2HookSlot(ctx: IHookFunctions): Slot {
	return slotOf(ctx, readPlatform2Registration(ctx, 'test')?.url);
}
