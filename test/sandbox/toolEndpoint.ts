/**
 * A local HTTP server standing in for a mid-call tool's endpoint (the n8n webhook the trigger creates
 * the tool for). By path: `/slow…` answers after `slowMs`, `/fail…` answers 500, anything else 200
 * `{"order": "shipped"}`. Every request is kept, with what the assistant sent.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolHit {
	method: string;
	/** path and query as received */
	path: string;
	headers: IncomingHttpHeaders;
	/** the JSON body, null when none */
	body: unknown;
}

export interface ToolEndpoint {
	url: string;
	hits: ToolHit[];
	/** requests the caller gave up on before the answer (a timeout, a sandbox reset) */
	abandoned: number;
	slowMs: number;
	close(): Promise<void>;
}

export const SHIPPED = { order: 'shipped' };

export async function startToolEndpoint(): Promise<ToolEndpoint> {
	const endpoint = { hits: [] as ToolHit[], abandoned: 0, slowMs: 1500 } as ToolEndpoint;
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			const path = req.url ?? '';
			endpoint.hits.push({ method: req.method ?? '', path, headers: req.headers, body: text ? JSON.parse(text) : null });
			const answer = (status: number, body: unknown) => {
				if (res.destroyed) return;
				res.writeHead(status, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify(body));
			};
			res.on('close', () => {
				if (!res.writableFinished) endpoint.abandoned++;
			});
			if (path.startsWith('/slow')) setTimeout(() => answer(200, { late: true }), endpoint.slowMs);
			else if (path.startsWith('/fail')) answer(500, { error: 'boom' });
			else answer(200, SHIPPED);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	endpoint.close = () =>
		new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		});
	return endpoint;
}

/** Waits until `check` holds (polling every 10 ms), failing after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
	const end = Date.now() + ms;
	while (!(await check())) {
		if (Date.now() > end) throw new Error('timed out waiting');
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

/**
 * One tool endpoint for a test file: started before its tests, closed after them, its record of
 * requests emptied before each test. Read `.current` inside a test.
 */
export function useToolEndpoint(): { current: ToolEndpoint } {
	const holder = {} as { current: ToolEndpoint };
	beforeAll(async () => {
		holder.current = await startToolEndpoint();
	});
	afterAll(async () => {
		await holder.current.close();
	});
	beforeEach(() => {
		holder.current.hits.length = 0;
		holder.current.abandoned = 0;
	});
	return holder;
}
