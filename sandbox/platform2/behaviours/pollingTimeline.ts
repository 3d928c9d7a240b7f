/**
 * Records at times a test chooses (the platform's clock), for the polling trigger's tests: a call
 * that finishes, a conversation that ends, a booking made, cancelled or moved, a lead that appears,
 * a callback the platform starts dialing. One generic write: create a record with `created_at` =
 * `updated_at` = `at`, or merge fields into an existing one and set its `updated_at` to `at`.
 * TS: `recordAt(sb.platform2, {...})`; HTTP: POST /sandbox/platform2/records with the same body.
 */
import { randomUUID } from 'node:crypto';

import type { P2Answer } from '../answers';
import type { Platform2 } from '../engine';
import type { P2Record } from '../records';

export interface RecordAt {
	/** 'A' (default), 'B' or a workspace id */
	workspace?: string;
	/** the collection template: '/calls', '/history', '/bookings', '/scheduled-callbacks', '/leads', '/campaigns/{}/leads' */
	collection: string;
	parents?: Array<string | number>;
	/** an existing record to change; absent (or unknown): a new record (with this id when given) */
	id?: string;
	/** the platform's time of the change: ISO 8601 or epoch ms */
	at: string | number;
	fields?: Record<string, unknown>;
}

export function recordAt(platform2: Platform2, change: RecordAt): P2Record {
	const ws = platform2.keyRing.workspace(change.workspace ?? 'A');
	if (!ws) throw new Error(`No workspace "${change.workspace}"`);
	const at = new Date(change.at).toISOString();
	const parents = change.parents ?? [];
	const existing = change.id === undefined ? undefined : platform2.records.find(ws.id, change.collection, parents, change.id);
	if (existing) return Object.assign(existing, change.fields ?? {}, { updated_at: at });
	const record: P2Record = { id: change.id ?? randomUUID(), ...change.fields, created_at: at, updated_at: at };
	return platform2.records.insert(ws.id, change.collection, parents, record);
}

/**
 * POST /sandbox/platform2/records: body as RecordAt → 200 {data: record}; an array of them → 200 {data:
 * [records]}, written in order within one request (a burst no poll can see half of); 422 when one names
 * nothing usable (those before it are written).
 */
export function recordAtRoute(platform2: Platform2, body: unknown): P2Answer {
	const changes = Array.isArray(body) ? body : [body];
	const written: P2Record[] = [];
	for (const change of changes) {
		const b = (typeof change === 'object' && change !== null && !Array.isArray(change) ? change : {}) as Partial<RecordAt>;
		if (typeof b.collection !== 'string' || !b.collection.startsWith('/') || Number.isNaN(new Date(b.at ?? NaN).getTime())) {
			return { status: 422, body: { message: 'collection ("/calls", …) and at (ISO 8601 or epoch ms) are required' } };
		}
		try {
			written.push(recordAt(platform2, b as RecordAt));
		} catch (err) {
			return { status: 422, body: { message: err instanceof Error ? err.message : String(err) } };
		}
	}
	return { status: 200, body: { data: Array.isArray(body) ? written : written[0] } };
}
