/**
 * Replay guard. A delivery URL cannot be kept secret from everyone on the way (proxies, logs), anyone
 * who saw one delivery could post it again, and the platform itself retries a delivery (after 30, 60
 * and 120 s) and says duplicates happen. So a delivery this registration already accepted within 24
 * hours starts no second execution: in any n8n process of the instance, and after a restart
 * (deliveryMemory.ts keeps the memory in n8n's database).
 *
 * Deliveries without a call id (an inbound notification sent before the call has one, or a shape
 * we do not know) are not deduplicated: nothing tells two of them apart, and dropping a genuine
 * second one would lose a call. The secret still authenticates them.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { isObject } from '../shared/objects';
import { DeliveryMemory } from './deliveryMemory';

/** Node static data field: the deliveries each trigger accepted (a hash of their parts each). */
const accepted = new DeliveryMemory('acceptedDeliveries');

/** The call id a delivery is about: `id` (post-call), `call_id` (inbound) or `call.id`. */
export function callIdOf(body: IDataObject): string | undefined {
	const candidates = [body.call_id, isObject(body.call) ? body.call.id : undefined, body.id];
	const found = candidates.find((value) => (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== ''));
	return found === undefined ? undefined : String(found).trim();
}

/**
 * Whether any of these keys was accepted before; if none was, all are remembered (one write). A key
 * starts with its scope, which tells registrations apart (the stored secret hash, or the webhook).
 */
export function alreadyAccepted(ctx: IWebhookFunctions, keys: unknown[][], now = Date.now()): boolean {
	if (keys.some((key) => accepted.get(ctx, key, now) !== undefined)) return true;
	accepted.set(
		ctx,
		keys.map((key) => [key, 1]),
		now,
	);
	return false;
}

/** Records a classic delivery (call id and status) and says whether it was already accepted. Without a call id it is never a replay. */
export function isReplay(ctx: IWebhookFunctions, scope: string, body: IDataObject, now = Date.now()): boolean {
	const callId = callIdOf(body);
	if (callId === undefined) return false;
	return alreadyAccepted(ctx, [[scope, callId, String(body.status ?? '')]], now);
}
