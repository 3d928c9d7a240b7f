/**
 * Version 5 of the trigger: Account Kind first (as the action node), the classic fields of version 4
 * unchanged under "Classic", and the Platform 2.0 events under "Famulor Platform 2.0".
 */
import type { INodeProperties } from 'n8n-workflow';

import { ACCOUNT_KIND, accountKindField } from '../../shared/accountKind';
import { platform2Locator } from '../../shared/locators';
import { WORKSPACE_EVENTS } from './events';
import { PLATFORM2_EVENT } from './lifecycle';

export const accountKindProperty: INodeProperties = accountKindField();

const onPlatform2 = (show: Record<string, unknown[]> = {}) => ({ show: { [ACCOUNT_KIND]: ['platform2'], ...show } });

function locator(name: string, noun: string, method: string, events: string[]): INodeProperties {
	return {
		...platform2Locator({ name, noun, searchListMethod: method, required: true, description: `The ${noun.toLowerCase()} whose settings this trigger takes over while active` }),
		displayOptions: onPlatform2({ [PLATFORM2_EVENT]: events }),
	};
}

const notice = (name: string, displayName: string, events: string[]): INodeProperties => ({
	displayName,
	name,
	type: 'notice',
	default: '',
	displayOptions: onPlatform2({ [PLATFORM2_EVENT]: events }),
});

const NOT_VARIABLES = ['workspaceEvents', 'assistantCallCompleted', 'connectorConversationEnded'];

export const platform2Properties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: PLATFORM2_EVENT,
		type: 'options',
		noDataExpression: true,
		required: true,
		displayOptions: onPlatform2(),
		options: [
			{
				name: 'Workspace Webhook (Calls, Conversations, Bookings)',
				value: 'workspaceEvents',
				description: 'Signed call.completed, conversation.ended and booking events from a webhook endpoint set in the dashboard (Settings → Webhooks)',
			},
			{
				name: 'Call Completed (Assistant Webhook)',
				value: 'assistantCallCompleted',
				description: "A call of the assistant ended: the assistant's own webhook URL (delivery mode Custom), set by this trigger",
			},
			{
				name: 'Conversation Ended (Messaging Connector)',
				value: 'connectorConversationEnded',
				description: "A chat of a messaging connector ended: the connector's conversation-ended webhook URL, set by this trigger",
			},
			{
				name: 'Inbound Call Ringing (Variable Webhook)',
				value: 'inboundVariables',
				description: "The assistant's variable webhook: asked while an inbound call rings; the last node's item gives the call its variables",
			},
		],
		default: 'workspaceEvents',
	},
	notice(
		'platform2WorkspaceNotice',
		'The API cannot set this webhook. Copy the Production URL (Webhook URLs above). In the dashboard open Settings → Webhooks, add an endpoint with that URL, choose the events and save; paste the signing secret it shows into this credential\'s "Webhook Signing Secret". For booking events set on a booking event type (Advanced → Webhook URL), paste that URL there and its secret into a credential of its own.',
		['workspaceEvents'],
	),
	locator('platform2AssistantId', 'Assistant', 'searchPlatform2Assistant', ['assistantCallCompleted', 'inboundVariables']),
	locator('platform2ConnectorId', 'Messaging Connector', 'searchPlatform2MessagingConnector', ['connectorConversationEnded']),
	notice(
		'platform2AssistantNotice',
		"While active, this trigger sets the assistant's webhook URL (delivery mode Custom). Deactivating it restores the previous URL and mode.",
		['assistantCallCompleted'],
	),
	notice(
		'platform2ConnectorNotice',
		"While active, this trigger sets the connector's conversation-ended webhook URL. Deactivating it restores the previous one.",
		['connectorConversationEnded'],
	),
	notice(
		'platform2VariablesNotice',
		'While active, this trigger sets the assistant\'s variable webhook URL and a new secret. End the workflow with one item {"variables": {"customer_name": "…"}}; keep it under about 2 seconds. Deactivating restores the previous URL (its old secret is write-only and cannot be restored).',
		['inboundVariables'],
	),
	{
		displayName: 'Respond',
		name: 'responseMode',
		type: 'options',
		options: [
			{ name: 'Immediately', value: 'onReceived', description: 'As soon as this node executes' },
			{ name: 'When Last Node Finishes', value: 'lastNode', description: "Answers with the JSON of the last node's first item" },
		],
		default: 'onReceived',
		description: 'When to answer the platform. It only needs a 200, so answering immediately is usually right.',
		displayOptions: onPlatform2({ [PLATFORM2_EVENT]: NOT_VARIABLES }),
	},
	{
		displayName: 'Respond',
		name: 'responseMode',
		type: 'options',
		options: [
			{ name: 'When Last Node Finishes', value: 'lastNode', description: 'The last node\'s first item {"variables": {...}} gives the ringing call its variables' },
			{ name: 'Immediately', value: 'onReceived', description: 'The call connects at once, without variables' },
		],
		default: 'lastNode',
		description: 'Whether the workflow answers the ringing call with variables',
		displayOptions: onPlatform2({ [PLATFORM2_EVENT]: ['inboundVariables'] }),
	},
	{
		displayName: 'Options',
		name: 'platform2Options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: onPlatform2({ [PLATFORM2_EVENT]: ['workspaceEvents'] }),
		options: [
			{
				displayName: 'Assistant ID',
				name: 'assistantId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 0f8fad5b-d9cb-469f-a165-70867728950e',
				description: 'Only start the workflow for deliveries about this assistant (its UUID). Others are acknowledged and dropped.',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: WORKSPACE_EVENTS.map((value) => ({ name: value, value })),
				default: [],
				description: 'Only start the workflow for these events. Others are acknowledged and dropped. Empty means all.',
			},
		],
	},
];

/** A classic property shown only for classic accounts (its own display conditions kept). */
function classicOnly(property: INodeProperties): INodeProperties {
	const displayOptions = property.displayOptions ?? {};
	return { ...property, displayOptions: { ...displayOptions, show: { ...(displayOptions.show ?? {}), [ACCOUNT_KIND]: ['classic'] } } };
}

/** Version 5: Account Kind, then version 4's fields for classic, then the 2.0 fields (version 6 adds to both: ../version6.ts). */
export function version5Properties(classic: INodeProperties[], platform2: INodeProperties[] = platform2Properties): INodeProperties[] {
	return [accountKindProperty, ...classic.map(classicOnly), ...platform2];
}
