/**
 * Deterministic Platform 2.0 data (same seed → same ids). Workspace A: a few records of each main
 * family so dropdowns have content, then one sample record in every other collection an operation
 * addresses by id, so every operation of the catalogue has something to act on. Workspace B: its own
 * single assistant. Both: the read-only catalogues (voices `voice:<uuid>`, languages, models) and their
 * own workspace record.
 */
import { createRng, pick, uuid, type Rng } from '../prng';
import { PLATFORM2_WORKSPACES, type KeyRing } from './keys';
import type { P2Record, RecordStore } from './records';
import type { Shapes } from './shapes';

/** The seed data's clock: records were made in the hours before this. */
export const PLATFORM2_SEED_BASE = Date.parse('2025-06-01T09:00:00Z');

type Add = (collection: string, fields: Record<string, unknown>, parents?: Array<string | number>) => P2Record;

function adder(records: RecordStore, workspaceId: string, rng: Rng): Add {
	let hoursAgo = 0;
	return (collection, fields, parents = []) => {
		const at = new Date(PLATFORM2_SEED_BASE - ++hoursAgo * 3_600_000).toISOString();
		return records.append(workspaceId, collection, parents, { id: uuid(rng), ...fields, created_at: at, updated_at: at });
	};
}

function catalogues(add: Add, rng: Rng): void {
	const voices: Array<[string, string, string]> = [
		['Anna', 'de-DE', 'female'],
		['Lukas', 'de-DE', 'male'],
		['Emma', 'en-US', 'female'],
		['James', 'en-GB', 'male'],
		['Lucía', 'es-ES', 'female'],
		['Noa', 'en-US', 'neutral'],
	];
	for (const [name, language, gender] of voices) {
		add('/voices', { id: `voice:${uuid(rng)}`, name, language, gender, provider: pick(rng, ['cartesia', 'elevenlabs']), mode: 'tts' });
	}
	for (const [code, name] of [['de-DE', 'German'], ['en-US', 'English (US)'], ['en-GB', 'English (UK)'], ['es-ES', 'Spanish'], ['fr-FR', 'French']]) {
		add('/languages', { id: code, code, name });
	}
	for (const [id, provider] of [['gpt-4o-mini', 'openai'], ['gpt-4.1', 'openai'], ['claude-3-5-sonnet', 'anthropic'], ['gemini-2.0-flash', 'google']]) {
		add('/models', { id, provider, name: id });
	}
}

function workspaceA(add: Add, records: RecordStore, wsId: string, rng: Rng): void {
	const assistants = ['Sales Outreach', 'Reception', 'Appointment Reminder'].map((name, i) =>
		add('/assistants', { name, mode: 'pipeline', is_active: i !== 2, tags: i === 0 ? ['sales'] : [], primary_language: 'de-DE', llm_model: 'gpt-4o-mini', system_prompt: `You are ${name}.` }),
	);
	const numbers = [
		add('/phone-numbers', { number: '+4930555010101', country: 'DE', type: 'local', label: 'Berlin main', assistant_id: assistants[1].id, capabilities: { voice: true, sms: true } }),
		add('/phone-numbers', { number: '+4940555020202', country: 'DE', type: 'local', label: 'Hamburg outbound', assistant_id: null, capabilities: { voice: true, sms: false } }),
	];
	assistants[0].outbound_phone_number_id = numbers[1].id;
	const campaigns = [
		add('/campaigns', { name: 'Spring Promotion', status: 'draft', assistant_id: assistants[0].id, channel: 'phone_call', concurrency: 2 }),
		add('/campaigns', { name: 'Renewals', status: 'running', assistant_id: assistants[0].id, channel: 'phone_call', concurrency: 1 }),
	];
	for (const [name, phone] of [['Jonas Weber', '+4915112345670'], ['Mia Braun', '+4915112345678']]) {
		add('/campaigns/{}/leads', { campaign_id: campaigns[0].id, name, phone, email: null, tags: [], custom_fields: {}, status: 'pending' }, [campaigns[0].id]);
	}
	const kbs = [add('/knowledge-bases', { name: 'Product FAQ', description: 'What customers ask' }), add('/knowledge-bases', { name: 'Opening hours', description: null })];
	add('/knowledge-bases/{}/documents', { knowledge_base_id: kbs[0].id, name: 'Pricing', type: 'text', status: 'ready' }, [kbs[0].id]);
	add('/knowledge-bases/{}/documents', { knowledge_base_id: kbs[0].id, name: 'Returns policy', type: 'url', url: 'https://example.com/returns', status: 'ready' }, [kbs[0].id]);
	add('/knowledge-bases/{}/faqs', { knowledge_base_id: kbs[0].id, question: 'Do you ship to Austria?', answer: null, status: 'needs_answer' }, [kbs[0].id]);
	add('/knowledge-bases/{}/faqs', { knowledge_base_id: kbs[0].id, question: 'Can I return an item?', answer: 'Within 30 days.', status: 'approved' }, [kbs[0].id]);
	// api tools as toolConfig.ts reads them; on example.com, so a simulated call never calls them (sandbox/toolCalls.ts)
	const parameters = (name: string, description: string) => ({ type: 'object', properties: { [name]: { type: 'string', description } }, required: [name] });
	const tools = [
		add('/tools', {
			type: 'api',
			name: 'check_order_status',
			description: 'Looks up the status of an order by its number',
			config: { url: 'https://example.com/orders/{order_number}', method: 'GET', headers: [], timeout_sec: 10, parameters: parameters('order_number', 'The order number the caller reads out') },
			revision: 1,
		}),
		add('/tools', {
			type: 'api',
			name: 'book_appointment',
			description: 'Books an appointment for the caller',
			config: { url: 'https://example.com/bookings', method: 'POST', headers: [], timeout_sec: 15, parameters: parameters('date', 'The day, as YYYY-MM-DD') },
			revision: 1,
		}),
	];
	// the second tool is in use (archiveTool → tool_in_use), the first is free
	records.setSingleton(wsId, `/assistants/${assistants[0].id}/tools`, { tool_ids: [tools[1].id], revision: 1 });
	for (const [name, phone, email] of [['Jonas Weber', '+4915112345670', 'jonas@example.com'], ['Mia Braun', '+4915112345678', 'mia@example.com'], ['Ada Lovelace', '+442071234567', 'ada@example.com']]) {
		add('/leads', { name, phone_number: phone, email });
	}
	add('/segments', { name: 'Berlin customers', filters: { city: 'Berlin' } });
	add('/segments', { name: 'Did not answer', filters: { last_call_status: 'no_answer' } });
	add('/automations', { name: 'Send summary to CRM', status: 'active', trigger: 'call.completed' });
	add('/automations', { name: 'Follow-up SMS', status: 'paused', trigger: 'call.completed' });
	add('/calls', { status: 'completed', direction: 'outbound', assistant_id: assistants[0].id, to_number: '+4915112345670', from_number: numbers[1].number, duration_sec: 94 });
	add('/calls', { status: 'no_answer', direction: 'outbound', assistant_id: assistants[0].id, to_number: '+4915112345678', from_number: numbers[1].number, duration_sec: 0 });
	add('/suppression-list', { phone_number: '+4915199999999', email: null, channel: 'all', reason: 'opted out' });
	// the team, as List team members shows it: a membership ID (id) and the member's user ID ("Current
	// owner user ID from List team members", transferWorkspaceOwnership)
	for (const [name, email, role] of [['Klara Schmidt', 'klara@acme.example', 'owner'], ['Tom Becker', 'tom@acme.example', 'admin'], ['Lena Wolf', 'lena@acme.example', 'member']]) {
		add('/team-members', { user_id: uuid(rng), name, email, role });
	}
	// two dashboards, each with its widgets (a widget record is reusable: it may be attached to another)
	for (const [name, widgets] of [['Sales', ['Calls today', 'Conversion rate']], ['Support', ['Open callbacks']]] as const) {
		const dashboard = add('/dashboards', { name });
		for (const widget of widgets) add('/dashboards/{}/widgets', { name: widget, widget_type: 'statistic', data_table: 'calls', aggregation: 'count' }, [dashboard.id]);
	}
}

/** One sample record in every collection some operation addresses by id and the seed left empty. */
function fillCollections(add: Add, records: RecordStore, wsId: string, shapes: Shapes): void {
	const collections = [...shapes.recordCollections].sort((a, b) => a.split('{}').length - b.split('{}').length);
	for (const collection of collections) {
		if (collection === '/api-keys') continue; // the key ring's keys (behaviours/account.ts)
		const parentCollections = collection.split('/{}').slice(0, -1).map((_, i, all) => all.slice(0, i + 1).join('/{}'));
		const parents: Array<string | number> = [];
		for (const pc of parentCollections) {
			const first = records.list(wsId, pc, [...parents])[0];
			if (!first) break;
			parents.push(first.id);
		}
		if (parents.length !== parentCollections.length || records.list(wsId, collection, parents).length) continue;
		const kind = shapes.idKinds.get(collection);
		const name = collection.split('/').filter((s) => s && s !== '{}').join(' ');
		const fields: Record<string, unknown> = { name: `Sample ${name}` };
		if (kind === 'integer') fields.id = 1;
		if (collection === '/translation-sessions') fields.phrases = [1, 2, 3].map((sequence) => ({ sequence, speaker: (sequence % 2) + 1, text: `Phrase ${sequence}` }));
		if (collection === '/tools/{}/versions') fields.revision = 1;
		add(collection, fields, parents);
	}
}

/** Loads the seed into an empty store. */
export function seedPlatform2(records: RecordStore, keys: KeyRing, shapes: Shapes, seed: number): void {
	const rng = createRng((seed * 7_919 + 2_026) >>> 0);
	for (const ws of keys.workspaces) {
		const add = adder(records, ws.id, rng);
		add('/workspaces', { id: ws.id, name: ws.name, plan: ws.plan });
		catalogues(add, rng);
		if (ws.id === PLATFORM2_WORKSPACES.A.id) {
			workspaceA(add, records, ws.id, rng);
			fillCollections(add, records, ws.id, shapes);
		} else {
			add('/assistants', { name: 'Beta Front Desk', mode: 'pipeline', is_active: true, tags: [], primary_language: 'en-GB', llm_model: 'gpt-4o-mini' });
		}
	}
}
