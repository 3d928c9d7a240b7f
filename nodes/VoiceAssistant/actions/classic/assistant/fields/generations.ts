import type { IDataObject } from 'n8n-workflow';

import type { Lookup } from '../../../../engine/operation';
import { isObject } from '../../../../shared/objects';

/**
 * The assistant body in the 2026 docs' keys (docs/platform-facts.md, "Assistant
 * body keys of the two generations"). The node's fields follow the reference (names for language and model,
 * receive|make, engine_type); hosts of the 2026 generation want `name`, `language_id`,
 * `llm_model_id` | `multimodal_model_id`, `type` (inbound|outbound) and `mode`. The IDs are read
 * from the host's own lists, once per run and only when a host needs them.
 */

const SAME_VALUE: Record<string, string> = { assistant_name: 'name', engine_type: 'mode' };
const DIRECTION: Record<string, string> = { receive: 'inbound', make: 'outbound' };
const REFERENCE_KEYS = ['assistant_name', 'language', 'llm_model', 'calls_direction', 'engine_type'];

/** The keys only the 2026 form carries (what a 2026 host's 422 names when it gets the reference's form). */
export const KEYS_2026 = ['name', 'language_id', 'llm_model_id', 'multimodal_model_id', 'type', 'mode'];

/** Whether a body carries a key the two generations spell differently. */
export function hasGenerationKeys(body: IDataObject): boolean {
	return REFERENCE_KEYS.some((key) => body[key] !== undefined);
}

/** The 2026 keys for the reference keys of `body` (only those present). */
export async function keys2026(body: IDataObject, lookup: Lookup): Promise<IDataObject> {
	const keys: IDataObject = {};
	for (const [from, to] of Object.entries(SAME_VALUE)) if (body[from] !== undefined) keys[to] = body[from];
	if (typeof body.calls_direction === 'string') keys.type = DIRECTION[body.calls_direction];
	if (typeof body.language === 'string') keys.language_id = await idOf(lookup, 'languages', body.language, 'Language');
	if (typeof body.llm_model === 'string') {
		// Speech-to-speech engines name their model from ?type=multimodal|dualplex, as multimodal_model_id.
		const engine = body.engine_type === 'multimodal' || body.engine_type === 'dualplex' ? body.engine_type : undefined;
		if (engine) keys.multimodal_model_id = await idOf(lookup, engine, body.llm_model, 'LLM Model');
		else keys.llm_model_id = await idOf(lookup, 'llm', body.llm_model, 'LLM Model');
	}
	return keys;
}

/** Create on a 2026 host: its keys in place of the reference's. */
export async function createForm2026(body: IDataObject, lookup: Lookup): Promise<IDataObject> {
	const rest = Object.fromEntries(Object.entries(body).filter(([key]) => !REFERENCE_KEYS.includes(key)));
	return { ...rest, ...(await keys2026(body, lookup)) };
}

const LISTS: Record<string, { path: string; qs?: IDataObject }> = {
	languages: { path: '/user/assistants/languages' },
	llm: { path: '/user/assistants/models' },
	multimodal: { path: '/user/assistants/models', qs: { type: 'multimodal' } },
	dualplex: { path: '/user/assistants/models', qs: { type: 'dualplex' } },
};

/** The ID of the record named `name` (or with that code) in one of the host's lists. */
async function idOf(lookup: Lookup, list: string, name: string, field: string): Promise<number> {
	const { path, qs } = LISTS[list];
	const records = await lookup.once(`assistant-list:${list}`, async (api) => {
		const answer = await api.request({ method: 'GET', path, ...(qs ? { qs } : {}) });
		const items = isObject(answer) && Array.isArray(answer.data) ? answer.data : answer;
		return (Array.isArray(items) ? items : []).filter(isObject);
	});
	const wanted = name.trim().toLowerCase();
	const found = records.find((r) => [r.name, r.code].some((v) => typeof v === 'string' && v.toLowerCase() === wanted));
	if (found && typeof found.id === 'number') return found.id;
	const known = records.map((r) => String(r.name)).slice(0, 10).join(', ');
	throw lookup.fail(field, `"${name.slice(0, 60)}" is not in this host's list (${path}${qs ? `?type=${String(qs.type)}` : ''}): ${known || 'the list is empty'}`);
}
