/**
 * Out-of-order read receipts. A message only moves forward: sent → delivered → read, or it ends as
 * failed / undelivered. The platform means to send only forward progress, but says deliveries can
 * arrive twice or out of order. So, per message, the trigger remembers the furthest status it
 * started the workflow for, and a status that is not further (a `delivered` after its `read`, a
 * `sent` after `delivered`, anything after `failed`) starts nothing.
 *
 * Only statuses that started the workflow count: with the Message Statuses filter set to Delivered
 * alone, a `read` that overtook its `delivered` is dropped by the filter and the late `delivered`
 * still starts the workflow. Statuses the platform may add later have no rank: they always pass.
 *
 * Memory is kept like the replay guard's (trigger/deliveryMemory.ts): shared by every n8n process
 * and kept over restarts, the newest 1,000 messages of 24 hours, each under a fixed-size hash of
 * webhook and message id.
 */
import type { IWebhookFunctions } from 'n8n-workflow';

import { DeliveryMemory } from '../deliveryMemory';

export const MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed', 'undelivered'] as const;

const RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3, failed: 4, undelivered: 4 };

/** Node static data field: each message's furthest status rank. */
const furthest = new DeliveryMemory('messageProgress');

/**
 * Whether `status` is progress for this message (and if so, remembers it). `scope` tells webhooks
 * apart (test and production URL of each trigger).
 */
export function isProgress(ctx: IWebhookFunctions, scope: string, messageId: string, status: string, now = Date.now()): boolean {
	const rank = RANK[status];
	if (rank === undefined) return true;
	const parts = [scope, messageId];
	const before = furthest.get(ctx, parts, now) ?? 0;
	// failed and undelivered share the top rank: either one ends the message.
	if (rank <= before) return false;
	furthest.set(ctx, [[parts, rank]], now);
	return true;
}
