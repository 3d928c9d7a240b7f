/**
 * What the Knowledge Base and Knowledge Base Document resources share: the paths, the record pickers
 * and the name/description fields (docs/platform-facts.md, "Knowledge bases").
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { recordLocator } from '../../../shared/locators';
import { optionalText, requireText } from '../../../shared/validate';
import type { ItemParams } from '../../../engine/itemParams';

export const KB_PATH = '/user/knowledgebases';
/** Longest name and description the platform takes (both resources). */
export const TEXT_MAX = 255;

/** The knowledge base, From List (GET /user/knowledgebases) or By ID. */
export function knowledgeBaseLocator(description: string): INodeProperties {
	return {
		...recordLocator({ name: 'knowledgeBaseId', noun: 'knowledge base', example: '3', searchListMethod: 'searchKnowledgeBases', description }),
		displayName: 'Knowledge Base',
	};
}

export function readKnowledgeBaseId(item: ItemParams): number {
	return item.locatorId('knowledgeBaseId', 'Knowledge Base');
}

export function nameField(description: string): INodeProperties {
	return { displayName: 'Name', name: 'name', type: 'string', default: '', required: true, description: `${description} (at most 255 characters)` };
}

export function descriptionField(description: string): INodeProperties {
	return { displayName: 'Description', name: 'description', type: 'string', default: '', description: `${description} (at most 255 characters)` };
}

/** The required Name, checked before sending. */
export function readName(item: ItemParams): string {
	return requireText(item.node, item.get('name'), item.where('Name'), TEXT_MAX);
}

/** Update Fields with Name and Description, the only two either record lets change. */
export function updateFields(noun: string): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: `The platform lets the name and the description of a ${noun} change`,
		options: [
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'The new name (at most 255 characters)' },
			{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'The new description (at most 255 characters); empty clears it' },
		],
	};
}

/** The PUT body from Update Fields: at least one of the two. An empty Description clears it (sent as ""). */
export function readUpdateBody(item: ItemParams): IDataObject {
	const fields = item.get('updateFields', {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.name !== undefined) body.name = requireText(item.node, fields.name, item.where('Name'), TEXT_MAX);
	if (fields.description !== undefined) body.description = optionalText(item.node, fields.description, item.where('Description'), TEXT_MAX) ?? '';
	if (Object.keys(body).length === 0) throw item.fail('Update Fields', 'is empty: add Name or Description');
	return body;
}
