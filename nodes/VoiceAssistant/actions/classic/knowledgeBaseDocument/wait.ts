/**
 * Add's "Wait Until Processed": the platform processes a new document in the background, so Get
 * Document is asked until its status is `active` or `failed`. The polls share the credential's wait
 * budget with Make's Wait for Call to End (engine/wait/budget.ts: a fifth of every rate-limit window),
 * start at the budget's spacing and grow ×1.5 up to five times it; every poll goes through the
 * transport, which paces it. `failed` fails the item: a workflow that waited wants a usable document.
 */
import { NodeOperationError, sleep } from 'n8n-workflow';
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { shown } from '../../../shared/validate';
import { formatMs } from '../../../transport/errors';
import { requestTarget } from '../../../transport/target';
import type { ItemParams } from '../../../engine/itemParams';
import type { Api, ApiCall } from '../../../engine/operation';
import { waitBudget } from '../../../engine/wait/budget';
import { wrappedRecord } from '../knowledgeBase/answers';
import { documentNotFound, documentPath, type DocumentRef } from './documents';

/** Bounds of Max Wait, in minutes. */
export const MAX_WAIT_MINUTES = { min: 1, max: 60, default: 5 } as const;
/** How much longer each poll waits than the one before. */
const GROWTH = 1.5;
/** The interval grows up to this many times the budget's spacing (15 s at the documented limits). */
const MAX_INTERVAL_FACTOR = 5;

export const waitFields: INodeProperties[] = [
	{
		displayName: 'Wait Until Processed',
		name: 'waitUntilProcessed',
		type: 'boolean',
		default: false,
		description:
			'Whether to wait until the platform has processed the document and output it with status "active". A document that fails processing fails the item (Continue On Fail routes it); it stays in the knowledge base. The platform is asked every few seconds, within a fifth of its rate limit.',
	},
	{
		displayName: 'Max Wait (Minutes)',
		name: 'maxWaitMinutes',
		type: 'number',
		typeOptions: { minValue: MAX_WAIT_MINUTES.min, maxValue: MAX_WAIT_MINUTES.max, numberPrecision: 0 },
		default: 5, // MAX_WAIT_MINUTES.default; the linter wants a literal
		displayOptions: { show: { waitUntilProcessed: [true] } },
		description: 'How long to wait. When it passes, the item fails with the document ID and its last status; the document is not added again.',
	},
];

/** Max Wait in ms when waiting is on, else undefined. */
export function readMaxWaitMs(item: ItemParams): number | undefined {
	if (item.get('waitUntilProcessed', false) !== true) return undefined;
	const raw = item.get('maxWaitMinutes', MAX_WAIT_MINUTES.default);
	const minutes = Number(raw);
	if (!Number.isFinite(minutes) || minutes <= 0 || minutes > MAX_WAIT_MINUTES.max) {
		throw item.fail('Max Wait (Minutes)', `must be more than 0 and at most ${MAX_WAIT_MINUTES.max} (got ${shown(raw)})`);
	}
	return Math.round(minutes * 60_000);
}

const ADDED_ONCE = 'The document was added once and is not added again.';

const isFinal = (status: unknown) => status === 'active' || status === 'failed';

/** Polls Get Document until `added` (the document as Add answered it) is processed; returns the final record. */
export async function waitUntilProcessed(api: Api, ref: DocumentRef, added: IDataObject, maxWaitMs: number): Promise<IDataObject> {
	const node = api.ctx.getNode();
	const { itemIndex } = api;
	const doc = `document ${ref.documentId} of knowledge base ${ref.knowledgeBaseId}`;
	const budget = waitBudget((await requestTarget(api.ctx)).key);
	const signal = api.ctx.getExecutionCancelSignal();
	const call: ApiCall = { method: 'GET', path: documentPath(ref), notFound: documentNotFound(ref) };
	const pause = async (ms: number) =>
		await sleep(ms, signal).catch(() => {
			// "canceled" (n8n's spelling) makes n8n record the execution as canceled rather than failed.
			throw new NodeOperationError(node, `The execution was canceled while waiting for ${doc} to be processed`, { itemIndex });
		});
	const deadline = Date.now() + maxWaitMs;
	let record = added;
	let interval = budget.spacingMs();
	while (!isFinal(record.status)) {
		const now = Date.now();
		if (now >= deadline) {
			throw new NodeOperationError(node, `${capitalise(doc)} was still ${statusText(record)} after Max Wait (${minutes(maxWaitMs)})`, {
				itemIndex,
				description: `${ADDED_ONCE} The platform goes on processing it: check it later with Knowledge Base Document → Get.`,
			});
		}
		await pause(Math.min(interval, deadline - now));
		for (let wait = budget.waitMs(Date.now()); wait > 0; wait = budget.waitMs(Date.now())) await pause(wait);
		budget.take(Date.now());
		let answer: unknown;
		try {
			answer = await api.request(call);
		} catch (error) {
			const reason = (error as { message?: string } | undefined)?.message ?? String(error);
			throw new NodeOperationError(node, `Could not follow ${doc}: ${reason}`, { itemIndex, description: ADDED_ONCE });
		}
		record = wrappedRecord(answer, api, call, 'a document record');
		interval = Math.min(interval * GROWTH, budget.spacingMs() * MAX_INTERVAL_FACTOR);
	}
	if (record.status === 'failed') {
		const label = typeof record.status_label === 'string' ? ` ("${record.status_label}")` : '';
		throw new NodeOperationError(node, `The platform could not process ${doc}: its status is "failed"${label}`, {
			itemIndex,
			description: `${ADDED_ONCE} It stays in the knowledge base, unused: delete it (Knowledge Base Document → Delete) and add it again, for example from another URL or file. Without Wait Until Processed the item outputs the document as added instead.`,
		});
	}
	return record;
}

function statusText(record: IDataObject): string {
	return typeof record.status === 'string' ? `"${record.status}"` : 'processing';
}

function capitalise(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

function minutes(ms: number): string {
	const value = ms / 60_000;
	if (value >= 1 && Number.isInteger(value)) return `${value} minute${value === 1 ? '' : 's'}`;
	return formatMs(ms);
}
