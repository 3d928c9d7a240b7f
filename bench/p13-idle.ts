/**
 * P13b — what an idle poll costs, for every event of the Platform 2.0 polling trigger, with the lists
 * answered newest first and oldest first (the sandbox's list order; the catalogue states none), each list
 * holding 10,000 records (BENCH_P13_RECORDS) from before the activation that match the event's own
 * filters (status, kind), so the list the trigger reads is that long. Run by p13-polling-events.ts.
 */
import path from 'node:path';
import type { IDataObject, INodeType } from 'n8n-workflow';

import { PLATFORM2_KEYS, type Sandbox } from '../sandbox';
import { recordAt } from '../sandbox/platform2/behaviours/pollingTimeline';
import { pollingClock } from '../nodes/VoiceAssistant/polling/clock';
import { EVENTS2, NEW_RECORD_EVENTS, type NewRecordEvent, type Platform2PollingEvent } from '../nodes/VoiceAssistant/polling/platform2/events';
import { feedOf } from '../nodes/VoiceAssistant/polling/platform2/feeds';
import { resetPacers } from '../nodes/VoiceAssistant/transport/pacers';
import { runPoll } from '../test/harness/poll';
import { ROOT, type BenchRow } from './lib';

const { VoiceAssistantPollingTrigger } = require(path.join(ROOT, 'nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node.ts')) as {
	VoiceAssistantPollingTrigger: new () => INodeType;
};

export const ORDERS = ['newest', 'oldest'] as const;
const IDLE_POLLS = 3;
const MINUTE = 60_000;

/** A record from before the activation that the event's list holds (its server-side filters let it through). */
function oldRecord(event: Platform2PollingEvent): { collection: string; fields: Record<string, unknown> } {
	if ((NEW_RECORD_EVENTS as readonly string[]).includes(event)) return { collection: feedOf({ event: event as NewRecordEvent }).path, fields: { name: 'Old' } };
	const status = feedOf({ event }).query.status as string | undefined;
	const path = feedOf({ event }).path;
	switch (path) {
		case '/calls':
			return { collection: path, fields: { status: status ?? 'completed', direction: 'outbound', campaign_id: '7a1f0c52-3b7e-4f0e-9d2a-5c8b1e6f4a90', lead_id: 'c0ffee00-0000-4000-8000-000000000001' } };
		case '/history':
			return { collection: path, fields: { type: 'call', status: 'completed' } };
		case '/campaigns':
			// read whole by status: 10,000 campaigns in it would be refused (more than 2,000), so none is in it
			return { collection: path, fields: { name: 'Old', status: 'draft' } };
		default:
			return { collection: path, fields: { status: status ?? 'completed' } };
	}
}

/** The most requests any of IDLE_POLLS idle polls sent to the event's list, after an activation on `records` records. */
async function idleRequests(sb: Sandbox, event: Platform2PollingEvent, order: (typeof ORDERS)[number], records: number, n8nStart: number): Promise<number> {
	sb.reset();
	sb.platform2.setListOrder(order);
	resetPacers();
	let server = Date.UTC(2026, 2, 10, 12, 0, 0) - records * 10_000;
	let n8n = n8nStart;
	pollingClock.now = () => n8n;
	const { collection, fields } = oldRecord(event);
	for (let i = 0; i < records; i++) {
		server += 10_000;
		recordAt(sb.platform2, { collection, fields, at: server });
	}
	const node = new VoiceAssistantPollingTrigger();
	const memory: IDataObject = {};
	const parameters = { accountKind: 'platform2', event2: event } as never;
	const credentials = { apiKey: PLATFORM2_KEYS.full, origin: sb.origin };
	const poll = async (activationPoll = false) => {
		n8n += MINUTE;
		const before = sb.requests.length;
		await runPoll(node, { parameters, credentials, credentialType: 'voiceAssistantPlatform2Api', staticData: memory, activationPoll });
		return sb.requests.slice(before).filter((r) => r.path === `/api/v1${collection}`).length;
	};
	await poll(true);
	let most = 0;
	for (let i = 0; i < IDLE_POLLS; i++) most = Math.max(most, await poll());
	return most;
}

/** An event's row: its list, how it is read, and an idle poll's requests in either order. */
export async function idleRow(sb: Sandbox, event: Platform2PollingEvent, records: number): Promise<BenchRow> {
	const feed = feedOf({ event });
	const row: BenchRow = { client: event, list: feed.operation, read: feed.unpaged ? 'unpaged: whole' : feed.whole ? 'paged: whole' : 'paged: from the newest' };
	for (const [o, order] of ORDERS.entries()) {
		row[`idle poll, ${order} first: requests`] = await idleRequests(sb, event, order, records, Date.UTC(2035, 0, 1) + (EVENTS2.indexOf(event) * 2 + o) * 100 * MINUTE);
	}
	return row;
}
