/**
 * The 2.0 tool body as this package reads it (the catalogue leaves createTool's body open; docs/sandbox.md,
 * "Platform 2.0 tools: our reading"): `{type: api|mcp|builtin, name, description, config}`, an `api`
 * tool's config `{url, method, headers: [{name, value}], timeout_sec, parameters: <JSON schema object>}`.
 * Checks answer the first problem as 400 invalid_request naming the field; header values read back
 * masked as `•••` (the stored value is kept, and an update sending `•••` keeps it).
 */
import { invalid, type P2Answer } from '../answers';
import type { P2Record } from '../records';

export const TOOL_TYPES = ['api', 'mcp', 'builtin'] as const;
export const TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const PARAMETER_TYPES = ['string', 'number', 'boolean'] as const;
export const MASK = '•••';
const NAME = /^[a-z][a-z_]*$/;

export interface ApiToolConfig {
	url: string;
	method: (typeof TOOL_METHODS)[number];
	headers: Array<{ name: string; value: string }>;
	timeout_sec: number;
	parameters: { type: 'object'; properties: Record<string, { type: string; description?: string }>; required?: string[] };
}

export interface McpToolConfig {
	url: string;
	headers: Array<{ name: string; value: string }>;
	timeout_sec: number;
}

export type Checked<T> = { value: T } | { problem: P2Answer };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = (list: readonly string[]) => `must be one of ${list.join(', ')}`;

/** The checked fields of a create (partial: an update's, only those sent), or the first problem. */
export function checkToolBody(body: Record<string, unknown>, partial: boolean, storedType?: unknown): Checked<Record<string, unknown>> {
	const out: Record<string, unknown> = {};
	const has = (key: string) => body[key] !== undefined && body[key] !== null;
	if (has('type') || !partial) {
		if (!has('type')) return { problem: invalid('type', 'is required') };
		if (!(TOOL_TYPES as readonly unknown[]).includes(body.type)) return { problem: invalid('type', oneOf(TOOL_TYPES)) };
		out.type = body.type;
	}
	const type = out.type ?? storedType;
	if (has('name') || !partial) {
		const name = body.name;
		if (!has('name')) return { problem: invalid('name', 'is required') };
		if (typeof name !== 'string' || !NAME.test(name)) return { problem: invalid('name', 'must be lowercase letters and _, starting with a letter') };
		if (name.length > 64) return { problem: invalid('name', 'must be at most 64 characters') };
		out.name = name;
	}
	if (has('description')) {
		if (typeof body.description !== 'string') return { problem: invalid('description', 'must be a string') };
		if ([...body.description].length > 1000) return { problem: invalid('description', 'must be at most 1000 characters') };
		out.description = body.description;
	} else if (!partial && type === 'api') return { problem: invalid('description', 'is required for an api tool') };
	if (has('config') || (!partial && (type === 'api' || type === 'mcp'))) {
		if (type === 'mcp') {
			const config = checkMcpConfig(body.config);
			if ('problem' in config) return config;
			out.config = config.value;
		} else if (type !== 'api') {
			if (!isObject(body.config)) return { problem: invalid('config', 'must be an object') };
			out.config = body.config;
		} else {
			const config = checkApiConfig(body.config);
			if ('problem' in config) return config;
			out.config = config.value;
		}
	}
	return { value: out };
}

/** An `mcp` tool's config (our reading, as an `api` tool's without method and parameters): `{url, headers, timeout_sec}`. */
export function checkMcpConfig(config: unknown): Checked<McpToolConfig> {
	if (config === undefined || config === null) return { problem: invalid('config', 'is required for an mcp tool') };
	if (!isObject(config)) return { problem: invalid('config', 'must be an object') };
	const url = checkUrl(config.url);
	if ('problem' in url) return url;
	const timeout = checkTimeout(config.timeout_sec);
	if ('problem' in timeout) return timeout;
	const headers = checkHeaders(config.headers);
	if ('problem' in headers) return headers;
	return { value: { url: url.value, headers: headers.value, timeout_sec: timeout.value } };
}

function checkUrl(url: unknown): Checked<string> {
	if (url === undefined || url === null || url === '') return { problem: invalid('config.url', 'is required') };
	if (typeof url !== 'string' || !/^https?:$/.test(safeProtocol(url))) return { problem: invalid('config.url', 'must be an http or https URL') };
	return { value: url };
}

function checkTimeout(value: unknown): Checked<number> {
	const timeout = value ?? 10;
	if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 1 || timeout > 30) {
		return { problem: invalid('config.timeout_sec', 'must be a whole number of seconds from 1 to 30') };
	}
	return { value: timeout };
}

function checkHeaders(value: unknown): Checked<Array<{ name: string; value: string }>> {
	const headers = value ?? [];
	if (!Array.isArray(headers)) return { problem: invalid('config.headers', 'must be a list of {name, value}') };
	for (const [i, h] of headers.entries()) {
		if (!isObject(h) || typeof h.name !== 'string' || h.name === '') return { problem: invalid(`config.headers[${i}].name`, 'is required (a string)') };
		if (typeof h.value !== 'string') return { problem: invalid(`config.headers[${i}].value`, 'is required (a string)') };
	}
	return { value: headers.map((h: { name: string; value: string }) => ({ name: h.name, value: h.value })) };
}

function checkApiConfig(config: unknown): Checked<ApiToolConfig> {
	if (config === undefined || config === null) return { problem: invalid('config', 'is required for an api tool') };
	if (!isObject(config)) return { problem: invalid('config', 'must be an object') };
	const url = checkUrl(config.url);
	if ('problem' in url) return url;
	const method = config.method ?? 'POST';
	if (!(TOOL_METHODS as readonly unknown[]).includes(method)) return { problem: invalid('config.method', oneOf(TOOL_METHODS)) };
	const timeout = checkTimeout(config.timeout_sec);
	if ('problem' in timeout) return timeout;
	const headers = checkHeaders(config.headers);
	if ('problem' in headers) return headers;
	const parameters = checkParameters(config.parameters ?? { type: 'object', properties: {} });
	if ('problem' in parameters) return parameters;
	return {
		value: {
			url: url.value,
			method: method as ApiToolConfig['method'],
			headers: headers.value,
			timeout_sec: timeout.value,
			parameters: parameters.value,
		},
	};
}

function safeProtocol(url: string): string {
	try {
		return new URL(url).protocol;
	} catch {
		return '';
	}
}

function checkParameters(schema: unknown): Checked<ApiToolConfig['parameters']> {
	const at = 'config.parameters';
	if (!isObject(schema)) return { problem: invalid(at, 'must be a JSON schema object') };
	if (schema.type !== undefined && schema.type !== 'object') return { problem: invalid(`${at}.type`, 'must be object') };
	const properties = schema.properties ?? {};
	if (!isObject(properties)) return { problem: invalid(`${at}.properties`, 'must be an object') };
	for (const [name, property] of Object.entries(properties)) {
		if (!isObject(property)) return { problem: invalid(`${at}.properties.${name}`, 'must be an object') };
		if (!(PARAMETER_TYPES as readonly unknown[]).includes(property.type)) return { problem: invalid(`${at}.properties.${name}.type`, oneOf(PARAMETER_TYPES)) };
		if (property.description !== undefined && typeof property.description !== 'string') return { problem: invalid(`${at}.properties.${name}.description`, 'must be a string') };
	}
	const required = schema.required;
	if (required !== undefined && (!Array.isArray(required) || required.some((r) => typeof r !== 'string' || !(r in properties)))) {
		return { problem: invalid(`${at}.required`, 'must list names of properties') };
	}
	return { value: { ...schema, type: 'object', properties } as ApiToolConfig['parameters'] };
}

/** A copy of the tool whose header values read `•••`. */
export function maskTool(tool: P2Record): P2Record {
	const config = tool.config;
	if (!isObject(config) || !Array.isArray(config.headers)) return { ...tool };
	const headers = config.headers.map((h: unknown) => (isObject(h) ? { ...h, value: MASK } : h));
	return { ...tool, config: { ...config, headers } };
}

/** An update's config whose header values are `•••` keeps the stored value of the header of that name. */
export function keepMaskedHeaders(next: unknown, stored: unknown): void {
	if (!isObject(next) || !Array.isArray(next.headers)) return;
	const old = isObject(stored) && Array.isArray(stored.headers) ? (stored.headers as unknown[]).filter(isObject) : [];
	for (const h of next.headers as unknown[]) {
		if (!isObject(h) || h.value !== MASK) continue;
		const kept = old.find((o) => typeof o.name === 'string' && typeof h.name === 'string' && o.name.toLowerCase() === h.name.toLowerCase());
		if (kept) h.value = kept.value;
	}
}
