/** The sandbox's 2.0 webhook control routes over HTTP (docs/sandbox.md): set-up, deliveries, a ringing call. */
import http from 'node:http';
import { createHmac } from 'node:crypto';

import { useSandbox } from '../../helpers/sandbox';

const sb = useSandbox();

interface Seen {
	headers: http.IncomingHttpHeaders;
	raw: string;
}

async function listen(answer: (seen: Seen) => unknown): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
	const seen: Seen[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const entry = { headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') };
			seen.push(entry);
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(answer(entry)));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return { url: `http://127.0.0.1:${port}/hook`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const control = async (path: string, body?: unknown) => {
	const res = await fetch(`${sb.origin}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
	return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

it('signs workspace deliveries, sends assistant deliveries unsigned, and rings a call that asks the variable webhook', async () => {
	const receiver = await listen(() => ({ variables: { customer_name: 'Erika' } }));
	try {
		const hook = await control('/sandbox/platform2/webhooks', { url: receiver.url, events: ['call.completed'] });
		expect(hook.body).toMatchObject({ url: receiver.url, events: ['call.completed'] });
		expect((await control('/sandbox/platform2/deliver', { event: 'call.completed' })).body).toMatchObject({ to: 'workspace', signed: true, status: 200 });
		const signed = receiver.seen[0];
		expect(signed.headers['x-famulor-signature']).toBe(`sha256=${createHmac('sha256', String(hook.body.secret)).update(signed.raw).digest('hex')}`);
		expect((await control('/sandbox/platform2/deliver', { event: 'booking.created' })).status).toBe(409);

		const assistant = sb.platform2.list('A', '/assistants')[0];
		Object.assign(assistant, { webhook_url: receiver.url, webhook_delivery_mode: 'custom' });
		expect((await control('/sandbox/platform2/deliver', { event: 'call.completed', to: 'assistant', assistant_id: assistant.id })).body).toMatchObject({ signed: false, status: 200 });
		expect(receiver.seen[1].headers['x-famulor-signature']).toBeUndefined();

		sb.platform2.records.setSingleton(sb.platform2.workspaces.A, `/assistants/${assistant.id}/variables`, { variable_webhook_url: receiver.url, variable_webhook_secret: 's3cret' });
		const ring = await control('/sandbox/platform2/ringing-call', { assistant_id: assistant.id });
		expect(ring.body).toMatchObject({ status: 200, variables: { customer_name: 'Erika' } });
		expect(receiver.seen[2].headers['x-famulor-signature']).toBe(`sha256=${createHmac('sha256', 's3cret').update(receiver.seen[2].raw).digest('hex')}`);
		expect(((await control('/sandbox/platform2/deliveries')).body as unknown as unknown[]).length).toBe(3);
	} finally {
		await receiver.close();
	}
});
