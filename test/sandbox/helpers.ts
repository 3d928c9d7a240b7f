/** Shared set-up for the sandbox contract tests: the file's sandbox with axios clients, a webhook receiver. */
import axios, { type AxiosInstance } from 'axios';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '../../sandbox';
import { useSandbox, type UseSandboxOptions } from '../helpers/sandbox';

export interface Clients {
	sb: Sandbox;
	alice: AxiosInstance;
	bob: AxiosInstance;
	carol: AxiosInstance;
	anon: AxiosInstance;
	client(token: string): AxiosInstance;
}

export function clientFor(baseURL: string, token?: string): AxiosInstance {
	return axios.create({
		baseURL,
		validateStatus: () => true,
		proxy: false,
		headers: token ? { Authorization: `Bearer ${token}` } : {},
	});
}

/**
 * Call at the top of a file: useSandbox (calls take 15 ms a step) and a client per seeded user. Nothing
 * is reset between tests unless the file asks (`reset: 'all'`): most of these files build on earlier tests.
 */
export function useClients(options: UseSandboxOptions = {}): Clients {
	const sb = useSandbox({ callTiming: { stepMs: 15 }, reset: 'none', ...options });
	const clients = { sb, client: (token: string) => clientFor(sb.baseUrl, token) } as Clients;
	beforeAll(() => {
		clients.alice = clientFor(sb.baseUrl, sb.tokens.alice);
		clients.bob = clientFor(sb.baseUrl, sb.tokens.bob);
		clients.carol = clientFor(sb.baseUrl, sb.tokens.carol);
		clients.anon = clientFor(sb.baseUrl);
	});
	return clients;
}

export interface Received {
	method: string;
	path: string;
	headers: IncomingHttpHeaders;
	body: any;
}

export interface Receiver {
	url: string;
	received: Received[];
	/** What the receiver answers (default 200 {"ok": true}). */
	reply: { status: number; body: unknown };
	close(): Promise<void>;
}

/** A local HTTP server standing in for an n8n webhook. */
export async function startReceiver(): Promise<Receiver> {
	const received: Received[] = [];
	const receiver = { received, reply: { status: 200, body: { ok: true } as unknown } } as Receiver;
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : null });
			res.writeHead(receiver.reply.status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(receiver.reply.body));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	receiver.close = () =>
		new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		});
	return receiver;
}

/** A valid assistant-create body; override fields per test. */
export function assistantBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		assistant_name: 'Test Assistant',
		voice_id: 1,
		language: 'German',
		llm_model: 'gpt-4o-mini',
		calls_direction: 'make',
		engine_type: 'pipeline',
		timezone: 'Europe/Berlin',
		initial_message: 'Hallo!',
		system_prompt: 'Be helpful.',
		...overrides,
	};
}
