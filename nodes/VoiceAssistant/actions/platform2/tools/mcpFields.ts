/**
 * The fields of Tools → Connect MCP Server. The tool's Name and Description are the ones every tool
 * field uses (actions/classic/tool/fields.ts); the assistants are the 2.0 assistant multi-pick of the
 * generated operations (familyOptionsMethod).
 */
import type { INodeProperties } from 'n8n-workflow';

import { descriptionField, nameField } from '../../classic/tool/fields';
import { familyOptionsMethod } from '../families';

export const MCP_FIELD = {
	url: 'mcpServerUrl',
	authentication: 'mcpAuthentication',
	headerName: 'mcpHeaderName',
	secret: 'mcpSecret',
	name: 'mcpToolName',
	description: 'mcpToolDescription',
	assistants: 'mcpAssistantIds',
} as const;

/** What the editor calls each field, as errors name them. */
export const MCP_LABEL = {
	url: 'MCP Server URL',
	headerName: 'Header Name',
	secret: 'Secret',
	name: 'Name',
	description: 'Description',
	assistants: 'Assistants',
} as const;

const withSecret = { show: { [MCP_FIELD.authentication]: ['bearerAuth', 'headerAuth'] } };

export const mcpFields: INodeProperties[] = [
	{
		displayName: MCP_LABEL.url,
		name: MCP_FIELD.url,
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://n8n.example.com/mcp/0f8fad5b-d9cb-469f-a165-70867728950e',
		description:
			"Paste the Production URL of n8n's MCP Server Trigger (not the Test URL; the workflow must be active). The platform calls it from the internet, so it must be an https address reachable from outside, never localhost or a private network.",
	},
	{
		displayName: 'Authentication',
		name: MCP_FIELD.authentication,
		type: 'options',
		options: [
			{ name: 'Bearer Auth', value: 'bearerAuth', description: 'Sent as Authorization: Bearer and the secret, as the trigger\'s Bearer Auth expects' },
			{ name: 'Header Auth', value: 'headerAuth', description: 'Sent in the header the trigger\'s Header Auth credential names' },
			{ name: 'None', value: 'none', description: 'The MCP Server Trigger has no authentication: anyone with the URL can run its tools' },
		],
		default: 'bearerAuth',
		description: "How the MCP Server Trigger checks who calls it (its Authentication setting)",
	},
	{
		displayName: MCP_LABEL.headerName,
		name: MCP_FIELD.headerName,
		type: 'string',
		default: '',
		placeholder: 'e.g. X-MCP-Key',
		description: "The Name of the trigger's Header Auth credential",
		displayOptions: { show: { [MCP_FIELD.authentication]: ['headerAuth'] } },
	},
	{
		displayName: MCP_LABEL.secret,
		name: MCP_FIELD.secret,
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: "The token (Bearer Auth) or value (Header Auth) of the trigger's credential. Stored on the platform with the tool; never in this node's output.",
		displayOptions: withSecret,
	},
	{ ...nameField, name: MCP_FIELD.name, required: true, placeholder: 'e.g. order_tools', description: 'The name the tool has on the platform: lowercase letters and underscores, starting with a letter' },
	{
		...descriptionField,
		name: MCP_FIELD.description,
		placeholder: 'e.g. Looks up orders and books appointments',
		description: 'What the tools are for, as the platform shows it (at most 255 characters)',
	},
	{
		displayName: 'Assistant Names or IDs',
		name: MCP_FIELD.assistants,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: familyOptionsMethod('assistant') },
		required: true,
		default: [],
		description:
			'The assistants that get the MCP server\'s tools (their other tools stay). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
];
