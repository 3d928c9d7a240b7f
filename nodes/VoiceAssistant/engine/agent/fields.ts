import type { INodeProperties } from 'n8n-workflow';

import type { AnyOperation, Resource } from '../operation';

/** Fields that exist only on the tool variant of the node (n8n's '@tool' display option). */
const TOOL_ONLY = { '@tool': [true] };

export const ALLOW_FIELD = 'allowForAiAgent';
export const MAX_SENDS_FIELD = 'maxToolCallsPerExecution';
export const PREFIXES_FIELD = 'allowedNumberPrefixes';
/** The name n8n gives the description an agent reads; a node that defines it keeps n8n from adding its own. */
export const DESCRIPTION_FIELD = 'toolDescription';
/** How many sends a tool may make in one execution unless the user says otherwise. */
export const DEFAULT_MAX_SENDS = 5;

const NODE_NAME = 'Voice Assistant';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Whether the operation is limited when an agent calls it (and so has its own tool description). */
export function isLimitedForAgents(op: AnyOperation): boolean {
	return op.write?.agent?.needsOptIn !== undefined || op.write?.agent?.reaches !== undefined;
}

/**
 * What the agent reads about a limited operation. n8n's automatic description is only the action
 * ("Buy a phone number in Voice Assistant"): the limits would never reach the agent. One text true
 * whether or not the user switched the operation on: a text that said "refused" would keep a model
 * (an MCP client's too) from ever calling a tool it was allowed, and one text per position of the
 * switch would double the node's description for 87 operations.
 */
export function agentDescription(op: AnyOperation): string {
	const parts = [`${op.action} in ${NODE_NAME}.`];
	const reason = op.write?.agent?.needsOptIn;
	if (reason !== undefined) {
		parts.push(`${capitalize(reason)}, so it runs only where a person allowed it on this tool ("Allow When Called by an AI Agent"); elsewhere it is refused.`);
	}
	if (op.write?.agent?.reaches) {
		parts.push('It is limited per workflow execution and to the number prefixes set on this tool.');
	}
	parts.push('A refused call returns an error that says why; do not try to work around it.');
	return parts.join(' ');
}

/**
 * The fields an operation gets on the tool variant: its own description (with the limits) when it is
 * limited, the opt-in for writes that need one, the limits for writes that reach a phone number.
 * Resource and operation are added by the caller (engine/properties.ts).
 */
export function agentFields(op: AnyOperation): INodeProperties[] {
	const agent = op.write?.agent;
	const fields: INodeProperties[] = [];
	if (isLimitedForAgents(op)) {
		fields.push({
			displayName: 'Description',
			name: DESCRIPTION_FIELD,
			type: 'string',
			default: agentDescription(op),
			typeOptions: { rows: 3 },
			displayOptions: { show: TOOL_ONLY },
			description: 'What the AI agent reads about this tool. The default says what is limited and why.',
		});
	}
	if (agent?.needsOptIn !== undefined) {
		fields.push({
			displayName: 'Allow When Called by an AI Agent',
			name: ALLOW_FIELD,
			type: 'boolean',
			default: false,
			displayOptions: { show: TOOL_ONLY },
			// One text for every operation, so the editor gets one switch for all of them: the reason is in
			// the tool's Description (above) that the agent reads, and in the refusal.
			description:
				"Whether an AI agent may run this operation; the Description above says why it is limited. Off, every call of the tool is refused. Callers' transcripts and chat messages reach agents, so whoever talks to the agent could ask for it: consider a human review step.",
		});
	}
	if (agent?.reaches) {
		fields.push(
			{
				displayName: 'Max Tool Calls per Execution',
				name: MAX_SENDS_FIELD,
				type: 'number',
				default: DEFAULT_MAX_SENDS,
				typeOptions: { minValue: 0, numberPrecision: 0 },
				displayOptions: { show: TOOL_ONLY },
				description: 'How many items this tool may send in one workflow execution, over all the calls an AI agent makes; 0 means no limit',
			},
			{
				displayName: 'Allowed Number Prefixes',
				name: PREFIXES_FIELD,
				type: 'string',
				default: '',
				placeholder: '+49, +43',
				displayOptions: { show: TOOL_ONLY },
				description: 'Numbers this tool may reach, as international prefixes separated by commas (a country code, or more digits). Empty: any number.',
			},
		);
	}
	return fields;
}

/**
 * The description field of the resources' other operations on the tool variant. Defining the field
 * keeps n8n from adding its own (which would cover the limited operations too); left empty, n8n
 * uses its automatic description, as before. One field for all the resources when no limited
 * operation's value is also an unlimited operation of another resource (hiding it would hide that
 * one's field too), else one per resource.
 */
export function resourceDescriptionFields(resources: Resource[]): INodeProperties[] {
	const operations = resources.flatMap((resource) => resource.operations);
	const limited = operations.filter(isLimitedForAgents).map((op) => op.value);
	const unambiguous = operations.every((op) => isLimitedForAgents(op) || !limited.includes(op.value));
	if (unambiguous) return [descriptionField(resources.map((resource) => resource.value), limited)];
	return resources.map((resource) => descriptionField([resource.value], resource.operations.filter(isLimitedForAgents).map((op) => op.value)));
}

function descriptionField(resources: string[], limited: string[]): INodeProperties {
	return {
		displayName: 'Description',
		name: DESCRIPTION_FIELD,
		type: 'string',
		default: '',
		typeOptions: { rows: 2 },
		displayOptions: {
			show: { ...TOOL_ONLY, resource: resources },
			...(limited.length > 0 ? { hide: { operation: limited } } : {}),
		},
		description: 'What the AI agent reads about this tool. Empty: the action, e.g. "Get a call in Voice Assistant".',
	};
}
