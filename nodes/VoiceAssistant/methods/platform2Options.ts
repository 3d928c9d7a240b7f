import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { OPERATIONS } from '../actions/platform2/catalog/catalog.generated';
import { LANGUAGE_OPTIONS, LLM_MODEL_OPTIONS } from '../actions/platform2/families';
import { apiRequest } from '../transport/request';

/**
 * Platform 2.0 dropdowns for values that are codes, not records: the assistant languages (codes such
 * as de-DE) and the LLM models (names such as gpt-4o-mini), read from the catalogue's lists.
 */
async function records(ctx: ILoadOptionsFunctions, id: string, qs: IDataObject = {}): Promise<IDataObject[]> {
	const list = OPERATIONS.find((op) => op.id === id);
	if (!list) return [];
	const answer = (await apiRequest.call(ctx, 'GET', list.path, { qs, platform2: { operation: list.name, scopes: list.scopes } })) as IDataObject | undefined;
	return Array.isArray(answer?.data) ? (answer.data as IDataObject[]) : [];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : undefined);

function byName(a: INodePropertyOptions, b: INodePropertyOptions): number {
	return a.name.localeCompare(b.name);
}

export const platform2LoadOptions = {
	/** GET /languages: "German (de-DE)" → de-DE (a language's code is its ID). */
	async [LANGUAGE_OPTIONS](this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await records(this, 'listLanguages'))
			.flatMap((language) => {
				const code = text(language.code) ?? text(language.id);
				if (!code) return [];
				const name = text(language.name);
				return [{ name: name ? `${name} (${code})` : code, value: code }];
			})
			.sort(byName);
	},
	/** GET /models?type=llm: the language models an assistant's llm_model takes, by ID, with their provider. */
	async [LLM_MODEL_OPTIONS](this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await records(this, 'listModels', { type: 'llm' }))
			.flatMap((model) => {
				const id = text(model.id) ?? text(model.name);
				if (!id) return [];
				const provider = text(model.provider);
				return [{ name: text(model.name) ?? id, value: id, ...(provider ? { description: provider } : {}) }];
			})
			.sort(byName);
	},
};
