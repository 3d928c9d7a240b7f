/**
 * Sandbox contract: WhatsApp read receipts (docs/platform-facts.md, "WhatsApp read receipts"): the
 * sender's webhook set as in the dashboard, the signature over the exact bytes posted, sent →
 * delivered → read after a send, test deliveries, and the retry schedule (5xx, 429 and no answer
 * retried; other 4xx not).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientFor, useClients } from './helpers';

const c = useClients({ reset: 'all' });

interface Raw {
	headers: IncomingHttpHeaders;
	text: string;
	at: number;
}

/** A receiver that keeps the exact bytes; answers the statuses queued in `replies`, then 200. */
async function rawReceiver() {
	const received: Raw[] = [];
	const replies: number[] = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			received.push({ headers: req.headers, text: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
			res.writeHead(replies.shift() ?? 200, { 'Content-Type': 'application/json' });
			res.end('{"ok":true}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
		received,
		replies,
		close: () => new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		}),
	};
}

let receiver: Awaited<ReturnType<typeof rawReceiver>>;
beforeAll(async () => {
	receiver = await rawReceiver();
});
afterAll(async () => {
	await receiver.close();
});
beforeEach(() => {
	receiver.received.length = 0;
	receiver.replies.length = 0;
});

const hmac = (text: string, secret: string) => `sha256=${createHmac('sha256', secret).update(Buffer.from(text, 'utf8')).digest('hex')}`;
const control = () => clientFor(c.sb.origin);

describe('read-receipts webhook of a WhatsApp sender', () => {
	it('is set like the dashboard does: the answer shows the signing secret; a test delivery is signed over its exact bytes', async () => {
		const set = await control().post('/sandbox/read-receipts', { sender_id: 1, url: receiver.url });
		expect(set.data).toEqual({ sender_id: 1, url: receiver.url, secret: expect.stringMatching(/^wrs_[0-9a-f]{48}$/) });
		const secret = set.data.secret as string;

		const sent = await control().post('/sandbox/read-receipt', { sender_id: 1, test: true, wait: true });
		expect(sent.data).toEqual({ status: 'delivered', attempts: [200] });
		expect(receiver.received).toHaveLength(1);
		const [delivery] = receiver.received;
		expect(delivery.headers['content-type']).toBe('application/json');
		expect(delivery.headers['x-signature-256']).toBe(hmac(delivery.text, secret));
		expect(JSON.parse(delivery.text)).toEqual({
			event: 'message_status',
			whatsapp_message_id: expect.any(Number),
			message_sid: expect.stringMatching(/^SM/),
			meta_message_id: null,
			conversation_id: null,
			assistant_id: null,
			sender: { id: 1, phone_number: '+4930555000101', display_name: 'Acme Support' },
			to: expect.any(String),
			from: '+4930555000101',
			direction: 'outbound',
			status: 'delivered',
			error_code: null,
			error_message: null,
			error_description: null,
			timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			provider_timestamp: null,
			test: true,
		});
		// Saving again gives a new secret (the dashboard's "Regenerate"); a given secret is kept.
		const again = await control().post('/sandbox/read-receipts', { sender_id: 1, url: receiver.url });
		expect(again.data.secret).not.toBe(secret);
		expect((await control().post('/sandbox/read-receipts', { sender_id: 1, url: receiver.url, secret: 'my-secret' })).data.secret).toBe('my-secret');
	});

	it('a template send fires sent → delivered → read about that message, in order, each signed', async () => {
		const secret = c.sb.configureReadReceipts({ senderId: 1, url: receiver.url }) as string;
		const answer = await c.alice.post('/user/whatsapp/send', {
			sender_id: 1,
			template_id: 2,
			recipient_phone: '+4917612345670',
		});
		expect(answer.data.success).toBe(true);
		await c.sb.waitForIdle();
		const bodies = receiver.received.map((r) => {
			expect(r.headers['x-signature-256']).toBe(hmac(r.text, secret));
			return JSON.parse(r.text);
		});
		expect(bodies.map((b) => b.status)).toEqual(['sent', 'delivered', 'read']);
		const assistantUuid = c.sb.store.assistants.find((a) => a.id === 1)?.uuid;
		for (const body of bodies) {
			expect(body).toMatchObject({
				event: 'message_status',
				whatsapp_message_id: answer.data.message_id,
				message_sid: answer.data.message_sid,
				conversation_id: answer.data.conversation_id,
				assistant_id: assistantUuid,
				to: '+4917612345670',
				from: '+4930555000101',
				direction: 'outbound',
			});
			expect(body).not.toHaveProperty('test');
		}
		const recorded = c.sb.store.webhookDeliveries.filter((d) => d.kind === 'read-receipt');
		expect(recorded.map((d) => [d.sender_id, d.attempt, d.response.status])).toEqual([[1, 1, 200], [1, 1, 200], [1, 1, 200]]);
	});

	it('timestamp: ISO with Z for an account without a zone; on the owner\'s clock, without an offset, for one with a zone', async () => {
		c.sb.configureReadReceipts({ senderId: 1, url: receiver.url, statuses: ['sent'] });
		const send = async () => {
			receiver.received.length = 0;
			await c.alice.post('/user/whatsapp/send', { sender_id: 1, template_id: 2, recipient_phone: '+4917612345670' });
			await c.sb.waitForIdle();
			return { body: JSON.parse(receiver.received[0].text) as { timestamp: string }, at: Date.now() };
		};
		const utc = await send();
		expect(utc.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
		expect(Math.abs(Date.parse(utc.body.timestamp) - utc.at)).toBeLessThan(60_000);

		c.sb.setTimeZone('Asia/Tokyo', c.sb.users.alice);
		const tokyo = await send();
		expect(tokyo.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
		// Tokyo's wall clock read as if it were UTC is 9 h ahead of the instant
		expect(Math.abs(Date.parse(`${tokyo.body.timestamp}Z`) - tokyo.at - 9 * 3_600_000)).toBeLessThan(60_000);
		c.sb.setTimeZone(null);
	});

	it('a failed message carries the error fields; a sender without a webhook sends nothing', async () => {
		c.sb.configureReadReceipts({ senderId: 1, url: receiver.url, statuses: ['sent', 'failed'] });
		await c.alice.post('/user/whatsapp/send', { sender_id: 1, template_id: 2, recipient_phone: '+4917612345671' });
		await c.sb.waitForIdle();
		const bodies = receiver.received.map((r) => JSON.parse(r.text));
		expect(bodies.map((b) => b.status)).toEqual(['sent', 'failed']);
		expect(bodies[1]).toMatchObject({ error_code: 63016, error_message: expect.any(String), error_description: expect.any(String) });
		expect(bodies[0]).toMatchObject({ error_code: null, error_message: null });

		receiver.received.length = 0;
		c.sb.configureReadReceipts({ senderId: 1, url: null });
		await c.alice.post('/user/whatsapp/send', { sender_id: 1, template_id: 2, recipient_phone: '+4917612345670' });
		await c.sb.waitForIdle();
		expect(receiver.received).toHaveLength(0);
		expect((await control().post('/sandbox/read-receipt', { sender_id: 1 })).status).toBe(409);
	});

	it('retries after 5xx and 429 on the schedule, with the same bytes and signature; other 4xx are not retried', async () => {
		c.sb.configureReadReceipts({ senderId: 1, url: receiver.url, retryDelaysMs: [30, 60, 120] });
		receiver.replies.push(500, 429, 503);
		const started = Date.now();
		expect(await c.sb.sendReadReceipt({ senderId: 1, status: 'read', whatsappMessageId: 77 })).toEqual({ status: 'read', attempts: [500, 429, 503, 200] });
		expect(receiver.received).toHaveLength(4);
		expect(new Set(receiver.received.map((r) => r.text)).size).toBe(1);
		expect(new Set(receiver.received.map((r) => r.headers['x-signature-256'])).size).toBe(1);
		const gaps = receiver.received.slice(1).map((r, i) => r.at - receiver.received[i].at);
		expect(gaps[0]).toBeGreaterThanOrEqual(25);
		expect(gaps[1]).toBeGreaterThanOrEqual(55);
		expect(gaps[2]).toBeGreaterThanOrEqual(115);
		expect(Date.now() - started).toBeGreaterThanOrEqual(200);

		receiver.received.length = 0;
		receiver.replies.push(500, 500, 500, 500);
		expect((await c.sb.sendReadReceipt({ senderId: 1, status: 'read' }))?.attempts).toEqual([500, 500, 500, 500]); // three retries, then given up

		for (const status of [400, 401, 404, 422]) {
			receiver.received.length = 0;
			receiver.replies.push(status);
			expect((await c.sb.sendReadReceipt({ senderId: 1, status: 'delivered' }))?.attempts).toEqual([status]);
			expect(receiver.received).toHaveLength(1);
		}
	});

	it('retries when nothing answers', async () => {
		const gone = await rawReceiver();
		await gone.close();
		c.sb.configureReadReceipts({ senderId: 1, url: gone.url, retryDelaysMs: [5, 5, 5] });
		expect(await c.sb.sendReadReceipt({ senderId: 1, status: 'sent' })).toEqual({ status: 'sent', attempts: [null, null, null, null] });
		expect(c.sb.store.webhookDeliveries.filter((d) => d.kind === 'read-receipt')).toHaveLength(4);
	});

	it('the 30/60/120 s schedule is the default', () => {
		c.sb.configureReadReceipts({ senderId: 1, url: receiver.url });
		expect(c.sb.store.readReceipts.of(1)?.retry_delays_ms).toEqual([30_000, 60_000, 120_000]);
	});

	it('refuses what the dashboard would not save; a reset forgets every webhook', async () => {
		expect((await control().post('/sandbox/read-receipts', { sender_id: 99, url: receiver.url })).status).toBe(404);
		expect((await control().post('/sandbox/read-receipts', { sender_id: 1, url: 'not a url' })).status).toBe(422);
		expect((await control().post('/sandbox/read-receipts', { sender_id: 1, url: receiver.url, statuses: ['seen'] })).status).toBe(422);
		expect((await control().post('/sandbox/read-receipts', { sender_id: 1, url: receiver.url, retry_delays_ms: [-1] })).status).toBe(422);
		expect((await control().post('/sandbox/read-receipt', { sender_id: 1, status: 'seen' })).status).toBe(422);
		c.sb.configureReadReceipts({ senderId: 1, url: receiver.url });
		c.sb.reset();
		expect(c.sb.store.readReceipts.of(1)).toBeUndefined();
	});
});
