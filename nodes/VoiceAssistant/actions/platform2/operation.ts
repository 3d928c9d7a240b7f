import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { idempotencyKeyOf } from '../../engine/batch/idempotency';
import type { ItemParams } from '../../engine/itemParams';
import type { AnyOperation, ApiCall, Prepared } from '../../engine/operation';
import { returnAllFields } from '../../shared/fields';
import { unwrapLocator } from '../../shared/locators';
import { optInReasons } from './agentGuard';
import { platform2Records, withSecretNotice } from './answers';
import type { CatalogField, CatalogOperation } from './catalog/types';
import { JSON_BODY, collectionOf, operationFields } from './fields';
import { checkedFreeBody, checkedValue } from './values';

/** A catalogue operation's item, prepared: its request, and each value as checked, by the field's API name (wherever it is sent). */
export interface CatalogPrepared extends Prepared {
	values: IDataObject;
}

/**
 * One catalogue entry as an operation of the engine (engine/operation.ts): its fields, a `prepare`
 * that reads and checks every value before anything is sent, the request, and the answer's records.
 * Writes are remembered for Retry On Fail like every classic write; money, undo, explicit
 * confirmations and the catalogue rule's guard kinds decide what an AI agent may do without the user's switch.
 */
export function catalogOperation(op: CatalogOperation): AnyOperation {
	const read = op.method === 'GET';
	return {
		value: op.id,
		name: op.name,
		action: op.action,
		description: [`${op.action}.`, ...(op.cautions ?? [])].join(' '),
		fields: operationFields(op, pagingFields(op)),
		write: read ? undefined : writeEffect(op),
		prepare: (item): CatalogPrepared => preparedOf(op, item),
		output: async (answer, { request }, api) => {
			const records = withKeyShown(await platform2Records(answer, api, request), request);
			return op.flags?.includes('secretOnce') ? withSecretNotice(records) : records;
		},
	};
}

/** Each record of a write that carried an idempotency key says which (unless the answer says it already). */
function withKeyShown(records: IDataObject[], request: ApiCall): IDataObject[] {
	const key = idempotencyKeyOf(request);
	if (key === undefined) return records;
	return records.map((record) => ('idempotency_key' in record ? record : { ...record, idempotency_key: key }));
}

/** What a write did, may have done, and why an AI agent may not do it on its own (agentGuard.ts). */
function writeEffect(op: CatalogOperation): NonNullable<AnyOperation['write']> {
	const optIn = optInReasons(op);
	const done = op.name.toLowerCase();
	// A call or message to a number: an agent's sends are counted and kept to the allowed prefixes (engine/agent/).
	const destination = op.fields.find((field) => field.phone && (field.key === 'to_number' || field.key === 'to'));
	const reaches = destination ? (prepared: Prepared) => String((prepared.request.body as IDataObject | undefined)?.[destination.key] ?? '') : undefined;
	const agent = optIn.length > 0 || reaches ? { ...(optIn.length > 0 ? { needsOptIn: optIn.join(' and ') } : {}), ...(reaches ? { reaches } : {}) } : undefined;
	return {
		mayHaveHappened: `"${op.name}" may have been carried out`,
		done: [`${done} done`, `${done} done`],
		agent,
	};
}

function pagingFields(op: CatalogOperation): INodeProperties[] {
	if (!op.paging) return [];
	if (op.paging.style !== 'limitOnly') return returnAllFields();
	return [
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: op.paging.max },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

/**
 * The field's raw value, a picked record's ID out of its locator: top-level, or inside its collection
 * (undefined when not added). Not read through n8n's extractValue: the catalogue decides whether a field
 * is a picker, and a workflow saved while it was one keeps the locator after it became a text box (Voice
 * ID of Get Voice Preview), which extractValue leaves wrapped; it would also search the node's whole
 * description on every read of an expression.
 */
function rawValue(item: ItemParams, op: CatalogOperation, field: CatalogField): unknown {
	return unwrapLocator(field.required ? item.get(field.param, undefined) : (item.get(collectionOf(op, field), {}) as IDataObject)?.[field.param]);
}

/** The request of one item: every field checked, path parameters encoded, the body built from its fields. */
function preparedOf(op: CatalogOperation, item: ItemParams): CatalogPrepared {
	let path = op.path;
	const qs: IDataObject = {};
	const headers: Record<string, string> = {};
	const values: IDataObject = {};
	let fields: IDataObject | undefined;
	for (const field of op.fields) {
		const value = checkedValue(item, field, rawValue(item, op, field));
		if (value === undefined) continue;
		values[field.key] = value as IDataObject[string];
		if (field.in === 'path') path = path.replace(`{${field.key}}`, encodeURIComponent(String(value)));
		else if (field.in === 'query') qs[field.key] = field.commaSeparated && Array.isArray(value) ? value.join(',') : (value as IDataObject[string]);
		else if (field.in === 'header') headers[field.key] = String(value);
		else (fields ??= {})[field.key] = value as IDataObject[string];
	}
	const body = op.freeBody ? checkedFreeBody(item, op.freeBody, item.get(JSON_BODY, undefined)) : fields;
	const call: ApiCall = {
		method: op.method,
		path,
		platform2: {
			scopes: op.scopes,
			operation: op.name,
			noRetry: op.flags?.includes('noRetry') === true,
			...(Object.keys(headers).length > 0 ? { headers } : {}),
			...(op.binary ? { binary: true } : {}),
		},
	};
	// made per item by the engine when the user gives none (engine/batch/idempotency.ts)
	const key = op.fields.find((field) => field.idempotencyKey);
	if (key) call.idempotencyKey = { in: key.in === 'header' ? 'header' : 'body', name: key.key };
	if (Object.keys(qs).length > 0) call.qs = qs;
	if (body !== undefined) call.body = body as IDataObject;
	if (op.paging) {
		const paging = item.paging();
		const max = op.paging.max > 0 ? op.paging.max : Infinity;
		if (op.paging.style === 'limitOnly') {
			if (paging.limit > op.paging.max) throw item.fail('Limit', `must be at most ${op.paging.max} (got ${paging.limit})`);
			call.qs = { ...call.qs, limit: paging.limit };
		} else {
			call.paging = { ...paging, maxPerPage: max, style: op.paging.style };
		}
	}
	const id = op.fields.find((field) => field.in === 'path' && field.family);
	if (id) call.notFound = `${id.label} ${String(rawValue(item, op, id)).trim()}`;
	return { request: call, values };
}
