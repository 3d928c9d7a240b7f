/**
 * The generic answer of an operation, by its shape (shapes.ts): create (201 {data: record}), list
 * (paged), read, update (merge), replace, delete ({data: {id, deleted: true}}), singleton documents,
 * and 200 {data: {…}} for the actions nothing more specific is known about.
 */
import { data, type P2Answer } from './answers';
import { newId, nowIso, parentField, type P2Call } from './context';
import { filterRows, pageOf } from './paging';
import type { P2Record } from './records';

/** Item reads the README says nest the record under a key (`GET /automations/{id}` → data.automation). */
const NESTED_ITEMS: Record<string, string> = { getAutomation: 'automation' };

/** Fields a client may not set: the record's identity and clock. */
const SERVER_FIELDS = ['id', 'created_at', 'updated_at'];

function writable(body: unknown): Record<string, unknown> {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
	const out = { ...(body as Record<string, unknown>) };
	for (const f of SERVER_FIELDS) delete out[f];
	return out;
}

/** A new record in the call's collection from `fields`, stored newest first. */
export function createRecord(call: P2Call, fields: Record<string, unknown>): P2Record {
	const { state, workspace, shape, parents } = call;
	const collection = shape.collection!;
	const parent = parentField(collection);
	const now = nowIso();
	const record: P2Record = {
		id: newId(state, state.shapes.idKinds.get(collection), () => state.records.list(workspace.id, collection, parents)),
		...(parent && parents.length ? { [parent]: parents[parents.length - 1] } : {}),
		...fields,
		created_at: now,
		updated_at: now,
	};
	return state.records.insert(workspace.id, collection, parents, record);
}

export function listRows(call: P2Call): P2Record[] {
	return filterRows(call.state.records.list(call.workspace.id, call.shape.collection!, call.parents), call.query, call.op);
}

export function readAnswer(call: P2Call, record: P2Record, meta?: Record<string, unknown>): P2Answer {
	const nest = NESTED_ITEMS[call.op.id];
	return data(nest ? { [nest]: record } : record, meta);
}

export function genericAnswer(call: P2Call): P2Answer {
	const { shape, state, workspace } = call;
	const item = call.found[call.found.length - 1];
	switch (shape.kind) {
		case 'create':
			return data(createRecord(call, writable(call.body)), undefined, 201);
		case 'list':
			return pageOf(call.op, listRows(call), call.query, call.state.listOrder);
		case 'read':
			return readAnswer(call, item);
		case 'update':
			Object.assign(item, writable(call.body), { updated_at: nowIso() });
			return data(item);
		case 'replace': {
			const kept = { id: item.id, created_at: item.created_at };
			for (const k of Object.keys(item)) delete item[k];
			Object.assign(item, kept, writable(call.body), { updated_at: nowIso() });
			return data(item);
		}
		case 'delete':
			state.records.remove(workspace.id, shape.collection!, call.parents, item);
			return data({ id: item.id, deleted: true });
		case 'item-action':
			return data({ id: item.id, operation: call.op.id, accepted: true });
		case 'singleton':
			return singletonAnswer(call);
		default:
			return data({ operation: call.op.id, accepted: true });
	}
}

/** GET reads the document (empty until written), PATCH and POST merge, PUT replaces, DELETE clears. */
function singletonAnswer(call: P2Call): P2Answer {
	const { records } = call.state;
	const ws = call.workspace.id;
	const current = records.singleton(ws, call.path);
	switch (call.op.method) {
		case 'GET':
			return data(current ?? {});
		case 'DELETE':
			records.setSingleton(ws, call.path, undefined);
			return data({ deleted: true });
		case 'PUT': {
			const doc = { ...writable(call.body), updated_at: nowIso() };
			records.setSingleton(ws, call.path, doc);
			return data(doc);
		}
		default: {
			const doc = { ...current, ...writable(call.body), updated_at: nowIso() };
			records.setSingleton(ws, call.path, doc);
			return data(doc);
		}
	}
}
