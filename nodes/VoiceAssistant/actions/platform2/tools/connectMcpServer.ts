/**
 * Tools → Connect MCP Server (Platform 2.0): an n8n workflow's MCP Server Trigger given to chosen
 * assistants as one `mcp` tool, so the workflow's tools become the assistants' tools without an HTTP
 * tool per function. Not an API operation of its own: discoverTool, listTools, createTool and
 * getAssistantTools / setAssistantTools in one guarded step (mcpConnect.ts says the order).
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import type { AnyOperation, Operation, Prepared } from '../../../engine/operation';
import { maskSecrets, hidingSecrets } from '../../../shared/maskSecrets';
import { TOOL_TEXT } from '../../../shared/limits';
import { checkToolName } from '../../../shared/toolRules';
import { isUuid } from '../../../shared/uuid';
import { charCount, shown } from '../../../shared/validate';
import { optInReasons } from '../agentGuard';
import type { CatalogOperation } from '../catalog/types';
import { connectMcpServer as connect, type McpConnected, type McpConnection } from './mcpConnect';
import { MCP_FIELD, MCP_LABEL, mcpFields } from './mcpFields';
import { checkMcpUrl, secretHeader, type McpAuthentication } from './mcpServer';
import type { ToolRequests } from './toolSets';

/** The platform's limit on a tool's name (docs/sandbox.md, "Tools: our reading"). */
const NAME_MAX = 64;
/** A header name as HTTP spells one (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

interface ConnectPrepared extends Prepared {
	connection: McpConnection;
	/** the secret as sent, masked in every output and error */
	secrets: string[];
}

/** The assistants picked, as lower-case UUIDs in the order given, without repeats. */
function assistantIdsOf(raw: unknown, fail: (field: string, problem: string) => Error): string[] {
	const list = Array.isArray(raw) ? raw : typeof raw === 'string' && raw.trim() !== '' ? raw.split(',') : [];
	const ids = list.map((value) => String(value).trim()).filter((value) => value !== '');
	if (ids.length === 0) throw fail(MCP_LABEL.assistants, 'is required: choose at least one assistant');
	const wrong = ids.find((id) => !isUuid(id));
	if (wrong !== undefined) throw fail(MCP_LABEL.assistants, `holds ${shown(wrong)}, which is not an assistant ID (a UUID)`);
	return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** Made from the catalogue's createTool entry: its scopes, and its guard with the kind this step adds. */
export function connectMcpServer(createTool: CatalogOperation): AnyOperation {
	// It stores a connection credential (the MCP server's secret) on the platform and changes what the
	// assistants can do during calls: the rule's `credentials` kind, as for Create Automation Connection.
	const needsOptIn = optInReasons({ ...createTool, guard: [...(createTool.guard ?? []), 'credentials'] }).join(' and ');
	const operation: Operation<ConnectPrepared, McpConnected> = {
		value: 'connectMcpServer',
		name: 'Connect MCP Server',
		action: 'Connect an MCP server to assistants',
		description:
			"Give assistants the tools of an n8n MCP Server Trigger as one MCP tool: the platform lists the server's functions first, an MCP tool with the same URL is used again, and each assistant gets it once",
		fields: mcpFields,
		write: {
			mayHaveHappened: 'the MCP tool may have been created or given to assistants',
			done: ['MCP server connected', 'MCP servers connected'],
			agent: { needsOptIn },
		},
		prepare(item) {
			const fail = (field: string, problem: string) => item.fail(field, problem);
			const url = checkMcpUrl(item.get(MCP_FIELD.url, ''), fail);
			const authentication = String(item.get(MCP_FIELD.authentication, 'bearerAuth')) as McpAuthentication;
			if (!['bearerAuth', 'headerAuth', 'none'].includes(authentication)) throw fail('Authentication', `must be Bearer Auth, Header Auth or None (got ${shown(authentication)})`);
			const headerName = String(item.get(MCP_FIELD.headerName, '') ?? '').trim();
			if (authentication === 'headerAuth' && !HEADER_NAME.test(headerName)) throw fail(MCP_LABEL.headerName, `must be a header name such as X-MCP-Key (got ${shown(headerName)})`);
			const secret = String(item.get(MCP_FIELD.secret, '') ?? '');
			if (authentication !== 'none' && secret.trim() === '') throw fail(MCP_LABEL.secret, "is required: the token or value of the MCP Server Trigger's credential");
			if (/[\r\n]/.test(secret)) throw fail(MCP_LABEL.secret, 'must be one line (a header value)');
			// The platform sends the secret with every call of the tool: over plain http anyone on the path reads it.
			if (authentication !== 'none' && url.startsWith('http:')) throw fail('MCP Server URL', 'must start with https:// while a Secret is sent (over http:// anyone on the way could read it)');
			const name = checkToolName(item.get(MCP_FIELD.name, ''), fail);
			if (name.length > NAME_MAX) throw fail(MCP_LABEL.name, `must be at most ${NAME_MAX} characters (got ${name.length})`);
			const description = String(item.get(MCP_FIELD.description, '') ?? '').trim();
			if (charCount(description) > TOOL_TEXT.description) throw fail(MCP_LABEL.description, `must be at most ${TOOL_TEXT.description} characters (got ${charCount(description)})`);
			const assistantIds = assistantIdsOf(item.get(MCP_FIELD.assistants, []), fail);
			const headers = secretHeader(authentication, headerName, secret);
			const connection: McpConnection = { url, headers, name, ...(description !== '' ? { description } : {}), assistantIds };
			// Retry On Fail's memory fingerprints this (never the secret: contentDigest adds its hash)
			const request = {
				method: 'POST' as const,
				path: '/tools',
				body: { type: 'mcp', name, url, authentication, headerName, assistant_ids: assistantIds },
				platform2: { operation: 'Connect MCP Server', scopes: createTool.scopes },
			};
			return { request, connection, secrets: authentication === 'none' ? [] : [secret, ...headers.map((header) => header.value)] };
		},
		async contentDigest(prepared) {
			return prepared.secrets.length > 0 ? createHash('sha256').update(prepared.secrets[0]).digest('hex') : undefined;
		},
		async send(prepared, api) {
			const io: ToolRequests = {
				node: api.ctx.getNode(),
				send: async ({ method, path, body, operation, scopes, notFound }) => await api.request({ method, path, body, notFound, platform2: { operation, scopes } }),
			};
			// The platform may quote what it was sent (the config with its header): errors never carry the secret.
			return await hidingSecrets(async () => await connect(io, api.itemIndex, prepared.connection), { values: prepared.secrets });
		},
		output(connected, prepared) {
			const { url, name } = prepared.connection;
			const record: IDataObject = {
				tool_id: connected.toolId,
				tool_name: name,
				tool_created: connected.created,
				mcp_server_url: url,
				function_count: connected.functions.length,
				functions: connected.functions.map((fn) => ({ ...fn })),
				assistants_added: connected.added,
				assistants_already_had: connected.alreadyHad,
			};
			return [maskSecrets(record, { values: prepared.secrets })];
		},
	};
	return operation as AnyOperation;
}
