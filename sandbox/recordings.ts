/**
 * The recording host: a second small HTTP server on its own loopback port, standing in for the
 * storage (a CDN or bucket) that serves call recordings on the real platform. It is deliberately not
 * the API host, so a test can see whether a client sent the API token there: every request is logged
 * with the Authorization header it carried (null when none). `/recordings/<name>.mp3` (the URL the
 * call record holds) redirects to `/files/<name>.mp3`, like a signed storage URL; an unknown,
 * deleted (call deleted) or expired recording answers 404.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxStore } from './store';

export interface RecordingRequest {
	method: string;
	path: string;
	/** the Authorization header as it arrived, or null when none was sent */
	authorization: string | null;
	status: number;
	at: number;
}

/** A tiny stand-in for an MP3 file: an ID3 header and silence. */
export const RECORDING_BYTES = Buffer.concat([Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'), Buffer.alloc(1024)]);

export class RecordingHost {
	origin = '';
	readonly requests: RecordingRequest[] = [];
	/** Recordings the storage no longer has although a call record still points at them (expired). */
	private expired = new Set<string>();
	private server: Server;
	/** Recordings of Platform 2.0 calls (platform2/behaviours/calls.ts), by file name. */
	alsoServes?: (name: string) => boolean;

	constructor(private store: SandboxStore) {
		this.server = createServer((req, res) => this.handle(req, res));
		this.server.keepAliveTimeout = 5_000;
	}

	async listen(host: string): Promise<void> {
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(0, host, () => {
				this.server.off('error', reject);
				resolve();
			});
		});
		const { port } = this.server.address() as AddressInfo;
		const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
		this.origin = `http://${shownHost}:${port}`;
	}

	/** Whether a call of any user still holds this recording URL (deleting the call removes it). */
	private known(name: string): boolean {
		const url = `${this.origin}/recordings/${name}`;
		if (this.expired.has(url)) return false;
		if (this.alsoServes?.(name)) return true;
		return this.store.calls.some((c) => c.recording_url === url);
	}

	private handle(req: IncomingMessage, res: ServerResponse): void {
		const path = new URL(req.url ?? '/', 'http://recordings').pathname;
		const entry: RecordingRequest = {
			method: req.method ?? 'GET',
			path,
			authorization: req.headers.authorization ?? null,
			status: 0,
			at: Date.now(),
		};
		this.requests.push(entry);
		if (this.requests.length > 10_000) this.requests.splice(0, this.requests.length - 10_000);
		const answer = (status: number, headers: Record<string, string | number>, body: Buffer | string) => {
			entry.status = status;
			res.writeHead(status, { 'Content-Length': Buffer.byteLength(body), ...headers });
			res.end(body);
		};
		const notFound = () => answer(404, { 'Content-Type': 'application/json' }, JSON.stringify({ message: 'Recording not found' }));
		req.resume();
		if (entry.method !== 'GET') return answer(405, { 'Content-Type': 'application/json', Allow: 'GET' }, JSON.stringify({ message: 'Method not allowed' }));
		const match = /^\/(recordings|files)\/([0-9a-f]+\.mp3)$/.exec(path);
		if (!match || !this.known(match[2])) return notFound();
		if (match[1] === 'recordings') return answer(302, { Location: `/files/${match[2]}` }, '');
		answer(200, { 'Content-Type': 'audio/mpeg' }, RECORDING_BYTES);
	}

	/** The file behind a recording URL disappears (the call record keeps the URL): the host answers 404. */
	expire(url: string): void {
		this.expired.add(url);
	}

	clear(): void {
		this.requests.length = 0;
	}

	/** Back to the seed: every recording is there again, the log is empty. */
	reset(): void {
		this.clear();
		this.expired.clear();
	}

	async stop(): Promise<void> {
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}
}
