import type { INodeProperties } from 'n8n-workflow';

import { valueOptions } from '../../../shared/fields';
import { recordLocator } from '../../../shared/locators';
import { GROUP_COLORS } from '../../../shared/limits';
import type { OtherForm } from '../../../engine/operation';

/**
 * Folders and labels (2026 docs) organise assistants and work alike: a list, create, update and
 * delete, on their own paths. The docs write singular paths (POST /user/folder, PUT|DELETE
 * /user/folder/{id}); Famulor's MCP server writes plural ones (/user/folders…). The docs' form goes
 * first; a host that proves it has no such route gets the plural form once, remembered per host
 * (transport/forms.ts).
 */
export interface GroupKind {
	/** 'Folder': the resource's name, and how errors name a record ("Folder 3 was not found") */
	noun: 'Folder' | 'Label';
	/** the list (plural in every source) */
	listPath: string;
	/** the docs' write path (singular) */
	writePath: string;
	/** the MCP server's write path (plural) */
	otherWritePath: string;
	/** the key under which the host's spelling is remembered */
	dialect: string;
	searchListMethod: string;
	/** what it does for an assistant, for descriptions */
	purpose: string;
}

export const FOLDER: GroupKind = {
	noun: 'Folder',
	listPath: '/user/folders',
	writePath: '/user/folder',
	otherWritePath: '/user/folders',
	dialect: 'folder write path',
	searchListMethod: 'searchFolders',
	purpose: 'an assistant is in at most one folder (its folder ID)',
};

export const LABEL: GroupKind = {
	noun: 'Label',
	listPath: '/user/labels',
	writePath: '/user/label',
	otherWritePath: '/user/labels',
	dialect: 'label write path',
	searchListMethod: 'searchLabels',
	purpose: 'an assistant may carry several labels (its label IDs)',
};

export const lower = (kind: GroupKind) => kind.noun.toLowerCase();

export function groupLocator(kind: GroupKind, description: string): INodeProperties {
	return recordLocator({ name: `${lower(kind)}Id`, noun: lower(kind), example: '3', searchListMethod: kind.searchListMethod, description });
}

/** The MCP server's spelling of a write: `<plural>` or `<plural>/{id}`. */
export function otherForm(kind: GroupKind, id?: number): OtherForm {
	return { dialect: kind.dialect, path: id === undefined ? kind.otherWritePath : `${kind.otherWritePath}/${id}` };
}

/** Update's "No Color": sent as null, which clears the colour. */
export const NO_COLOR = 'none';

const colorOptions = valueOptions(GROUP_COLORS);

/** Create's colour (left out: none). */
export const colorField: INodeProperties = {
	displayName: 'Color',
	name: 'color',
	type: 'options',
	options: colorOptions,
	default: 'gray',
	description: 'The colour it is shown in on the dashboard',
};

/** Update's colour: also "No Color", which clears it. */
export const colorUpdateField: INodeProperties = {
	displayName: 'Color',
	name: 'color',
	type: 'options',
	options: [{ name: 'No Color', value: 'none', description: 'Clear the colour' }, ...colorOptions],
	default: 'none',
	description: 'The colour it is shown in on the dashboard',
};
