import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { isObject } from '../shared/objects';
import { apiRequest } from '../transport/request';

/**
 * Dropdowns whose value is a record's numeric ID, for the fields the 2026 docs add to assistants
 * (language_id, secondary_language_ids, synthesizer/transcriber providers).
 */

/** A list answered bare or as {data: [...]} (the 2026 docs show both for the provider lists). */
async function listOf(ctx: ILoadOptionsFunctions, endpoint: string, qs: IDataObject = {}): Promise<IDataObject[]> {
	const answer = (await apiRequest.call(ctx, 'GET', endpoint, { qs })) as unknown;
	const list = isObject(answer) && Array.isArray(answer.data) ? answer.data : answer;
	return Array.isArray(list) ? list.filter(isObject) : [];
}

function idOptions(records: IDataObject[], label: (record: IDataObject) => string): INodePropertyOptions[] {
	return records
		.map((record) => ({ name: label(record), value: Number(record.id), description: `ID ${String(record.id)}` }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** Languages by ID (GET /user/assistants/languages), for filters and the 2026 form's language_id. */
export async function getLanguageIds(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const languages = await listOf(this, '/user/assistants/languages');
	return idOptions(languages, (l) => (l.iso_2 ? `${String(l.name)} (${String(l.iso_2)})` : String(l.name)));
}

/** Every provider: the assistant form names its language, not the language's ID, so nothing narrows the list. */
async function providerOptions(ctx: ILoadOptionsFunctions, kind: 'synthesizer' | 'transcriber'): Promise<INodePropertyOptions[]> {
	return idOptions(await listOf(ctx, `/user/assistants/${kind}-providers`), (p) => String(p.name));
}

/** LLMs by ID (GET /user/assistants/models), e.g. the chat fallback model. */
export async function getModelIds(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return idOptions(await listOf(this, '/user/assistants/models'), (m) => String(m.name));
}

export async function getSynthesizerProviders(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return providerOptions(this, 'synthesizer');
}

export async function getTranscriberProviders(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return providerOptions(this, 'transcriber');
}
