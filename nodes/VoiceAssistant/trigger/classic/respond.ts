import type { INodeProperties } from 'n8n-workflow';

/**
 * How the trigger answers the platform, per version.
 *
 * n8n's Respond to Webhook node, from its version 1.1 on (the editor adds 1.5), refuses to run unless a
 * parent node is n8n's own Webhook, Form Trigger, Chat Trigger or Wait node: it can never answer for
 * this trigger. Version 3 therefore answers a ringing inbound call itself, with the last node's first
 * item (trigger/webhook.ts sets n8n's `responseData` to `firstEntryJson`), and no longer offers
 * "Using 'Respond to Webhook' Node". Versions 1 and 2 keep the option for their saved workflows (a
 * version-1 Respond to Webhook still answers) and say what to do instead.
 */

/** Versions 1 and 2: n8n Webhook node's three modes, unchanged, so saved workflows load as they were. */
export const legacyRespondFields: INodeProperties[] = [
	{
		displayName: 'Respond',
		name: 'responseMode',
		type: 'options',
		options: [
			{ name: 'Immediately', value: 'onReceived', description: 'As soon as this node executes' },
			{ name: 'When Last Node Finishes', value: 'lastNode', description: 'Returns data of the last-executed node' },
			{ name: "Using 'Respond to Webhook' Node", value: 'responseNode', description: 'Response defined in that node' },
		],
		default: 'onReceived',
		description: 'When and how to answer the platform. It only needs a 200, so answering immediately is usually right.',
	},
	{
		displayName:
			"n8n's Respond to Webhook node (version 1.1 and later, the one the editor adds) only answers for n8n's own Webhook, Form, Chat and Wait nodes and fails after this trigger with \"No Webhook node found\". To answer a ringing call with variables, add this trigger again (version 3) and choose Respond: When Last Node Finishes.",
		name: 'respondNodeNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { responseMode: ['responseNode'] } },
	},
];

/** Versions 1 and 2: what to do for variables (the old advice, Respond to Webhook, cannot work; see above). */
export const legacyInboundAnswerNotice: INodeProperties = {
	displayName:
		'To give a ringing call variables (e.g. the caller\'s name from your CRM), add this trigger again: its version 3 answers with the last node\'s item {"variables": {...}}.',
	name: 'inboundAnswerNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { event: ['inboundCallCompleted'] } },
};

/** The answer time the README measured and the platform's unknown wait, said once for both fields. */
const ANSWER_FAST = 'The caller hears ringing until n8n answers: keep the path short (one lookup, under about 2 seconds).';

/** Version 3: Immediately, or the last node's first item as one JSON object (the call's variables for an inbound call). */
export const respondFields: INodeProperties[] = [
	{
		displayName: 'Respond',
		name: 'responseMode',
		type: 'options',
		options: [
			{ name: 'Immediately', value: 'onReceived', description: 'As soon as this node executes' },
			{
				name: 'When Last Node Finishes',
				value: 'lastNode',
				description: "Answers with the JSON of the last node's first item",
			},
		],
		default: 'onReceived',
		description: 'When to answer the platform. It only needs a 200, so answering immediately is usually right.',
		displayOptions: { show: { event: ['callEnded', 'conversationEnded', 'whatsappMessageStatus'] } },
	},
	{
		displayName: 'Respond',
		name: 'responseMode',
		type: 'options',
		options: [
			{ name: 'Immediately', value: 'onReceived', description: 'The call connects at once, without variables' },
			{
				name: 'When Last Node Finishes',
				value: 'lastNode',
				description: "The last node's first item is the answer: {\"variables\": {...}} gives the ringing call its variables",
			},
		],
		default: 'onReceived',
		description: 'Whether the workflow answers the ringing call with variables (e.g. the caller\'s name from your CRM)',
		displayOptions: { show: { event: ['inboundCallCompleted'] } },
	},
	{
		displayName: `End the workflow with one item {"variables": {"customer_name": "…"}}: an Edit Fields (Set) node with a field named variables.customer_name builds it. ${ANSWER_FAST} If the workflow fails, n8n answers 500 and the call connects without variables.`,
		name: 'inboundAnswerNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['inboundCallCompleted'], responseMode: ['lastNode'] } },
	},
];
