/**
 * The triggers' Platform 2.0 pickers (assistants, campaigns, messaging connectors): the same lists as the
 * action node's, built from those lists' part of the catalogue only, so a trigger does not load all of it.
 */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { FAMILIES } from '../actions/platform2/catalog/generated/families';
import { OPERATIONS as ASSISTANT_OPERATIONS } from '../actions/platform2/catalog/generated/assistants';
import { OPERATIONS as CAMPAIGN_OPERATIONS } from '../actions/platform2/catalog/generated/campaigns';
import { OPERATIONS as MESSAGING_OPERATIONS } from '../actions/platform2/catalog/generated/messaging';
import { familySearchMethod } from '../actions/platform2/families';
import { listedAmong, scan, searchRecords, type Search } from './platform2Lists';

const TRIGGER_FAMILIES = ['assistant', 'campaign', 'messagingConnector'];

const listed = listedAmong(
	FAMILIES.filter((family) => TRIGGER_FAMILIES.includes(family.family)),
	[...ASSISTANT_OPERATIONS, ...CAMPAIGN_OPERATIONS, ...MESSAGING_OPERATIONS],
);

/** searchPlatform2Assistant, searchPlatform2Campaign, searchPlatform2MessagingConnector: the names the action node's pickers have. */
export const platform2TriggerSearch: Record<string, Search> = Object.fromEntries(
	listed.map((family) => [
		familySearchMethod(family.family),
		async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
			return await searchRecords(this, family, family.operation.path, filter?.trim() ?? '', paginationToken);
		},
	]),
);

const assistants = listed.find((family) => family.family === 'assistant');

/**
 * The workspace's assistants for a multi-select (the tool-call event's Assistants): the same list as
 * the pickers, read whole up to the pickers' scan limit, by name.
 */
export async function getPlatform2Assistants(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	if (!assistants) return [];
	const items = await scan(this, assistants, assistants.operation.path);
	return items.map((item) => ({ name: item.name, value: String(item.value), description: `ID ${String(item.value)}` })).sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));
}
