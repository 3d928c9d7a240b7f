import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { Api } from '../../engine/operation';
import { OPERATIONS } from './catalog/catalog.generated';

/** The workspace's suppression list (do-not-contact opt-outs), as the everyday sends read it. */
const LIST = OPERATIONS.find((op) => op.id === 'listSuppressionEntries');

/** The channels an opt-out may be recorded for (the list's channel filter in the catalogue). */
export const SUPPRESSION_CHANNELS: string[] = (LIST?.fields.find((field) => field.key === 'channel')?.options ?? []).map(String);

/** An opt-out that stops a message on one channel: the entry's id, channel and reason. */
export interface Suppression {
	id: string;
	channel: string;
	reason?: string;
}

/** Where an entry says it holds: its channel, or every channel (no channel, `all`). */
function channelOf(entry: IDataObject): string {
	const channel = entry.channel;
	return typeof channel === 'string' && channel.trim() !== '' ? channel : 'all';
}

/**
 * Every entry of the list (Return All: limit/offset pages of 200, read once per batch by the caller's
 * lookup), as the phone numbers opted out of `channel` (or of every channel). An entry by e-mail or by
 * contact ID only does not name a number and is not matched here; the platform still applies it.
 */
export async function suppressedNumbers(api: Api, channel: string): Promise<Map<string, Suppression>> {
	const answer = await api.request({
		method: 'GET',
		path: LIST?.path ?? '/suppression-list',
		paging: { returnAll: true, limit: 0, maxPerPage: 200, style: 'offset' },
		platform2: { operation: LIST?.name ?? 'Get Many Suppression Entries', scopes: LIST?.scopes },
	});
	const entries = Array.isArray(answer) ? (answer as IDataObject[]) : [];
	const numbers = new Map<string, Suppression>();
	for (const entry of entries) {
		const on = channelOf(entry);
		if (on !== 'all' && on !== channel) continue;
		const phone = [entry.phone_number, entry.phone, entry.value].find((value) => typeof value === 'string' && value.startsWith('+'));
		if (typeof phone !== 'string' || numbers.has(phone)) continue;
		numbers.set(phone, { id: String(entry.id ?? ''), channel: on, ...(typeof entry.reason === 'string' ? { reason: entry.reason } : {}) });
	}
	return numbers;
}

/** The list as a pre-check reads it: its numbers, or why this key cannot read it. */
export type SuppressionRead = { readable: true; numbers: Map<string, Suppression> } | { readable: false; why: string };

/** What a send's output says when its pre-check could not read the list (the platform still applies it). */
export const NOT_CHECKED = 'not checked: the API key may not read the suppression list (scope suppression:read)';

/**
 * The list when this key may read it. A 403 (the key lacks `suppression:read`) is not an error here:
 * the send needs only its own scope, so it goes on without the pre-check, and the platform applies
 * the list itself (createCall: 403 `destination_forbidden`). Anything else fails as it would.
 */
export async function readSuppressionIfAllowed(api: Api, channel: string): Promise<SuppressionRead> {
	const read = await suppressedNumbers(api, channel).then(
		(numbers) => ({ numbers }),
		(error: unknown) => ({ error }),
	);
	if ('numbers' in read) return { readable: true, numbers: read.numbers };
	if (String((read.error as { httpCode?: unknown }).httpCode ?? '') === '403') return { readable: false, why: NOT_CHECKED };
	throw read.error; // the transport's NodeApiError, unchanged
}

/** The Check Suppression List switch of a send (Create Call, Send SMS): `what` says what the pre-check does and what happens without it. */
export function checkSuppressionListField(what: string): INodeProperties {
	return { displayName: 'Check Suppression List', name: 'checkSuppressionList', type: 'boolean', noDataExpression: true, default: true, description: what };
}
