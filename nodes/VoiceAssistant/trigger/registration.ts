import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { endpointOf } from './secret';

/** Test ("Listen for test event") and production registrations are kept apart: each has its own URL and secret. */
export type Slot = 'production' | 'test';

/** Deliveries to the test URL run in mode 'manual'; production deliveries in mode 'webhook'. */
export function deliverySlot(ctx: IWebhookFunctions): Slot {
	return ctx.getMode() === 'manual' ? 'test' : 'production';
}

/**
 * Which registration a lifecycle call is about. n8n creates test webhooks in mode 'manual' but
 * deletes them in mode 'internal', the same mode as a production deactivation. What tells them
 * apart is the URL n8n hands the node (the test URL while testing), so a non-manual call whose URL
 * is the endpoint of the saved test registration (`testUrl`) is about that one.
 */
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
 * Where one kind of activation keeps what it registered, per slot, in the node's static data: the
 * classic webhooks (classic/registration.ts), the 2.0 webhooks (platform2/registration.ts) and the
 * mid-call tool (toolCall/registration.ts) each under keys of their own, so one is never read as
 * another. Static data is exported with the workflow: a registration holds a secret's hash, never it.
 */
export interface RegistrationStore<R extends { url: string }> {
	read(ctx: IHookFunctions | IWebhookFunctions, slot: Slot): R | undefined;
	save(ctx: IHookFunctions, slot: Slot, registration: R): void;
	clear(ctx: IHookFunctions, slot: Slot): void;
	/** which slot a lifecycle call is about (slotOf, with this store's test registration) */
	hookSlot(ctx: IHookFunctions): Slot;
}

/**
 * A store under `keyOf(slot)`. `accepted` says whether what static data holds is a registration (and
 * may bring an old one up to date in place); anything else reads as none.
 */
export function registrationStore<R extends { url: string }>(keyOf: (slot: Slot) => string, accepted: (saved: R) => boolean): RegistrationStore<R> {
	const store: RegistrationStore<R> = {
		read(ctx, slot) {
			const saved = ctx.getWorkflowStaticData('node')[keyOf(slot)] as R | undefined;
			return saved && typeof saved === 'object' && accepted(saved) ? saved : undefined;
		},
		save(ctx, slot, registration) {
			// A plain copy: static data is serialised as JSON.
			ctx.getWorkflowStaticData('node')[keyOf(slot)] = JSON.parse(JSON.stringify(registration)) as IDataObject;
		},
		clear(ctx, slot) {
			delete ctx.getWorkflowStaticData('node')[keyOf(slot)];
		},
		hookSlot: (ctx) => slotOf(ctx, store.read(ctx, 'test')?.url),
	};
	return store;
}
