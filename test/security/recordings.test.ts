/**
 * Issue #19, findings 1 and 2: a recording URL comes from outside (a delivery to the trigger, or the
 * platform's answer), so it must not make n8n fetch from inside its own network, nor fill its memory
 * or hold the platform's answer. Checked through the trigger (Download Recording) with the API host on
 * a public address, so the exception for a platform on loopback does not apply; the address rule and
 * the bounded body also on their own.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { getRequestHelperFunctions } from 'n8n-core/dist/execution-engine/node-execution-context/utils/request-helpers/factory';

import { addressKind } from '../../nodes/VoiceAssistant/shared/addresses';
import { fetchRecording } from '../../nodes/VoiceAssistant/shared/recording';
import { n8nResolver, recordingHostProblem, type RecordingHostPolicy } from '../../nodes/VoiceAssistant/shared/recordingHosts';
import { forgetProcessMemories } from '../../nodes/VoiceAssistant/trigger/recentMemory';
import { runWebhook } from '../harness';
import { lifecycle, parameters, placeCall, startReceiver, VoiceAssistantTrigger } from '../trigger/helpers';
import type { Receiver } from '../trigger/helpers';

let sb: Sandbox;
let receiver: Receiver | undefined;
let staticData: IDataObject;
let first: { query: Record<string, string>; body: IDataObject };

/** A platform on the internet: the recording rule's exception for a platform on loopback does not apply. */
const PUBLIC_API = 'https://93.184.216.34/api';

const download = (options: IDataObject = {}) => parameters({ options: { downloadRecording: true, ...options } } as never);

beforeAll(async () => {
	sb = await startSandbox({ quiet: true, callTiming: { stepMs: 5 } });
	forgetProcessMemories();
	staticData = {};
	receiver = await startReceiver(sb, staticData, download());
	await lifecycle(sb, download(), { production: receiver.productionUrl }, staticData).run('create');
	await placeCall(sb, 1, '+4917612345670');
	await sb.waitForIdle();
	const delivery = receiver.deliveries.at(-1)!;
	first = { query: delivery.query, body: delivery.body as IDataObject };
});
afterAll(async () => {
	await receiver?.close();
	await sb.waitForIdle();
	await sb.stop();
});

let statusCounter = 0;
/** One delivery naming this recording URL, as the trigger runs it; the item the workflow would start with. */
async function deliver(recordingUrl: string, options: IDataObject = {}, baseUrl = PUBLIC_API) {
	const started = Date.now();
	const result = await runWebhook(VoiceAssistantTrigger, {
		parameters: download(options),
		credentials: { apiToken: sb.tokens.alice, baseUrl },
		staticData,
		webhookUrl: receiver!.productionUrl,
		// a new status each time, so no delivery is a replay of another
		request: { method: 'POST', query: first.query, body: { ...first.body, status: `s${statusCounter++}`, recording_url: recordingUrl } },
	});
	const item = result.workflowData?.[0][0];
	return { json: item?.json ?? {}, binary: item?.binary, ms: Date.now() - started };
}

/** A local host that counts what reaches it and answers with `respond`. */
async function host(respond: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
	const seen: string[] = [];
	const server = http.createServer((req, res) => {
		seen.push(req.url ?? '');
		respond(req, res);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { port, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('finding 1: recordings are not fetched from inside the network', () => {
	it('the sandbox recording host on loopback is refused for a platform on the internet, and sees no request', async () => {
		const recordingUrl = sb.recordingsOrigin + '/recordings/anything.mp3';
		sb.recordingRequests.splice(0);
		const { json, binary } = await deliver(recordingUrl);
		expect(json.recording_error).toMatch(/this machine \(loopback\).*\(refused\)/);
		expect(binary).toBeUndefined();
		expect(sb.recordingRequests).toHaveLength(0);
		// the same URL with the platform itself on loopback is the sandbox's normal case and still works
		expect((await deliver(recordingUrl, {}, sb.baseUrl)).json.recording_error).not.toMatch(/refused/);
	});

	it.each([
		['a cloud metadata address', 'http://169.254.169.254/latest/meta-data/', 'link-local'],
		['a private network address', 'http://10.0.0.7/r.mp3', 'private network'],
		['a carrier-grade NAT address', 'http://100.64.1.1/r.mp3', 'carrier-grade NAT'],
		['an IPv4-mapped IPv6 loopback address', 'http://[::ffff:127.0.0.1]/r.mp3', 'loopback'],
		['IPv6 loopback', 'http://[::1]/r.mp3', 'loopback'],
		['a unique-local IPv6 address', 'http://[fd12::1]/r.mp3', 'unique-local'],
		['0.0.0.0', 'http://0.0.0.0/r.mp3', 'unspecified'],
		['a localhost name', 'http://recordings.localhost/r.mp3', 'loopback'],
		['a decimal IPv4 form', 'http://2130706433/r.mp3', 'loopback'],
	])('%s is refused, quickly and without connection details', async (_what, url, words) => {
		const { json, ms } = await deliver(url);
		expect(json.recording_error).toContain(words);
		expect(json.recording_error).toContain('(refused)');
		expect(json.recording_error).not.toMatch(/ECONN|EHOST|ETIMEDOUT|socket/);
		expect(ms).toBeLessThan(2000);
	});

	it('an open and a closed internal port give the same answer', async () => {
		const open = await host((_req, res) => res.end('x'));
		try {
			const a = await deliver(`http://127.0.0.3:${open.port}/r.mp3`);
			const b = await deliver('http://127.0.0.3:1/r.mp3');
			expect(a.json.recording_error?.toString().replace(/:\d+/, ':P')).toBe(b.json.recording_error?.toString().replace(/:\d+/, ':P'));
			expect(open.seen).toHaveLength(0);
		} finally {
			await open.close();
		}
	});

	it('Allowed Recording Hosts narrows even what the platform\'s own kind of address would allow', async () => {
		const { json } = await deliver(sb.recordingsOrigin + '/recordings/x.mp3', { allowedRecordingHosts: 'storage.example.com, *.cdn.example.com' }, sb.baseUrl);
		expect(json.recording_error).toMatch(/not in Allowed Recording Hosts \(refused\)/);
	});
});

describe('the address rule on its own', () => {
	const policy = (resolved: Record<string, string[]>, apiKinds: string[] = ['public']): RecordingHostPolicy => ({
		apiKinds: new Set(apiKinds) as RecordingHostPolicy['apiKinds'],
		allowedHosts: [],
		resolve: async (name) => resolved[name] ?? [],
	});

	it('checks every address a name resolves to', async () => {
		const rule = policy({ 'storage.example.com': ['93.184.216.34', '10.0.0.1'], 'cdn.example.com': ['93.184.216.34'] });
		expect(await recordingHostProblem(new URL('https://storage.example.com/r.mp3'), rule)).toContain('private network');
		expect(await recordingHostProblem(new URL('https://cdn.example.com/r.mp3'), rule)).toBeUndefined();
	});

	it('lets a platform on a private network serve recordings on its own kind of address, and only that kind', async () => {
		const rule = policy({ 'files.corp': ['10.1.2.3'] }, ['private']);
		expect(await recordingHostProblem(new URL('http://files.corp/r.mp3'), rule)).toBeUndefined();
		expect(await recordingHostProblem(new URL('http://169.254.169.254/'), rule)).toContain('link-local');
		expect(await recordingHostProblem(new URL('http://127.0.0.1/'), rule)).toContain('loopback');
	});

	it('refuses user info in a recording URL', async () => {
		expect(await recordingHostProblem(new URL('https://user:pw@cdn.example.com/r.mp3'), policy({}))).toContain('user name or password');
	});

	it.each([
		['8.8.8.8', 'public'],
		['127.10.0.1', 'loopback'],
		['172.31.255.255', 'private'],
		['172.32.0.1', 'public'],
		['192.168.1.1', 'private'],
		['224.0.0.1', 'multicast'],
		['[::ffff:7f00:1]', 'loopback'],
		['[::ffff:a9fe:a9fe]', 'link-local'],
		['[fe80::1]', 'link-local'],
		['[2606:4700::1111]', 'public'],
		['[64:ff9b::a00:1]', 'private'],
		['example.com', undefined],
	])('%s is %s', (address, kind) => {
		expect(addressKind(address)).toBe(kind);
	});
});

describe("n8n's DNS lookup is what the rule uses for names", () => {
	it('resolves through n8n-core (helpers.getSecureEgressFilter), so names are checked on this n8n', async () => {
		const helpers = getRequestHelperFunctions({} as never, {} as never, {} as never);
		const resolve = n8nResolver(helpers);
		expect(resolve).toBeDefined();
		expect((await resolve!('localhost')).map((address) => addressKind(address))).toContain('loopback');
	});
});

describe('finding 2: downloads are bounded in size and time', () => {
	/** Deliveries with the platform on loopback, so these local hosts are allowed and only the bounds decide. */
	const local = (url: string, options: IDataObject = {}) => deliver(url, options, sb.baseUrl);

	it('a Content-Length over Max Recording Size is refused before the body is read', async () => {
		const big = await host((_req, res) => {
			res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': String(200 * 1_048_576) });
			res.write(Buffer.alloc(1024));
		});
		try {
			const { json, binary, ms } = await local(`http://127.0.0.1:${big.port}/r.mp3`);
			expect(json.recording_error).toMatch(/larger than 100 MB \(Max Recording Size\)/);
			expect(binary).toBeUndefined();
			expect(ms).toBeLessThan(5000);
		} finally {
			await big.close();
		}
	});

	it('a body without Content-Length is cut off at the cap: the host could not send much more than that', async () => {
		let written = 0;
		let closed = false;
		const endless = await host((req, res) => {
			res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
			const chunk = Buffer.alloc(256 * 1024, 1);
			req.socket.on('close', () => (closed = true));
			const pump = (): void => {
				while (!closed && written < 2 * 1024 * 1_048_576) {
					written += chunk.length;
					if (!res.write(chunk)) {
						res.once('drain', pump);
						return;
					}
				}
				res.end();
			};
			pump();
		});
		try {
			const { json, binary } = await local(`http://127.0.0.1:${endless.port}/r.mp3`, { maxRecordingSizeMb: 1 });
			expect(json.recording_error).toMatch(/larger than 1 MB \(Max Recording Size\); not downloaded/);
			expect(binary).toBeUndefined();
			await new Promise((resolve) => setTimeout(resolve, 200));
			expect(closed).toBe(true);
			expect(written).toBeLessThan(64 * 1_048_576); // of the 2 GB it would have sent
		} finally {
			await endless.close();
		}
	});

	it('a page (text/html) is not stored as an mp3', async () => {
		const page = await host((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>login</html>'));
		try {
			const { json, binary } = await local(`http://127.0.0.1:${page.port}/r.mp3`);
			expect(json.recording_error).toMatch(/is not audio \("text\/html"\); not stored/);
			expect(binary).toBeUndefined();
		} finally {
			await page.close();
		}
	});

	it('a host that sends a byte now and then cannot hold the download past its total deadline', async () => {
		const drip = await host((_req, res) => {
			res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
			const timer = setInterval(() => res.write('x'), 100);
			res.on('close', () => clearInterval(timer));
		});
		try {
			const helpers = {
				...getRequestHelperFunctions({} as never, {} as never, {} as never),
				// what n8n's default binary mode does: read the stream into memory
				prepareBinaryData: async (data: NodeJS.ReadableStream) => {
					const chunks: Buffer[] = [];
					for await (const chunk of data) chunks.push(chunk as Buffer);
					return { data: Buffer.concat(chunks).toString('base64'), mimeType: 'audio/mpeg' };
				},
			};
			const limits = { hosts: { apiKinds: new Set(['loopback'] as const), allowedHosts: [] }, maxBytes: 1_048_576, deadlineMs: 800 };
			const started = Date.now();
			const result = await fetchRecording(helpers as never, 9, `http://127.0.0.1:${drip.port}/r.mp3`, limits);
			expect(Date.now() - started).toBeLessThan(3000);
			expect(result).toEqual({ problem: expect.objectContaining({ message: expect.stringMatching(/did not arrive within 1 s/), retryable: true }) });
			// a download given what is left of a delivery's 30 s names the 30 s, however much was left
			const left = await fetchRecording(helpers as never, 9, `http://127.0.0.1:${drip.port}/r.mp3`, { ...limits, deadlineMs: 400, statedDeadlineMs: 30_000 });
			expect(left).toEqual({ problem: expect.objectContaining({ message: expect.stringMatching(/did not arrive within 30 s/) }) });
		} finally {
			await drip.close();
		}
	});

	it('a 302 to an internal address is refused at that hop: the second host never sees a request', async () => {
		const inside = await host((_req, res) => res.writeHead(200, { 'Content-Type': 'audio/mpeg' }).end('secret'));
		const calls: string[] = [];
		const helpers = {
			httpRequest: async ({ url }: { url: string }) => {
				calls.push(url);
				return { statusCode: 302, headers: { location: `http://127.0.0.1:${inside.port}/latest/meta-data` }, body: undefined };
			},
			prepareBinaryData: async () => ({ data: '', mimeType: 'audio/mpeg' }),
		};
		try {
			const limits = { hosts: { apiKinds: new Set(['public'] as const), allowedHosts: [] }, maxBytes: 1_048_576, deadlineMs: 5000 };
			const result = await fetchRecording(helpers as never, 9, 'https://storage.example.com/r.mp3', limits);
			expect(result).toEqual({ problem: expect.objectContaining({ message: expect.stringMatching(/this machine \(loopback\).*\(refused\)/) }) });
			expect(calls).toEqual(['https://storage.example.com/r.mp3']);
			expect(inside.seen).toHaveLength(0);
		} finally {
			await inside.close();
		}
	});
});
