import type { IDataObject } from 'n8n-workflow';

import { returnAllFields } from '../../../shared/fields';
import { GROUP_COLORS, GROUP_NAME_MAX, PAGE_SIZE } from '../../../shared/limits';
import { requireOneOf, requireText } from '../../../shared/validate';
import { dataAnswer, writeResult } from '../../../engine/answers';
import type { ItemParams } from '../../../engine/itemParams';
import type { Operation, Prepared } from '../../../engine/operation';
import { deleteOperation } from '../deleteRecord';
import { colorField, colorUpdateField, groupLocator, lower, NO_COLOR, otherForm, type GroupKind } from './kinds';

/** The four operations of a folder or a label, written once (kinds.ts says what differs). */

/** GET /user/folders?per_page=&page= → {data, current_page, per_page, total}, walked for Return All / Limit. */
export function getManyOperation(kind: GroupKind): Operation<Prepared> {
	return {
		value: 'getMany',
		name: 'Get Many',
		description: `List the ${lower(kind)}s that organise your assistants, with how many assistants each has`,
		action: `Get many ${lower(kind)}s`,
		fields: returnAllFields(),
		prepare(item) {
			const { returnAll, limit } = item.paging();
			return { request: { method: 'GET', path: kind.listPath, paging: { returnAll, limit, maxPerPage: PAGE_SIZE.groups.max } } };
		},
		output: (records) => records as IDataObject[],
	};
}

const nameField = (kind: GroupKind) => ({
	displayName: 'Name',
	name: 'name',
	type: 'string' as const,
	default: '',
	placeholder: kind.noun === 'Folder' ? 'e.g. Sales' : 'e.g. VIP',
	description: `The ${lower(kind)}'s name, unique in the account (at most ${GROUP_NAME_MAX} characters)`,
});

/** POST /user/folder {name, color} → 201 {message, data} (POST /user/folders on hosts that speak the MCP server's paths). */
export function createOperation(kind: GroupKind): Operation<Prepared> {
	const noun = lower(kind);
	return {
		value: 'create',
		name: 'Create',
		description: `Create a ${noun} to organise assistants: ${kind.purpose}`,
		action: `Create a ${noun}`,
		write: { mayHaveHappened: `the ${noun} may have been created`, done: [`${noun} created`, `${noun}s created`] },
		fields: [
			{ ...nameField(kind), required: true },
			{ displayName: 'Additional Fields', name: 'additionalFields', type: 'collection', placeholder: 'Add Field', default: {}, options: [colorField] },
		],
		prepare(item) {
			const given = item.get('additionalFields', {}) as IDataObject;
			const body: IDataObject = { name: groupName(item, item.get('name')) };
			if (given.color !== undefined && given.color !== '') body.color = color(item, given.color);
			return { request: { method: 'POST', path: kind.writePath, body, otherForm: otherForm(kind) } };
		},
		output: (answer, { request }, api) => [writeResult(dataAnswer(answer, api, request, `the ${noun} was probably created`))],
	};
}

export interface UpdateGroup extends Prepared {
	id: number;
}

/** PUT /user/folder/{id} {name?, color?} (null clears the colour) → {message, data}. */
export function updateOperation(kind: GroupKind): Operation<UpdateGroup> {
	const noun = lower(kind);
	return {
		value: 'update',
		name: 'Update',
		description: `Rename a ${noun} or change its colour`,
		action: `Update a ${noun}`,
		write: { mayHaveHappened: `the ${noun} may have been updated`, done: [`${noun} updated`, `${noun}s updated`] },
		fields: [
			groupLocator(kind, `The ${noun} to change`),
			{
				displayName: 'Update Fields',
				name: 'updateFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				options: [colorUpdateField, nameField(kind)],
			},
		],
		prepare(item) {
			const id = item.locatorId(`${noun}Id`, kind.noun);
			const given = item.get('updateFields', {}) as IDataObject;
			const body: IDataObject = {};
			if (given.name !== undefined) body.name = groupName(item, given.name);
			if (given.color !== undefined) body.color = given.color === NO_COLOR || given.color === null ? null : color(item, given.color);
			if (Object.keys(body).length === 0) throw item.fail('Update Fields', 'is empty: add the name or the colour');
			return { id, request: { method: 'PUT', path: `${kind.writePath}/${id}`, body, notFound: `${kind.noun} ${id}`, otherForm: otherForm(kind, id) } };
		},
		output: (answer, { id }) => [{ id, ...writeResult(answer) }],
	};
}

/** DELETE /user/folder/{id} → {message}: a folder's assistants become uncategorised, a label leaves its assistants. */
export function deleteGroupOperation(kind: GroupKind) {
	const noun = lower(kind);
	return deleteOperation({
		noun: kind.noun,
		path: kind.writePath,
		idField: groupLocator(kind, `The ${noun} to delete`),
		description:
			kind.noun === 'Folder'
				? 'Delete a folder; its assistants stay, uncategorised'
				: 'Delete a label; it is taken off its assistants, which stay',
		otherPath: { dialect: kind.dialect, path: kind.otherWritePath },
	});
}

function groupName(item: ItemParams, value: unknown): string {
	return requireText(item.node, typeof value === 'string' ? value.trim() : value, item.where('Name'), GROUP_NAME_MAX);
}

function color(item: ItemParams, value: unknown): string {
	return requireOneOf(item.node, typeof value === 'string' ? value.trim().toLowerCase() : value, GROUP_COLORS, item.where('Color'));
}
