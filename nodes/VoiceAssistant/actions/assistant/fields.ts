import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { rangeTypeOptions } from '../../shared/fields';
import { ASSISTANT_RANGES, MAX_LENGTH, POST_CALL_SCHEMA_NAME, POST_CALL_SCHEMA_TYPES } from '../../shared/limits';
import {
	checkRange,
	fail,
	optionalText,
	pairsToObject,
	requireBoolean,
	requireId,
	requireOneOf,
	requireText,
	requireUrl,
	shown,
} from '../../shared/validate';

/**
 * Every field of the assistant create/update request, described once: how it looks in the editor and
 * how its value becomes a request key. Create shows the required ones as top-level fields and the
 * rest in "Additional Fields"; Update puts all of them in "Update Fields".
 */

export type Mode = 'create' | 'update';

/** A value that removes the phone-number assignment on update (sent as null). */
export const REMOVE_PHONE_NUMBER = 'remove';

export const DIRECTION_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Inbound (Receives Calls)', value: 'receive', description: 'Answers calls to its phone number' },
	{ name: 'Outbound (Makes Calls)', value: 'make', description: 'Places calls, alone or in campaigns' },
];

export const ENGINE_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Pipeline',
		value: 'pipeline',
		description: 'Speech-to-text, then the LLM, then text-to-speech: most control over voice and model',
	},
	{
		name: 'Multimodal',
		value: 'multimodal',
		description: 'One speech-to-speech model: lowest latency',
	},
];

/** The platform's values are Portuguese; the editor shows English names. */
export const WHO_SPEAKS_FIRST_OPTIONS: INodePropertyOptions[] = [
	{ name: 'AI Assistant', value: 'Assistente de IA', description: 'The assistant opens with its initial message' },
	{ name: 'Customer', value: 'Cliente', description: 'The assistant waits for the customer to speak' },
];

const ENDPOINT_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Voice Activity Detection (VAD)', value: 'vad', description: 'Turn ends after a pause in speech' },
	{ name: 'AI', value: 'ai', description: 'A model decides when the customer has finished' },
];

type Kind =
	| 'text'
	| 'number'
	| 'boolean'
	| 'options'
	| 'id'
	| 'timezone'
	| 'url'
	| 'phoneNumberId'
	| 'variables'
	| 'postCallSchema';

interface Spec {
	/** parameter name in the node */
	name: string;
	/** key in the request body */
	key: string;
	displayName: string;
	kind: Kind;
	description: string;
	required?: boolean;
	maxLength?: number;
	rangeKey?: keyof typeof ASSISTANT_RANGES;
	options?: INodePropertyOptions[];
	numberDefault?: number;
	optionDefault?: string;
	rows?: number;
}

/** The fields the platform requires on create, in the order its UI asks for them. */
export const REQUIRED_SPECS: Spec[] = [
	{
		name: 'name',
		key: 'assistant_name',
		displayName: 'Name',
		kind: 'text',
		required: true,
		maxLength: MAX_LENGTH.assistant_name,
		description: `Name of the assistant (at most ${MAX_LENGTH.assistant_name} characters)`,
	},
	{
		name: 'callsDirection',
		key: 'calls_direction',
		displayName: 'Direction',
		kind: 'options',
		required: true,
		options: DIRECTION_OPTIONS,
		optionDefault: 'make',
		description: 'Whether the assistant answers calls (inbound) or places them (outbound)',
	},
	{
		name: 'engineType',
		key: 'engine_type',
		displayName: 'Engine Type',
		kind: 'options',
		required: true,
		options: ENGINE_OPTIONS,
		description: 'The engine mode; it decides which voices are available',
	},
	{
		name: 'voiceId',
		key: 'voice_id',
		displayName: 'Voice Name or ID',
		kind: 'id',
		required: true,
		description:
			'The voice the assistant speaks with; the list shows the voices of the chosen engine type. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		name: 'language',
		key: 'language',
		displayName: 'Language Name or ID',
		kind: 'text',
		required: true,
		maxLength: MAX_LENGTH.language,
		description:
			'The language the assistant speaks (sent by name, e.g. German). Choose from the list, or specify a name using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		name: 'llmModel',
		key: 'llm_model',
		displayName: 'LLM Model Name or ID',
		kind: 'text',
		required: true,
		maxLength: MAX_LENGTH.llm_model,
		description:
			'The language model behind the assistant (sent by name). Choose from the list, or specify a name using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		name: 'timezone',
		key: 'timezone',
		displayName: 'Timezone Name or ID',
		kind: 'timezone',
		required: true,
		description:
			'Time zone the assistant works in, e.g. Europe/Berlin. Choose from the list, or specify a name using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		name: 'initialMessage',
		key: 'initial_message',
		displayName: 'Initial Message',
		kind: 'text',
		required: true,
		rows: 2,
		description: 'The first thing the assistant says when a call starts',
	},
	{
		name: 'systemPrompt',
		key: 'system_prompt',
		displayName: 'System Prompt',
		kind: 'text',
		required: true,
		rows: 6,
		description: "Defines the assistant's behaviour: role, goals, tone and what to collect",
	},
];

/** Optional fields, alphabetical by display name (as n8n lists collection options). */
export const OPTIONAL_SPECS: Spec[] = [
	{
		name: 'allowInterruptions',
		key: 'allow_interruptions',
		displayName: 'Allow Interruptions',
		kind: 'boolean',
		description: 'Whether the customer can interrupt the assistant while it speaks',
	},
	range('ambientSoundVolume', 'ambient_sound_volume', 'Ambient Sound Volume', 'Volume of the background sound, 0 (silent) to 1', 0.5),
	{
		name: 'endCallOnVoicemail',
		key: 'end_call_on_voicemail',
		displayName: 'End Call on Voicemail',
		kind: 'boolean',
		description: 'Whether to hang up when a voicemail box answers',
	},
	{
		name: 'endCallToolDescription',
		key: 'end_call_tool.description',
		displayName: 'End Call Tool Description',
		kind: 'text',
		maxLength: MAX_LENGTH['end_call_tool.description'],
		rows: 2,
		description: `When the assistant should end the call, in words the model follows (at most ${MAX_LENGTH['end_call_tool.description']} characters)`,
	},
	range('endpointSensitivity', 'endpoint_sensitivity', 'Endpoint Sensitivity', 'How quickly a pause counts as the end of the customer\'s turn, 0 to 5', 0.5),
	{
		name: 'endpointType',
		key: 'endpoint_type',
		displayName: 'Endpoint Type',
		kind: 'options',
		options: ENDPOINT_TYPE_OPTIONS,
		description: "How the end of the customer's turn is detected",
	},
	{
		name: 'fillerAudios',
		key: 'filler_audios',
		displayName: 'Filler Audios',
		kind: 'boolean',
		description: 'Whether the assistant plays short fillers ("Okay.", "Let me check.") while it thinks',
	},
	{
		name: 'includeRecordingInWebhook',
		key: 'include_recording_in_webhook',
		displayName: 'Include Recording in Webhook',
		kind: 'boolean',
		description: 'Whether the post-call webhook carries the recording URL',
	},
	range('interruptSensitivity', 'interrupt_sensitivity', 'Interrupt Sensitivity', 'How easily speech from the customer interrupts the assistant, 0 to 5', 0.5),
	range('llmTemperature', 'llm_temperature', 'LLM Temperature', 'Randomness of the model, 0 (focused) to 1 (creative)', 0.2),
	range('maxCallDuration', 'max_call_duration', 'Max Call Duration (Seconds)', 'Calls end after this many seconds (20-1200)', 600),
	range('maxSilenceDuration', 'max_silence_duration', 'Max Silence Duration (Seconds)', 'Calls end after this many seconds of silence (1-120)', 30),
	range('minInterruptWords', 'min_interrupt_words', 'Min Interrupt Words', 'Words the customer must say before the assistant stops talking (0-10); used with Use Min Interrupt Words', 2),
	{
		name: 'noiseCancellation',
		key: 'noise_cancellation',
		displayName: 'Noise Cancellation',
		kind: 'boolean',
		description: 'Whether background noise on the line is filtered out',
	},
	{
		name: 'phoneNumberId',
		key: 'phone_number_id',
		displayName: 'Phone Number Name or ID',
		kind: 'phoneNumberId',
		description:
			'The phone number the assistant uses. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		name: 'postCallEvaluation',
		key: 'post_call_evaluation',
		displayName: 'Post-Call Evaluation',
		kind: 'boolean',
		description: 'Whether each call is evaluated after it ends (fills the Post-Call Schema)',
	},
	{
		name: 'postCallSchema',
		key: 'post_call_schema',
		displayName: 'Post-Call Schema',
		kind: 'postCallSchema',
		description: 'Values to extract from every call, e.g. appointment_date or interested',
	},
	{
		name: 'isWebhookActive',
		key: 'is_webhook_active',
		displayName: 'Post-Call Webhook Active',
		kind: 'boolean',
		description: 'Whether the platform notifies Post-Call Webhook URL after each call (the URL is then required)',
	},
	{
		name: 'webhookUrl',
		key: 'webhook_url',
		displayName: 'Post-Call Webhook URL',
		kind: 'url',
		description: 'Where post-call notifications are sent, e.g. the URL of a Voice Assistant Trigger',
	},
	range('reEngagementInterval', 're_engagement_interval', 'Re-Engagement Interval (Seconds)', 'After this many seconds of silence the assistant speaks up again (7-600)', 20),
	{
		name: 'recordCall',
		key: 'record_call',
		displayName: 'Record Call',
		kind: 'boolean',
		description: 'Whether calls are recorded',
	},
	{
		name: 'sendWebhookOnlyOnCompleted',
		key: 'send_webhook_only_on_completed',
		displayName: 'Send Webhook Only on Completed Calls',
		kind: 'boolean',
		description: 'Whether the post-call webhook is sent only for calls that completed',
	},
	range('speechSpeed', 'speech_speed', 'Speech Speed', 'How fast the assistant speaks, 0.7 to 1.2 (1 is normal)', 1),
	{
		name: 'useMinInterruptWords',
		key: 'use_min_interrupt_words',
		displayName: 'Use Min Interrupt Words',
		kind: 'boolean',
		description: 'Whether an interruption needs at least Min Interrupt Words words',
	},
	{
		name: 'variables',
		key: 'variables',
		displayName: 'Variables',
		kind: 'variables',
		description: 'Custom variables the prompts can use, e.g. company_name',
	},
	range('voiceSimilarity', 'voice_similarity', 'Voice Similarity', 'How closely the voice follows the original, 0 to 1', 0.75),
	range('voiceStability', 'voice_stability', 'Voice Stability', 'How steady the voice sounds, 0 (expressive) to 1 (stable)', 0.5),
	{
		name: 'whoSpeaksFirst',
		key: 'who_speaks_first',
		displayName: 'Who Speaks First',
		kind: 'options',
		options: WHO_SPEAKS_FIRST_OPTIONS,
		description: 'Whether the assistant or the customer opens the conversation',
	},
];

function range(
	name: string,
	key: keyof typeof ASSISTANT_RANGES,
	displayName: string,
	description: string,
	numberDefault: number,
): Spec {
	return { name, key, displayName, kind: 'number', rangeKey: key, description, numberDefault };
}

const ALL_SPECS = [...REQUIRED_SPECS, ...OPTIONAL_SPECS];
const SPEC_BY_NAME = new Map(ALL_SPECS.map((spec) => [spec.name, spec]));

/** The editor field of one spec. `collection` = inside Additional/Update Fields (paths need the prefix). */
function toProperty(spec: Spec, mode: Mode, collection: boolean): INodeProperties {
	const base = {
		displayName: spec.displayName,
		name: spec.name,
		description: spec.description,
		required: spec.required && !collection ? true : undefined,
	};
	const prefix = collection && mode === 'update' ? 'updateFields.' : '';
	let property: INodeProperties;
	switch (spec.kind) {
		case 'text':
			if (spec.name === 'language' || spec.name === 'llmModel') {
				property = {
					...base,
					type: 'options',
					typeOptions: { loadOptionsMethod: spec.name === 'language' ? 'getLanguages' : 'getModels' },
					default: '',
				};
			} else {
				property = {
					...base,
					type: 'string',
					default: '',
					...(spec.rows ? { typeOptions: { rows: spec.rows } } : {}),
				};
			}
			break;
		case 'timezone':
			property = { ...base, type: 'options', typeOptions: { loadOptionsMethod: 'getTimezones' }, default: 'Europe/Berlin' };
			break;
		case 'id':
			property = {
				...base,
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getVoices', loadOptionsDependsOn: [`${prefix}engineType`] },
				default: '',
			};
			break;
		case 'options':
			property = {
				...base,
				type: 'options',
				options: spec.options,
				default: spec.optionDefault ?? spec.options?.[0].value ?? '',
			};
			break;
		case 'number': {
			const limits = ASSISTANT_RANGES[spec.rangeKey as string];
			property = { ...base, type: 'number', typeOptions: rangeTypeOptions(limits), default: spec.numberDefault ?? limits.min };
			break;
		}
		case 'boolean':
			property = { ...base, type: 'boolean', default: false };
			break;
		case 'url':
			property = { ...base, type: 'string', default: '', placeholder: 'https://example.com/webhook' };
			break;
		case 'phoneNumberId':
			property = {
				...base,
				type: 'options',
				typeOptions:
					mode === 'create'
						? { loadOptionsMethod: 'getAssistantPhoneNumbers', loadOptionsDependsOn: ['callsDirection'] }
						: { loadOptionsMethod: 'getPhoneNumbersForUpdate', loadOptionsDependsOn: ['updateFields.callsDirection'] },
				default: '',
			};
			if (mode === 'update') {
				property.description =
					'The phone number the assistant uses, or "Remove Phone Number" to unassign it. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';
			} else {
				property.description =
					'The phone number the assistant uses; inbound assistants list only numbers that are free for inbound calls. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';
			}
			break;
		case 'variables':
			property = {
				...base,
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Variable',
				default: {},
				options: [
					{
						displayName: 'Variable',
						name: 'pairs',
						values: [
							{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. company_name' },
							{ displayName: 'Value', name: 'value', type: 'string', default: '' },
						],
					},
				],
			};
			break;
		case 'postCallSchema':
			property = {
				...base,
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Field',
				default: {},
				options: [
					{
						displayName: 'Field',
						name: 'fields',
						values: [
							{
								displayName: 'Name',
								name: 'name',
								type: 'string',
								default: '',
								placeholder: 'e.g. appointment_date',
								description: 'Letters, digits and underscores only',
							},
							{
								displayName: 'Type',
								name: 'type',
								type: 'options',
								options: [
									{ name: 'Boolean', value: 'bool' },
									{ name: 'Number', value: 'number' },
									{ name: 'String', value: 'string' },
								],
								default: 'string',
							},
							{
								displayName: 'Description',
								name: 'description',
								type: 'string',
								default: '',
								placeholder: 'e.g. The date the customer agreed to',
								description: 'What the value means; the evaluation model reads it',
							},
						],
					},
				],
			};
			break;
	}
	if (property.required === undefined) delete property.required;
	return property;
}

/** Create: the required fields as top-level parameters, then "Additional Fields". */
export function createProperties(): INodeProperties[] {
	return [
		...REQUIRED_SPECS.map((spec) => toProperty(spec, 'create', false)),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: OPTIONAL_SPECS.map((spec) => toProperty(spec, 'create', true)),
		},
	];
}

/** Update: every field optional, in "Update Fields", plus the explicit removals. */
export function updateProperties(): INodeProperties[] {
	const options = [
		...ALL_SPECS.map((spec) => toProperty(spec, 'update', true)),
		{
			displayName: 'Remove Webhook',
			name: 'removeWebhook',
			type: 'boolean',
			default: false,
			description:
				'Whether to remove the post-call webhook URL (sent as null), which also turns the post-call webhook off',
		} as INodeProperties,
	];
	// Not localeCompare: its first call loads ICU collation (~10 ms) while the node is being loaded.
	options.sort((a, b) => (a.displayName.toLowerCase() < b.displayName.toLowerCase() ? -1 : 1));
	return [
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options,
		},
	];
}

function isTimezone(name: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: name });
		return true;
	} catch {
		return false;
	}
}

/** One field's value → its request value, checked against the reference's rules. */
function convert(ctx: IExecuteFunctions, spec: Spec, value: unknown, itemIndex: number, mode: Mode): unknown {
	const node = ctx.getNode();
	const where = { field: spec.displayName.replace(/ Name or ID$/, ''), itemIndex };
	switch (spec.kind) {
		case 'text':
			if (spec.required) return requireText(node, value, where, spec.maxLength);
			return optionalText(node, value, where, spec.maxLength) ?? '';
		case 'timezone': {
			const name = requireText(node, value, where).trim();
			if (!isTimezone(name)) throw fail(node, where, `must be a time zone name such as Europe/Berlin (got ${shown(value)})`);
			return name;
		}
		case 'id':
			return requireId(node, value, where);
		case 'options':
			return requireOneOf(node, value, (spec.options ?? []).map((o) => String(o.value)), where);
		case 'number':
			return checkRange(node, value, ASSISTANT_RANGES[spec.rangeKey as string], where);
		case 'boolean':
			return requireBoolean(node, value, where);
		case 'url':
			return requireUrl(node, value, where);
		case 'phoneNumberId':
			if (mode === 'update' && value === REMOVE_PHONE_NUMBER) return null;
			return requireId(node, value, where);
		case 'variables': {
			const pairs = (value as { pairs?: Array<{ name?: unknown; value?: unknown }> } | undefined)?.pairs;
			return pairsToObject(node, pairs, where);
		}
		case 'postCallSchema':
			return postCallSchema(ctx, value, itemIndex);
	}
}

function postCallSchema(ctx: IExecuteFunctions, value: unknown, itemIndex: number): IDataObject[] {
	const node = ctx.getNode();
	const fields = ((value as { fields?: IDataObject[] } | undefined)?.fields ?? []) as IDataObject[];
	return fields.map((field, index) => {
		const where = { field: `Post-Call Schema field ${index + 1}`, itemIndex };
		const name = requireText(node, field.name, { ...where, field: `${where.field} Name` }).trim();
		if (!POST_CALL_SCHEMA_NAME.test(name)) {
			throw fail(
				node,
				{ ...where, field: `${where.field} Name` },
				`may contain only letters, digits and underscores (got ${shown(name)})`,
			);
		}
		const type = requireOneOf(node, field.type ?? 'string', POST_CALL_SCHEMA_TYPES, { ...where, field: `${where.field} Type` });
		const description = requireText(node, field.description, { ...where, field: `${where.field} Description` });
		return { name, type, description };
	});
}

/** Create: the request body from the top-level fields and Additional Fields. */
export function buildCreateBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {};
	for (const spec of REQUIRED_SPECS) {
		const value = ctx.getNodeParameter(spec.name, itemIndex, '') as unknown;
		body[spec.key] = convert(ctx, spec, value, itemIndex, 'create') as IDataObject[string];
	}
	const additional = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	addFields(ctx, body, additional, itemIndex, 'create');
	checkWebhook(ctx, body, itemIndex, 'create');
	return body;
}

/** Update: only the fields the user added; at least one. */
export function buildUpdateBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const fields = { ...(ctx.getNodeParameter('updateFields', itemIndex, {}) as IDataObject) };
	const removeWebhook = fields.removeWebhook === true;
	delete fields.removeWebhook;
	const body: IDataObject = {};
	addFields(ctx, body, fields, itemIndex, 'update');
	if (removeWebhook) {
		if (body.webhook_url !== undefined) {
			throw fail(ctx.getNode(), { field: 'Remove Webhook', itemIndex }, 'cannot be combined with Post-Call Webhook URL');
		}
		if (body.is_webhook_active === true) {
			throw fail(ctx.getNode(), { field: 'Remove Webhook', itemIndex }, 'cannot be combined with Post-Call Webhook Active');
		}
		body.webhook_url = null;
		body.is_webhook_active = false;
	}
	if (Object.keys(body).length === 0) {
		throw fail(ctx.getNode(), { field: 'Update Fields', itemIndex }, 'is empty: add at least one field to change');
	}
	checkWebhook(ctx, body, itemIndex, 'update');
	return body;
}

function addFields(ctx: IExecuteFunctions, body: IDataObject, fields: IDataObject, itemIndex: number, mode: Mode): void {
	for (const [name, value] of Object.entries(fields)) {
		const spec = SPEC_BY_NAME.get(name);
		if (!spec) continue;
		const converted = convert(ctx, spec, value, itemIndex, mode);
		// An optional text left empty is not sent (it would clear the setting without the user meaning to).
		if (converted === '' && !spec.required) continue;
		if (spec.kind === 'variables' && Object.keys(converted as IDataObject).length === 0) continue;
		body[spec.key] = converted as IDataObject[string];
	}
}

/** The reference: webhook_url is required when is_webhook_active is true (create; on update a stored URL counts). */
function checkWebhook(ctx: IExecuteFunctions, body: IDataObject, itemIndex: number, mode: Mode): void {
	if (mode === 'create' && body.is_webhook_active === true && !body.webhook_url) {
		throw fail(
			ctx.getNode(),
			{ field: 'Post-Call Webhook URL', itemIndex },
			'is required when Post-Call Webhook Active is on',
		);
	}
}
