/**
 * The request pipeline for /api: log -> latency -> fault (phase before) -> route -> auth -> rate limit
 * -> body check -> handler -> fault (phase after) -> send. Control routes (/sandbox) bypass auth,
 * limits and faults. Recordings are served by another host (recordings.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxHost } from './contracts';
import { effectivePhase } from './faults';
import type { ApiResult, ControlHandler, Handler } from './http';
import { message } from './http';
import type { Router } from './router';
import type { FaultSpec, RequestLogEntry } from './types';
import { hostileAnswer } from './hostile';
import { isLoopbackRequest } from './loopback';
import { isPlainObject } from './validation';
import { missingCallRoute } from './routes/calls';
import { BodyTooLarge, readRequestBody, type RequestBody } from './requestBody';
import { documentedHeaders } from './platform2/catalog';
import { isPlatform2Path } from './platform2/engine';

export const AUTH_MISSING = { error: 'Missing Authorization header', message: 'Authorization header is required' };
export const AUTH_INVALID = { error: 'Invalid API key', message: 'The provided API key is invalid or expired' };
export const FORBIDDEN = { error: 'Insufficient permissions', message: 'Your API key does not have permission for this resource' };
export const RATE_LIMITED = { error: 'Rate limit exceeded', message: 'Too many requests. Please try again later.' };

const STATUS_TEXT: Record<number, string> = {
	400: 'Bad Request',
	409: 'Conflict',
	422: 'Insufficient balance',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
};

function send(res: ServerResponse, result: ApiResult): void {
	if (res.destroyed || res.headersSent) return;
	const payload = result.raw ? result.raw.data : JSON.stringify(result.body);
	res.writeHead(result.status, {
		'Content-Type': result.raw ? result.raw.contentType : 'application/json',
		'Content-Length': Buffer.byteLength(payload),
		...result.headers,
	});
	res.end(payload);
}

function htmlPage(status: number): string {
	const title = `${status} ${STATUS_TEXT[status] ?? 'Error'}`;
	return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

export class RequestPipeline {
	constructor(
		private app: SandboxHost,
		private api: Router<Handler>,
		private control: Router<ControlHandler>,
	) {}

	handle = (req: IncomingMessage, res: ServerResponse): void => {
		this.dispatch(req, res).catch((err) => {
			this.app.log(`internal error: ${err instanceof Error ? err.stack : String(err)}`);
			send(res, message(500, 'Server Error'));
		});
	};

	private async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', 'http://sandbox');
		const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
		const method = (req.method ?? 'GET').toUpperCase();
		const query: Record<string, string> = {};
		for (const [key, value] of url.searchParams) if (!(key in query)) query[key] = value;
		const isApi = path === '/api' || path.startsWith('/api/');
		let body: RequestBody;
		try {
			body = await readRequestBody(req, isApi);
		} catch (err) {
			if (err instanceof BodyTooLarge) return send(res, message(413, 'Payload too large'));
			throw err;
		}
		if (isApi) return this.handleApi(req, res, method, path, query, body);
		if (path.startsWith('/sandbox')) return this.handleControl(req, res, method, path, query, body);
		send(res, message(404, `The route ${path.slice(1)} could not be found.`));
	}

	private async handleApi(
		req: IncomingMessage,
		res: ServerResponse,
		method: string,
		path: string,
		query: Record<string, string>,
		body: RequestBody,
	): Promise<void> {
		const entry: RequestLogEntry = {
			method,
			path,
			query,
			body: body.logged ?? (body.parseError ? body.raw : (body.parsed ?? null)),
			userId: null,
			status: 0,
			at: Date.now(),
		};
		const headers = isPlatform2Path(path) ? documentedHeaders(req.headers) : undefined;
		if (headers) entry.headers = headers;
		this.app.logRequest(entry);
		if (this.app.latencyMs > 0) await this.app.delay(this.app.latencyMs);
		await this.app.gate.pass(method, path);
		const fault = this.app.faults.pick(method, path, body.parsed);
		let result: ApiResult | null = null;
		if (!fault || effectivePhase(fault) === 'after') {
			result = await this.process(req, method, path, query, body, entry).catch((err) => {
				this.app.log(`handler error on ${method} ${path}: ${err instanceof Error ? err.stack : String(err)}`);
				return message(500, 'Server Error');
			});
		}
		if (fault) return this.applyFault(fault, result, req, res, entry);
		entry.status = result!.status;
		send(res, result!);
	}

	private async process(
		req: IncomingMessage,
		method: string,
		path: string,
		query: Record<string, string>,
		body: RequestBody,
		entry: RequestLogEntry,
	): Promise<ApiResult> {
		if (isPlatform2Path(path)) return this.processPlatform2(req, method, path, body, entry);
		const missing = missingCallRoute(this.app.store.settings.callByIdRoute, method, path);
		if (missing) return missing;
		const match = this.api.match(method, path);
		if (match.kind === 'not-found') return message(404, `The route ${path.slice(1)} could not be found.`);
		if (match.kind === 'method-not-allowed') {
			return message(405, `The ${method} method is not supported for route ${path.slice(1)}. Supported methods: ${match.allowed.join(', ')}.`);
		}
		const header = req.headers.authorization;
		if (!header || !header.trim()) return { status: 401, body: AUTH_MISSING };
		const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
		const auth = token ? this.app.store.userByToken(token) : null;
		if (!auth || !token) return { status: 401, body: AUTH_INVALID };
		entry.userId = auth.user.id;
		const limit = this.app.limiter.check(token);
		if (limit && !limit.allowed) {
			return { status: 429, body: { ...RATE_LIMITED, retry_after: limit.retryAfter }, headers: limit.headers };
		}
		const headers = limit?.headers;
		if (auth.readOnly && method !== 'GET') return { status: 403, body: FORBIDDEN, headers };
		if (body.parseError) {
			return { status: 400, body: { message: body.format === 'multipart' ? 'Malformed multipart body' : 'Malformed JSON body', error: body.parseError }, headers };
		}
		const result = await match.handler({
			app: this.app,
			user: auth.user,
			body: isPlainObject(body.parsed) ? body.parsed : {},
			rawBody: body.parsed,
			files: body.files,
			query,
			params: match.params,
			req,
		});
		return headers ? { ...result, headers: { ...headers, ...result.headers } } : result;
	}

	/** /api/v1: the Platform 2.0 mode authenticates, limits and answers by itself (platform2/engine.ts). */
	private async processPlatform2(req: IncomingMessage, method: string, path: string, body: RequestBody, entry: RequestLogEntry): Promise<ApiResult> {
		const search = new URL(req.url ?? '/', 'http://sandbox').searchParams;
		const outcome = await this.app.platform2.handle(
			{ method, path, search, headers: req.headers, body: body.parsed, bodyError: body.parseError },
			(secret) => this.app.limiter.check(secret),
		);
		if (outcome.workspaceId) entry.workspace = outcome.workspaceId;
		if (outcome.keyId) entry.key = outcome.keyId;
		return outcome.answer;
	}

	private applyFault(fault: FaultSpec, result: ApiResult | null, req: IncomingMessage, res: ServerResponse, entry: RequestLogEntry): void {
		const headers = result?.headers;
		switch (fault.kind) {
			case 'status': {
				const status = fault.status ?? 500;
				entry.status = status;
				return send(res, { status, body: { message: status === 500 ? 'Server Error' : (STATUS_TEXT[status] ?? 'Refused') }, headers });
			}
			case 'html': {
				const status = fault.status ?? 502;
				entry.status = status;
				return send(res, { status, body: null, raw: { contentType: 'text/html', data: htmlPage(status) } });
			}
			case 'malformed-json': {
				const json = JSON.stringify(result?.body ?? { message: 'Call initiated successfully', data: {} });
				entry.status = 200;
				return send(res, { status: 200, body: null, headers, raw: { contentType: 'application/json', data: json.slice(0, Math.max(1, Math.floor(json.length / 2))) } });
			}
			case 'timeout':
				entry.status = 0;
				this.app.holdOpen(res);
				return;
			case 'reset':
				entry.status = 0;
				req.socket.destroy();
				return;
			case 'rate-limit': {
				entry.status = 429;
				const wait = fault.retryAfter ?? 1;
				const reset = String(Math.ceil(Date.now() / 1000 + wait));
				return send(res, {
					status: 429,
					body: { ...RATE_LIMITED, retry_after: wait },
					headers: { 'Retry-After': String(Math.ceil(wait)), 'X-RateLimit-Limit': String(this.app.limiter.config?.perMinute ?? 100), 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset },
				});
			}
			case 'redirect':
			case 'huge-body':
			case 'echo-headers':
				return send(res, hostileAnswer(fault, req, entry));
		}
	}

	private async handleControl(
		req: IncomingMessage,
		res: ServerResponse,
		method: string,
		path: string,
		query: Record<string, string>,
		body: RequestBody,
	): Promise<void> {
		// Control routes change and reveal everything: only for this machine, never for a web page that
		// happens to be open in the developer's browser (DNS rebinding: Host; a form post: content type).
		const refused = isLoopbackRequest(req, method, body.raw);
		if (refused) return send(res, refused);
		const match = this.control.match(method, path);
		if (match.kind !== 'found') return send(res, message(404, `The route ${path.slice(1)} could not be found.`));
		if (body.parseError) return send(res, { status: 400, body: { message: 'Malformed JSON body', error: body.parseError } });
		const result = await match.handler({
			app: this.app,
			body: isPlainObject(body.parsed) ? body.parsed : {},
			rawBody: body.parsed,
			query,
			params: match.params,
			req,
		});
		send(res, result);
	}
}
