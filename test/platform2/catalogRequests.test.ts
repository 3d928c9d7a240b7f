/**
 * Every Platform 2.0 operation, generated from the catalogue: filled with valid values it builds the
 * request the catalogue describes (method, path, query, body), and every rule a field states fails
 * on a bad value, naming the field and the item, before a request exists. (The same requests through
 * n8n's engine against the sandbox: operations.e2e-like sandbox tests in this folder.)
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { itemParams } from '../../nodes/VoiceAssistant/engine/itemParams';
import { OPERATIONS } from '../../nodes/VoiceAssistant/actions/platform2/catalog/catalog.generated';
import { collectionOf, isPicked } from '../../nodes/VoiceAssistant/actions/platform2/fields';
import { catalogOperation } from '../../nodes/VoiceAssistant/actions/platform2/operation';
import { badValues, filledOperation } from './catalogValues';

const node: INode = { id: 'n', name: 'Voice Assistant', type: 'voiceAssistant', typeVersion: 2, position: [0, 0], parameters: {} };

/** The item's parameters as n8n hands them to `prepare`: what was set, else the caller's fallback. */
function prepare(opId: string, parameters: IDataObject) {
	const ctx = {
		getNode: () => node,
		getNodeParameter: (name: string, _item: number, fallback: unknown) => (name in parameters ? parameters[name] : fallback),
	} as unknown as IExecuteFunctions;
	const op = catalogOperation(OPERATIONS.find((entry) => entry.id === opId)!);
	return op.prepare(itemParams(ctx, 0, false)).request;
}

describe.each(OPERATIONS.map((op) => [op.id, op] as const))('%s', (id, op) => {
	const filled = filledOperation(op);

	test(`${op.method} ${op.path}: the request the catalogue describes`, () => {
		const request = prepare(id, filled.parameters);
		expect(request.method).toBe(op.method);
		expect(request.path).toBe(filled.path);
		expect(request.qs ?? {}).toEqual(filled.qs);
		expect(request.body).toEqual(filled.body);
		expect(request.platform2?.operation).toBe(op.name);
		if (op.paging && op.paging.style !== 'limitOnly') expect(request.paging?.style).toBe(op.paging.style);
	});

	const rules = op.fields.flatMap((field) => badValues(field).map(([rule, typed, says]) => [`${field.label}: ${rule}`, field, typed, says] as const));
	if (rules.length === 0) return;
	test.each(rules)('refused before sending: %s', (_name, field, typed, says) => {
		const parameters = structuredClone(filled.parameters);
		const given = isPicked(field) && field.type === 'string' ? { __rl: true, mode: 'id', value: typed } : (typed as IDataObject[string]);
		if (field.required) parameters[field.param] = given;
		else (parameters[collectionOf(op, field)] as IDataObject)[field.param] = given;
		expect(() => prepare(id, parameters)).toThrow(expect.objectContaining({ message: expect.stringContaining(field.label) }));
		expect(() => prepare(id, parameters)).toThrow(says);
		expect(() => prepare(id, parameters)).toThrow('[item 0]');
	});
});
