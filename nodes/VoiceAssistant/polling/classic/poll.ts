/**
 * poll(): the polling trigger's one entry point. Active, it emits every call that ended since the
 * last poll, once (sweep.ts, cursor.ts); in the editor ("Fetch Test Event") it returns the latest
 * finished call and leaves the cursor alone.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { compactCall } from '../../shared/compact';
import { PAGE_SIZE } from '../../shared/limits';
import { apiRequest } from '../../transport/request';
import { listedCall } from './cursor';
import { callItemJson } from './items';
import { withRecording } from './recording';
import { pollEndedCalls, readPage } from './sweep';
import { readSettings, wanted, type PollSettings } from './settings';

/** Pages "Fetch Test Event" reads at most looking for a finished call. */
const TEST_PAGES = 3;

/** Polls of one node still running in this process: n8n starts the next poll even if the last one has not returned. */
const running = new Set<string>();

async function itemFor(ctx: IPollFunctions, settings: PollSettings, record: IDataObject): Promise<INodeExecutionData> {
	const full = callItemJson(record, settings.simplify, settings.assistantId);
	// From version 2 Simplify keeps ten fields, as the webhook trigger's version 4 does (shared/compact.ts).
	const json = settings.simplify && ctx.getNode().typeVersion >= 2 ? compactCall(full) : full;
	return settings.downloadRecording ? await withRecording(ctx, json, record, settings.binaryField) : { json };
}

/** "Fetch Test Event": the newest finished call that passes the filters; nothing is stored. */
async function latestEndedCall(ctx: IPollFunctions, settings: PollSettings): Promise<INodeExecutionData[][]> {
	for (let page = 1; page <= TEST_PAGES; page++) {
		const answer = await apiRequest.call(ctx, 'GET', '/user/calls', { qs: { ...settings.query, per_page: PAGE_SIZE.calls.max, page } });
		const { records, info } = readPage(ctx, answer, page);
		const found = records.find((record) => listedCall(record)?.final === true && wanted(settings, record));
		if (found) return [[await itemFor(ctx, settings, found)]];
		if (info.last || records.length === 0) break;
	}
	throw new NodeOperationError(ctx.getNode(), 'No finished call matches the trigger yet', {
		description: `The newest ${TEST_PAGES * PAGE_SIZE.calls.max} calls of the call list hold no finished call for this assistant and these filters. Make a call (or widen the filters), then fetch again.`,
	});
}

export async function pollCalls(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(this);
	if (this.getMode() === 'manual') return await latestEndedCall(this, settings);
	const key = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
	if (running.has(key)) return null; // the running poll takes what this one would have
	running.add(key);
	try {
		const { ended, pages, thinned } = await pollEndedCalls(this, settings);
		if (thinned) this.logger.debug(`Voice Assistant Polling Trigger: read ${pages} page(s), the rest at the next poll (rate-limit share or poll time reached)`);
		const items: INodeExecutionData[] = [];
		for (const call of ended) if (wanted(settings, call.record)) items.push(await itemFor(this, settings, call.record));
		return items.length > 0 ? [items] : null;
	} finally {
		running.delete(key);
	}
}
