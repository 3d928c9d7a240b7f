/**
 * The help under each Platform 2.0 field, decided at build time by scripts/generate-platform2.mjs:
 *
 *   1. a text for this operation's field (OPERATION_HELP: the everyday operations, and fields whose
 *      meaning differs between operations), an assistant's setting (ASSISTANT_HELP), else a text for
 *      the API name wherever it appears (FIELD_HELP),
 *      else a sentence made from the field's name, type and format (mainSentence below);
 *   2. then, by rule, what the data knows and the text does not say: the unit a name carries (`_sec`,
 *      `_minutes`…), the range, the length, the default and what leaving an optional field out does.
 *
 * The texts are this project's own words; facts (units, ranges, effects) come from the catalogue and the
 * public API reference. The runtime appends " (API field <key>)".
 */
import { ASSISTANT_HELP, ASSISTANT_OPERATIONS } from './assistantHelp.mjs';
import { FIELD_HELP } from './fieldHelp.mjs';
import { OPERATION_HELP } from './operationHelp.mjs';

/** Units said by the end of an API name (the unit is not in the label: "Max Call Duration Sec"). */
const UNITS = [
	[/(_sec|_seconds)$/, 'seconds'],
	[/(_ms)$/, 'milliseconds'],
	[/(_min|_minutes)$/, 'minutes'],
	[/(_hours)$/, 'hours'],
	[/(_days|_in_days)$/, 'days'],
	[/(_months)$/, 'months'],
	[/(_minor)$/, 'the currency\'s smallest unit (cents)'],
	[/(_eur)$/, 'euros'],
];

const lower = (label) => label.replace(/\b(ID|IDs|URL|URLs|API|SMS|SIP|CRM|QA|AI|LLM|TTS|STT|FAQ|FAQs|DNS|IVR|JSON|UUID|VAT|OAuth|WhatsApp|CSV|PDF|IBAN|DNC|IP|MCP|E\.164)\b|\w+/g, (word, kept) => kept ?? word.toLowerCase());
const sentence = (text) => (text.endsWith('.') ? text : `${text}.`);

function unitOf(name) {
	return UNITS.find(([pattern]) => pattern.test(name))?.[1];
}

/** A sentence for a field no text is written for, from what its name, type and format say. */
function mainSentence(op, field, raw, familyLabel) {
	const label = field.label;
	const noun = lower(label.replace(/\s*IDs?$/, '')) || 'record';
	if (field.family && raw.type === 'array') return `The ${lower(familyLabel)}s, each by its ID (a UUID)`;
	if (field.family) return `The ${lower(familyLabel)}: picked from the list, or its ID (a UUID)`;
	if (field.in === 'path' && raw.name === 'id') return `The ${lower(label.replace(/\s*ID$/, ''))}: its ID, as its Get or Get Many operation returns it`;
	if (raw.format === 'uuid' || raw.items?.format === 'uuid') {
		return raw.type === 'array' ? `The ${noun}s, each by its ID (a UUID) as the platform returns it` : `The ${noun}'s ID (a UUID), as the platform returns it`;
	}
	if (raw.type === 'boolean') {
		const what = lower(label.replace(/^(Is|Has)\s+/, '').replace(/\s+Enabled$/, ''));
		return /_enabled$|^enable/.test(raw.name) ? `Whether ${what} is switched on` : `Whether ${what} (on) or not (off)`;
	}
	if (raw.format === 'date-time') return `The ${noun}: a date and time (sent as ISO 8601 in UTC)`;
	if (raw.format === 'date') return `The ${noun}: a date (YYYY-MM-DD)`;
	if (raw.format === 'email') return `The ${noun}: an e-mail address`;
	if (raw.format === 'uri' || /_url$|^url$/.test(raw.name)) return `The ${noun}: a full URL (https://…)`;
	if (raw.format === 'password' || /(secret|password|token)$/.test(raw.name)) return `The ${noun}: a secret, stored by the platform and not shown again`;
	const names = field.optionNames ?? field.items?.optionNames;
	if (names) {
		const listed = names.length <= 6 ? `${names.slice(0, -1).join(', ')}${names.length > 1 ? ' or ' : ''}${names[names.length - 1]}` : undefined;
		if (field.in === 'query' && op.method === 'GET') return listed ? `Only those whose ${noun} is ${listed}` : `Only those with the ${noun} picked`;
		if (raw.type === 'array') return listed ? `The ${noun}: one or more of ${listed}` : `The ${noun}: one or more from the list`;
		return listed ? `The ${noun}: ${listed}` : `The ${noun}: one of the ${names.length} listed`;
	}
	if (raw.type === 'object' || raw.type === 'json') return `The ${noun} as a JSON object`;
	if (raw.type === 'array') return raw.items?.type === 'object' ? `The ${noun} as a JSON list of objects` : `The ${noun}: one value per entry`;
	const unit = unitOf(raw.name);
	if (raw.type === 'integer' || raw.type === 'number') return unit ? `The ${lower(label.replace(/\s+(Sec|Seconds|Ms|Min|Minutes|Hours|Days|Months|Minor|Eur)$/, ''))}, in ${unit}` : `The ${noun}: a ${raw.type === 'integer' ? 'whole ' : ''}number`;
	if (raw.name === 'name' || raw.name.endsWith('_name')) return `The ${noun}, as shown in the dashboard`;
	if (/(country|country_code)$/.test(raw.name)) return `The ${noun}: a two-letter ISO country code (e.g. DE)`;
	if (/timezone$/.test(raw.name)) return `The ${noun}: an IANA time zone (e.g. Europe/Berlin)`;
	if (/language$|locale$/.test(raw.name)) return `The ${noun}: a language code (e.g. en, de)`;
	return `The ${noun}, as text`;
}

/** PUTs the API reference documents as partial updates ("PUT is accepted as an alias of PATCH" on /assistants/{id}). */
const PARTIAL_PUTS = new Set(['replaceAssistant']);

/** What leaving an optional field out does, by where it is given. */
function whenLeftOut(op, field, raw) {
	if (raw.required) return undefined;
	if (raw.default !== undefined && raw.default !== null && raw.default !== '') {
		// an option's default as the dropdown names it
		const named = field.options ? field.optionNames?.[field.options.indexOf(raw.default)] : undefined;
		return `Default: ${named ?? (Array.isArray(raw.default) ? raw.default.join(', ') || 'none' : String(raw.default))}.`;
	}
	if (field.in === 'query' && op.method === 'GET') return 'Not set: not filtered by it.';
	if (field.in === 'path') return undefined;
	if (op.method === 'PATCH' || /^update/.test(op.id) || PARTIAL_PUTS.has(op.id)) return 'Not set: left as it is.';
	if (op.method === 'PUT') return 'Not set: the platform\'s default.';
	return 'Not set: the platform decides.';
}

/** What the data says of the value that a text may not: unit, range, length. */
function limits(raw, text) {
	const said = [];
	const unit = unitOf(raw.name);
	if (unit && (raw.type === 'integer' || raw.type === 'number') && !text.includes(unit)) said.push(`In ${unit}.`);
	if (raw.minimum !== undefined && raw.maximum !== undefined) said.push(`From ${raw.minimum} to ${raw.maximum}.`);
	else if (raw.minimum !== undefined) said.push(`At least ${raw.minimum}.`);
	else if (raw.maximum !== undefined) said.push(`At most ${raw.maximum}.`);
	if (raw.maxLength !== undefined) said.push(`Up to ${raw.maxLength} characters.`);
	return said;
}

/**
 * The help of one field of one operation (without the API-field suffix the runtime adds). `field` is the
 * generator's entry (label, family, options…), `raw` the catalogue's field.
 */
export function fieldHelp(op, field, raw, familyLabel) {
	const written =
		OPERATION_HELP[`${op.id}.${field.in}.${raw.name}`] ?? OPERATION_HELP[`${op.id}.${raw.name}`] ?? (ASSISTANT_OPERATIONS.has(op.id) ? ASSISTANT_HELP[raw.name] : undefined) ?? FIELD_HELP[raw.name];
	const main = sentence(written ?? mainSentence(op, field, raw, familyLabel));
	const parts = [main, ...limits(raw, main)];
	const leftOut = whenLeftOut(op, field, raw);
	if (leftOut && !/\bnot set\b|\bempty\b|\bleft out\b|\bdefault\b/i.test(main)) parts.push(leftOut);
	return parts.join(' ');
}
