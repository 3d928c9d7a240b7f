/**
 * Issue #14, point 7: the sandbox's control routes answer only this machine (loopback Host, no
 * foreign Origin) and JSON bodies, and never relay what a webhook they called answered.
 */
import http from 'node:http';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { startReceiver } from '../sandbox/helpers';
import type { Receiver } from '../sandbox/helpers';

let sb: Sandbox;
let rx: Receiver;
beforeAll(async () => {
	sb = await startSandbox({ quiet: true, callTiming: { stepMs: 5 } });
	rx = await startReceiver();
});
afterAll(async () => {
	await rx.close();
	await sb.stop();
});

/** A raw request, so Host and Origin can be whatever a browser page would send. */
function request(method: string, path: string, headers: Record<string, string>, body = ''): Promise<{ status: number; text: string }> {
	const url = new URL(path, sb.origin);
	return new Promise((resolve, reject) => {
		const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method, headers }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (c: Buffer) => chunks.push(c));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
		});
		req.on('error', reject);
		req.end(body);
	});
}

const FAULTS = JSON.stringify([{ kind: 'status', status: 500 }]);

it('a foreign Host (DNS rebinding) is refused and changes nothing', async () => {
	const res = await request('POST', '/sandbox/faults', { Host: 'attacker.example:4010', 'Content-Type': 'application/json' }, FAULTS);
	expect(res.status).toBe(403);
	expect(sb.store && (await request('GET', '/sandbox/faults', {})).text).toBe('[]');
});

it('a page of another site (Origin) is refused', async () => {
	const res = await request('POST', '/sandbox/reset', { Origin: 'https://attacker.example' });
	expect(res.status).toBe(403);
});

it('a text/plain body (a cross-site form) is refused; application/json from this machine works', async () => {
	expect((await request('POST', '/sandbox/faults', { 'Content-Type': 'text/plain' }, FAULTS)).status).toBe(415);
	expect((await request('GET', '/sandbox/faults', {})).text).toBe('[]');
	expect((await request('POST', '/sandbox/faults', { 'Content-Type': 'application/json' }, '[]')).status).toBe(200);
	expect((await request('GET', '/sandbox/health', { Host: `localhost:${new URL(sb.origin).port}` })).status).toBe(200);
});

it('inbound-call and state never return what the webhook answered', async () => {
	rx.reply = { status: 200, body: { private: 'content of a local service' } };
	const a = sb.store.assistants.find((x) => x.id === 2)!;
	a.inbound_webhook_url = `${rx.url}/inbound`;
	const res = await request('POST', '/sandbox/inbound-call', { 'Content-Type': 'application/json' }, JSON.stringify({ assistant_id: 2, wait: true }));
	expect(res.status).toBe(200);
	expect(JSON.parse(res.text).inbound_webhook_response).toEqual({ status: 200 });
	expect(res.text).not.toContain('local service');
	const state = (await request('GET', '/sandbox/state', {})).text;
	expect(state.includes('local service')).toBe(false);
});
