/**
 * Stand-ins for the Express request/response n8n's webhook server hands to WebhookContext.
 * The request looks like one after n8n's body parsing (parsed `body` plus `rawBody` Buffer, for
 * signature checks); the response records whatever the node writes.
 */
import type { IDataObject, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

// express is not installed here; take the types from where n8n-workflow expects them.
type Request = NonNullable<IWorkflowExecuteAdditionalData['httpRequest']>;
type Response = NonNullable<IWorkflowExecuteAdditionalData['httpResponse']>;

export interface FakeRequestInit {
	method?: string;
	headers?: Record<string, string | string[] | undefined>;
	query?: Record<string, string | string[]>;
	/** Parsed body; a string is kept verbatim as rawBody and parsed as JSON when it is JSON. */
	body?: unknown;
	/** Exact bytes received, when they must differ from JSON.stringify(body) (signature tests). */
	rawBody?: string | Buffer;
	params?: Record<string, string>;
	/** Request path, default /webhook. */
	path?: string;
}

export interface RecordedResponse {
	statusCode: number;
	headers: Record<string, string | number | string[]>;
	body: unknown;
	/** True once the node called send/json/end/sendStatus: n8n would not respond again. */
	ended: boolean;
}

export function createFakeRequest(init: FakeRequestInit): Request {
	const headers: Record<string, string | string[]> = {};
	for (const [name, value] of Object.entries(init.headers ?? {})) {
		if (value !== undefined) headers[name.toLowerCase()] = value;
	}
	let body = init.body;
	let raw: Buffer;
	if (typeof body === 'string') {
		raw = Buffer.from(body);
		try {
			body = JSON.parse(body);
		} catch {
			// not JSON: keep the text
		}
	} else {
		raw = Buffer.from(body === undefined ? '' : JSON.stringify(body));
	}
	if (init.rawBody !== undefined) raw = Buffer.isBuffer(init.rawBody) ? init.rawBody : Buffer.from(init.rawBody);
	if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';

	const path = init.path ?? '/webhook';
	const query = init.query ?? {};
	const search = new URLSearchParams(query as Record<string, string>).toString();
	const header = (name: string) => headers[name.toLowerCase()];
	const request = {
		method: (init.method ?? 'POST').toUpperCase(),
		headers,
		query,
		params: init.params ?? {},
		body: body ?? {},
		rawBody: raw,
		path,
		url: search ? `${path}?${search}` : path,
		originalUrl: search ? `${path}?${search}` : path,
		header,
		get: header,
		readRawBody: async () => undefined,
	};
	return request as unknown as Request;
}

export function createRecordingResponse(): { response: Response; recorded: RecordedResponse } {
	const recorded: RecordedResponse = { statusCode: 200, headers: {}, body: undefined, ended: false };
	const setHeader = (name: string, value: string | number | string[]) => {
		recorded.headers[name.toLowerCase()] = value;
	};
	const response = {
		get statusCode() {
			return recorded.statusCode;
		},
		set statusCode(code: number) {
			recorded.statusCode = code;
		},
		get headersSent() {
			return recorded.ended;
		},
		get writableEnded() {
			return recorded.ended;
		},
		status(code: number) {
			recorded.statusCode = code;
			return response;
		},
		sendStatus(code: number) {
			recorded.statusCode = code;
			return response.end(String(code));
		},
		setHeader(name: string, value: string | number | string[]) {
			setHeader(name, value);
			return response;
		},
		set(field: string | IDataObject, value?: string | string[]) {
			if (typeof field === 'string') setHeader(field, value ?? '');
			else for (const [name, v] of Object.entries(field)) setHeader(name, v as string);
			return response;
		},
		header(field: string | IDataObject, value?: string | string[]) {
			return response.set(field, value);
		},
		getHeader(name: string) {
			return recorded.headers[name.toLowerCase()];
		},
		type(contentType: string) {
			setHeader('content-type', contentType);
			return response;
		},
		writeHead(code: number, headers?: Record<string, string>) {
			recorded.statusCode = code;
			for (const [name, value] of Object.entries(headers ?? {})) setHeader(name, value);
			return response;
		},
		write(chunk: unknown) {
			recorded.body = typeof recorded.body === 'string' ? recorded.body + String(chunk) : chunk;
			return true;
		},
		json(body: unknown) {
			if (recorded.headers['content-type'] === undefined) setHeader('content-type', 'application/json');
			recorded.body = body;
			recorded.ended = true;
			return response;
		},
		send(body?: unknown) {
			recorded.body = body;
			recorded.ended = true;
			return response;
		},
		end(chunk?: unknown) {
			if (chunk !== undefined) response.write(chunk);
			recorded.ended = true;
			return response;
		},
		on: () => response,
		once: () => response,
	};
	return { response: response as unknown as Response, recorded };
}
