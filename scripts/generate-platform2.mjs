/**
 * Build step (before `n8n-node build`): turns the Platform 2.0 catalogue
 * (nodes/VoiceAssistant/actions/platform2/catalog/operations.json, one entry per API operation) into the
 * compact modules the node reads (catalog.generated.ts, with one module per resource in generated/): per operation its resource, names in plain
 * words, fields as the editor shows them (parameter name, label, kind, limits, the record family a
 * UUID belongs to) and the flags that decide retries and what an AI agent may do.
 *
 * Everything a person reads is decided here, from the data, by the small rules below; the runtime
 * (actions/platform2/*.ts) only turns these entries into n8n fields and requests.
 *
 *   node scripts/generate-platform2.mjs          write the module
 *   node scripts/generate-platform2.mjs --check  exit 1 if the committed module is out of date
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { fieldHelp } from './lib/platform2Words/help.mjs';
import { optionName } from './lib/platform2Words/options.mjs';
import { guardKinds } from './lib/agent-guard.mjs';
import { FAMILIES, FAMILIES_CHOSEN_BY, FAMILY_BY_COLLECTION, FAMILY_BY_FIELD, FAMILY_BY_FIELD_OF } from './lib/platform2Families.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'nodes/VoiceAssistant/actions/platform2/catalog');
export const SOURCE = path.join(dir, 'operations.json');
export const OUTPUT = path.join(dir, 'catalog.generated.ts');
/** One module per resource holds its operations (small files; the index above joins them). */
export const RESOURCE_DIR = path.join(dir, 'generated');

/** Text fields that hold a phone number to dial, text or register (sent in E.164), by API name; some only in one operation. */
const PHONE_FIELDS = new Set(['to_number', 'from_number', 'phone', 'phone_number', 'caller_number', 'transfer_number', 'forward_to']);
/** Array query parameters sent as one comma-separated value instead of the repeated name (docs/platform-facts.md, "Platform 2.0 array query parameters"). */
const COMMA_SEPARATED_OF = { listKnowledgeBaseFaqs: ['status'] };
const PHONE_FIELDS_OF = { sendSms: ['to'], createCallerId: ['number'], buyPhoneNumber: ['number'] };

/** Words that read better than the API's abbreviations in labels. */
const WORDS = { id: 'ID', ids: 'IDs', url: 'URL', urls: 'URLs', api: 'API', sms: 'SMS', sip: 'SIP', crm: 'CRM', qa: 'QA', e164: 'E.164', tts: 'TTS', stt: 'STT', llm: 'LLM', faq: 'FAQ', faqs: 'FAQs', dns: 'DNS', ivr: 'IVR', json: 'JSON', uuid: 'UUID', vat: 'VAT', oauth: 'OAuth', whatsapp: 'WhatsApp', ai: 'AI', csv: 'CSV', pdf: 'PDF', iban: 'IBAN', dnc: 'DNC', ip: 'IP', mcp: 'MCP', amd: 'AMD', elevenlabs: 'ElevenLabs', waba: 'WABA', pii: 'PII', vad: 'VAD', kpi: 'KPI', sid: 'SID', tls: 'TLS' };


/** Verbs of operation IDs and how the Operation dropdown says them. */
const VERBS = { list: 'Get Many', get: 'Get', create: 'Create', update: 'Update', delete: 'Delete', remove: 'Remove', add: 'Add', lookup: 'Look Up', login: 'Log In', logout: 'Log Out' };
/** Small words stay lower case inside a name, as n8n writes them ("Assign Leads to Campaign"). */
const SMALL_WORDS = new Set(['to', 'on', 'from', 'of', 'for', 'in', 'by', 'and', 'or']);

/** Operation names the rules cannot say well: the catalogue's ID reads as a code. */
const OPERATION_NAMES = { migrateFamulor1: 'Migrate from Famulor 1.0 (Classic)' };

/**
 * Resource names: the catalogue's tag, unless it names something else than the operations it holds
 * ("Milian Missions" holds the Routine operations), and always marked as Platform 2.0: n8n's node panel
 * lists every action under its resource's name, and classic has Call, Lead, SMS, White Label… too.
 */
const TAG_NAMES = { 'Milian Missions': 'Routines' };
const KIND_MARK = ' (Platform 2.0)';
const resourceName = (tag) => `${TAG_NAMES[tag] ?? tag}${KIND_MARK}`;

/** Labels by API name where the name alone reads badly (single letters, codes). */
const LABELS = { q: 'Search Text', dnc: 'Do Not Call', knowledgebase_id: 'Knowledge Base' };
/**
 * Labels for one operation's field, where two of its fields would read the same, or a field would
 * share the label of a field the engine adds (the AI tool's Description).
 */
const LABELS_OF = {
	'callTranslationSpeaker.phone_number': 'Phone Number to Call',
	'callTranslationSpeaker.phone_number_id': 'Caller Number (Your Phone Number)',
	'startTranslationSession.phone_number_id': 'Caller Number (Your Phone Number)',
	'createDashboardWidget.widget_id': 'Existing Widget',
	'transferWorkspaceOwnership.expected_owner_user_id': 'Current Owner',
	'updateLoopAvailability.recall_appointment_calendar_id': 'Recall Appointment Calendar',
	'updateLoopSettings.default_route_id': 'Default Routing Rule',
	'removeCarrierNumber.numberId': 'Imported Phone Number',
	'reviewSubscriptionPaymentChange.addon_ids': 'Add-On IDs',
	'setLoopNumberRoute.target_id': 'Target',
	'updateDashboardWidget.widget_id': 'Existing Widget',
	'createPlatformCustomPayment.description': 'Payment Description',
	'replyToHistoryConversation.id': 'Conversation ID',
	'createRoutine.id': 'Routine ID',
	'completeWhatsAppEmbeddedSignup.phone_number_id': 'Meta Phone Number ID',
	'createMessagingConnector.phone_number_id': 'Meta Phone Number ID',
	// the API takes the template as `id` or as `template_id`: two pickers, two labels
	'whatsAppTemplatesAction.template_id': 'WhatsApp Template (as template_id)',
};

/**
 * Operations whose cost depends on what is asked: said on the values that cost (the option's help) and
 * in the operation's description, instead of "Costs credits" on every call. Values from the catalogue's
 * credit kinds (reanalyze_usage, retranscribe_usage, recording_usage) and its notes.
 */
const COSTS_WHEN = {
	runCallActions: { field: 'action', values: ['reanalyze', 'retranscribe'] },
	runHistoryActions: { field: 'action', values: ['reanalyze', 'retranscribe'] },
	setLoopRecording: { field: 'action', values: ['start'] },
	runAutomationAiAction: { field: 'dry_run', said: 'Costs credits unless Dry Run is on.' },
	addKnowledgeDocument: { said: 'Costs credits when it re-ingests a cloud drive document (document_id).' },
};

const words = (text) =>
	text
		.replace(/(w|W)hatsApp/g, '$1hatsapp')
		.replace(/IDs\b/g, 'Ids')
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.split(/[\s_\-]+/)
		.filter(Boolean);
const titleWord = (word) => WORDS[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
const title = (text) => words(text).map(titleWord).join(' ');
const camel = (text) => {
	const parts = words(text).map((w) => w.toLowerCase());
	return parts[0] + parts.slice(1).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
};

/** "createCall" → "Create Call"; "listCalls" → "Get Many Calls". */
function operationName(id) {
	if (OPERATION_NAMES[id]) return OPERATION_NAMES[id];
	const [verb, ...rest] = words(id);
	const said = VERBS[verb.toLowerCase()] ?? titleWord(verb);
	return [said, ...rest.map((word) => (SMALL_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : titleWord(word)))].join(' ');
}

/**
 * Resource values the classic resources already use. n8n's node panel lists a resource's actions from
 * the first Operation field shown for its value, whatever else that field's display options say, so a
 * 2.0 resource sharing a classic value would list the classic operations: those get a suffix.
 * (test/platform2/resources.test.ts checks that no value is shared.)
 */
const CLASSIC_RESOURCE_VALUES = new Set(['account', 'sms', 'whiteLabel']);

function resourceValue(tag) {
	const value = camel(tag.replace(/[^A-Za-z0-9 ]/g, ' '));
	return CLASSIC_RESOURCE_VALUES.has(value) ? `${value}Platform2` : value;
}

/** The family a path parameter's record belongs to: the collection path in front of it. */
function pathFamily(opPath, name) {
	const at = opPath.indexOf(`{${name}}`);
	const collection = opPath.slice(0, at).replace(/\/$/, '').replace(/\{[^}]+\}/g, '{}');
	return FAMILY_BY_COLLECTION[collection];
}

/** What a family's records are called in the editor. */
const familyLabel = (family) => FAMILIES[family]?.[0] ?? FAMILIES_CHOSEN_BY[family]?.label;

function fieldLabel(name, family, isList) {
	if (LABELS[name]) return LABELS[name];
	if (family && (name === 'id' || /_ids?$/.test(name) || /Id$/.test(name))) {
		const label = familyLabel(family);
		const qualifier = words(name.replace(/_?ids?$/i, '')).filter((w) => !words(label).map((x) => x.toLowerCase()).includes(w.toLowerCase()));
		const named = qualifier.length > 0 && name !== 'id' ? `${qualifier.map(titleWord).join(' ')} ${label}` : label;
		return isList ? `${named}s` : named;
	}
	return title(name);
}

/** "/loop/number-routes/{id}" → "Loop Number Route": what a path ID of no known family names. */
function pathSubject(opPath) {
	const segments = opPath.slice(0, opPath.indexOf('{id}')).split('/').filter(Boolean).slice(-2);
	const singular = (segment) => segment.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');
	return segments.map((segment) => title(singular(segment))).join(' ');
}

/**
 * Parameter names the node and n8n use themselves: an API field of the same name (Create Assistant
 * Automation's tool_description) would collide with n8n's tool Description on the AI-agent tool.
 */
const RESERVED_PARAMS = new Set(['resource', 'operation', 'accountKind', 'toolDescription', 'allowForAiAgent', 'maxToolCallsPerExecution', 'allowedNumberPrefixes', 'requestOptions']);

/** One catalogue field → the entry the runtime builds an n8n field from. */
function field(raw, where, op, taken) {
	const isPath = where === 'path';
	const family = isPath ? pathFamily(op.path, raw.name) : (FAMILY_BY_FIELD_OF[op.id]?.[raw.name] ?? FAMILY_BY_FIELD[raw.name]);
	const isList = raw.type === 'array';
	const uuid = raw.format === 'uuid' || raw.items?.format === 'uuid';
	let param = camel(raw.name);
	if (taken.has(param) || RESERVED_PARAMS.has(param)) param = camel(`${where} ${raw.name}`);
	taken.add(param);
	const subject = isPath && raw.name === 'id' && !(uuid && family) ? pathSubject(op.path) : undefined;
	const label = LABELS_OF[`${op.id}.${raw.name}`] ?? (subject ? `${subject} ID` : fieldLabel(raw.name, uuid ? family : undefined, isList));
	const entry = { key: raw.name, param, label, in: where, type: raw.type };
	if (raw.required) entry.required = true;
	if (raw.format) entry.format = raw.format;
	if (raw.enum) {
		entry.options = raw.enum.filter((value) => value !== null);
		entry.optionNames = entry.options.map(optionName);
	}
	if (raw.items) {
		entry.items = { type: raw.items.type };
		if (raw.items.format) entry.items.format = raw.items.format;
		if (raw.items.enum) {
			entry.items.options = raw.items.enum.filter((value) => value !== null);
			entry.items.optionNames = entry.items.options.map(optionName);
		}
	}
	for (const [from, to] of [['minimum', 'min'], ['maximum', 'max'], ['minLength', 'minLength'], ['maxLength', 'maxLength'], ['default', 'default']]) {
		if (raw[from] !== undefined) entry[to] = raw[from];
	}
	if (uuid && family) entry.family = family;
	const costs = COSTS_WHEN[op.id];
	if (costs?.field === raw.name && costs.values) entry.costs = costs.values;
	if (where === 'query' && raw.type === 'array' && COMMA_SEPARATED_OF[op.id]?.includes(raw.name)) entry.commaSeparated = true;
	if (raw.type === 'string' && !raw.format && !raw.enum && (PHONE_FIELDS.has(raw.name) || PHONE_FIELDS_OF[op.id]?.includes(raw.name))) entry.phone = true;
	entry.help = fieldHelp(op, entry, raw, family ? familyLabel(family) : undefined);
	return entry;
}

/** What a person reads about an operation beyond its summary: money, undo, keys. */
function cautions(op) {
	const said = [];
	const costs = COSTS_WHEN[op.id];
	if (op.paid && costs) said.push(costs.said ?? `Some ${title(costs.field).toLowerCase()}s cost credits (said on each).`);
	else if (op.paid) said.push('Costs credits.');
	if (op.irreversible) said.push('Cannot be undone.');
	if (op.flags.includes('confirm')) said.push('Needs an explicit confirmation.');
	if (op.flags.includes('noRetry')) said.push('Never repeated automatically.');
	if (op.flags.includes('userKey')) said.push('Needs a user-owned API key.');
	if (op.flags.includes('whitelabel')) said.push('Needs the white-label plan.');
	return said;
}

const PAGING_PARAMS = new Set(['limit', 'offset', 'cursor', 'after']);

/**
 * The key of an operation the catalogue flags `idem`: a header or body field the client makes up so a retry is
 * recognised (Idempotency-Key, idempotency_key, client_request_id, client_message_id, request_key). The node
 * makes one per item when none is given, so the field is optional in the editor (engine/batch/idempotency.ts).
 */
const IDEMPOTENCY_KEY = /idempotency|^client_[a-z]+_id$|^request_key$/i;

function markIdempotencyKey(op, fields) {
	if (!op.flags.includes('idem')) return;
	const key = fields.find((f) => (f.in === 'header' || f.in === 'body') && IDEMPOTENCY_KEY.test(f.key));
	if (!key) throw new Error(`${op.id} is flagged idem but has no idempotency key field`);
	delete key.required;
	key.idempotencyKey = true;
}

function paging(op) {
	const details = op.pagingDetails ?? {};
	switch (op.paging) {
		case 'limit/offset':
			return { style: 'offset', max: details.limitMax ?? 200 };
		case 'cursor':
			// getTranslationSession: one record whose phrases continue `after` a number: a read with a filter, not a list
			if (op.id.startsWith('get') && details.cursorParam === 'after') return undefined;
			return details.cursorParam === 'after'
				? { style: 'after', max: details.limitMax ?? (op.queryParams.some((q) => q.name === 'limit') ? 100 : 0) }
				: { style: 'cursor', max: details.limitMax ?? 100 };
		case 'limit-only':
			return { style: 'limitOnly', max: details.limitMax ?? 100 };
		default:
			return undefined;
	}
}

/** Bodies the catalogue does not break into fields: what is still known of them (the catalogue's `notes`). */
const FREE_BODIES = {
	addKnowledgeDocument: { exactlyOne: ['content', 'url', 'document_id'] },
	addLeads: { list: { max: 1000 } },
	lookupBookings: { atLeastOne: ['phone', 'email', 'name'] },
	searchKnowledgeBase: { atLeastOne: ['query', 'table_query'] },
	setAssistantAvatar: { exactlyOne: ['gallery_id', 'url', 'data_base64'] },
	migrateFamulor1: { oneOf: { action: ['preview', 'import'] } },
};

function entry(op) {
	const taken = new Set(['resource', 'operation', 'accountKind', 'returnAll', 'limit', 'additionalFields', 'filters', 'jsonBody']);
	const pagingStyle = paging(op);
	const fields = [
		...op.pathParams.map((p) => field(p, 'path', op, taken)),
		...op.queryParams.filter((q) => !(pagingStyle && PAGING_PARAMS.has(q.name))).map((q) => field(q, 'query', op, taken)),
		...(op.headerParams ?? []).map((h) => field(h, 'header', op, taken)),
		...(op.body?.fields ?? []).map((b) => field(b, 'body', op, taken)),
	];
	markIdempotencyKey(op, fields);
	const out = {
		id: op.id,
		resource: resourceValue(op.tag),
		name: operationName(op.id),
		action: op.summary.charAt(0).toUpperCase() + op.summary.slice(1),
		method: op.method,
		path: op.path,
		fields,
	};
	const said = cautions(op);
	if (said.length > 0) out.cautions = said;
	if (pagingStyle) out.paging = pagingStyle;
	if (op.body && op.body.fields === null) out.freeBody = { required: op.body.required === true, ...(FREE_BODIES[op.id] ?? {}) };
	if (op.scopes !== null) out.scopes = op.scopes;
	if (op.paid) out.paid = true;
	if (op.irreversible) out.irreversible = true;
	const flags = op.flags.filter((f) => ['confirm', 'noRetry', 'userKey', 'whitelabel', 'admin', 'secretOnce'].includes(f));
	// a plan add-on the workspace needs (`plan:<add-on>` in the catalogue): said by a notice in the editor
	const plan = op.flags.find((f) => f.startsWith('plan:'));
	if (plan) out.addOn = plan.slice('plan:'.length);
	if (flags.length > 0) out.flags = flags;
	if (op.binaryResponse) out.binary = true;
	const guard = guardKinds(op);
	if (guard.length > 0) out.guard = guard;
	return out;
}

export function generate() {
	const source = JSON.parse(fs.readFileSync(SOURCE, 'utf8'));
	const operations = source.operations.map(entry);
	const resources = [...new Map(source.operations.map((op) => [resourceValue(op.tag), op.tag])).entries()]
		.map(([value, tag]) => ({ value, name: resourceName(tag) }))
		.sort((a, b) => (a.name < b.name ? -1 : 1));
	const families = Object.entries(FAMILIES).flatMap(([family, [label, listId, how = {}]]) => {
		const list = source.operations.find((op) => op.id === listId);
		if (!list) return [];
		const out = { family, label, list: list.id, paged: list.paging === 'limit/offset' };
		// a list under a parent record (an assistant's versions): the parent's family and the list's path parameter
		const parent = list.pathParams[0];
		if (parent) out.parent = { family: pathFamily(list.path, parent.name), key: parent.name, ...(how.across ? { across: true } : {}) };
		if (how.value) out.value = how.value;
		if (list.paging === 'cursor') out.cursor = true;
		return [out];
	});
	// a family another field names (FAMILIES_CHOSEN_BY): no list of its own, the named family's list
	for (const [family, { label, by, families: chosen }] of Object.entries(FAMILIES_CHOSEN_BY)) {
		families.push({ family, label, list: '', paged: false, chosenBy: { key: by, families: chosen } });
	}
	const header = [
		`// Generated by scripts/generate-platform2.mjs from ${path.relative(root, SOURCE).split(path.sep).join('/')} (the Platform 2.0 catalogue). Do not edit:`,
		'// change the catalogue or the generator, then run `npm run build`.',
		'// Plain data: eslint and the package scanner read it like any other source.',
	];
	const moduleName = (value) => value;
	const files = new Map();
	for (const { value } of resources) {
		const own = operations.filter((op) => op.resource === value);
		files.set(path.join(RESOURCE_DIR, `${moduleName(value)}.ts`), [
			...header,
			"import type { CatalogOperation } from '../types';",
			'',
			'export const OPERATIONS: CatalogOperation[] = [',
			...own.map((op) => `\t${JSON.stringify(op)},`),
			'];',
			'',
		].join('\n'));
	}
	// the families on their own: a node that needs only a list or two (the polling trigger's pickers) loads
	// them and those lists' resources, not the whole catalogue
	if (resources.some(({ value }) => value === 'families')) throw new Error('a resource named "families" would overwrite generated/families.ts');
	files.set(path.join(RESOURCE_DIR, 'families.ts'), [
		...header,
		"import type { CatalogFamily } from '../types';",
		'',
		`export const FAMILIES: CatalogFamily[] = ${JSON.stringify(families)};`,
		'',
	].join('\n'));
	files.set(OUTPUT, [
		...header,
		"import type { CatalogOperation, CatalogResource } from './types';",
		...resources.map(({ value }) => `import { OPERATIONS as ${value} } from './generated/${moduleName(value)}';`),
		'',
		"export { FAMILIES } from './generated/families';",
		'',
		`export const SPEC_SHA256 = ${JSON.stringify(source._about.source.specSha256)};`,
		'',
		`export const RESOURCES: CatalogResource[] = ${JSON.stringify(resources)};`,
		'',
		'/** Every operation, resource by resource (in the order of RESOURCES). */',
		`export const OPERATIONS: CatalogOperation[] = [${resources.map(({ value }) => `...${value}`).join(', ')}];`,
		'',
	].join('\n'));
	return files;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
	const files = generate();
	const stale = fs.existsSync(RESOURCE_DIR) ? fs.readdirSync(RESOURCE_DIR).map((name) => path.join(RESOURCE_DIR, name)).filter((file) => !files.has(file)) : [];
	if (process.argv.includes('--check')) {
		const outdated = [...files].filter(([file, text]) => !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text).map(([file]) => file);
		if (outdated.length > 0 || stale.length > 0) {
			console.error(`out of date: ${[...outdated, ...stale].map((file) => path.relative(root, file)).join(', ')}: run node scripts/generate-platform2.mjs`);
			process.exit(1);
		}
	} else {
		fs.mkdirSync(RESOURCE_DIR, { recursive: true });
		for (const file of stale) fs.rmSync(file);
		for (const [file, text] of files) fs.writeFileSync(file, text);
	}
}
