/** Sandbox contract: a ringing inbound call asks its inbound webhook for variables (docs/platform-facts.md, "Inbound calls"). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startReceiver, useClients, type Receiver } from './helpers';

const c = useClients({ inboundAnswerTimeoutMs: 300, reset: 'all' });
let receiver: Receiver;
beforeAll(async () => {
	receiver = await startReceiver();
});
afterAll(async () => {
	await receiver.close();
});
beforeEach(async () => {
	receiver.received.length = 0;
	await c.alice.post('/user/assistants/enable-inbound-webhook', { assistant_id: 2, webhook_url: receiver.url });
});

const ring = () => c.sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4917012345670', askForVariables: true });
const callOf = (id: number) => c.sb.store.calls.find((x) => x.id === id)!;

it('POSTs the ringing call first; the answer\'s variables become the call\'s input variables', async () => {
	receiver.reply = { status: 200, body: { variables: { customer_name: 'Jonas Weber' } } };
	const result = await ring();
	expect(receiver.received.map((r) => r.body.status)).toEqual(['ringing', 'completed']);
	expect(receiver.received[0].body).toEqual({
		assistant_id: 2,
		customer_phone: '+4917012345670',
		assistant_phone: '+493022334455',
		call_id: result.call_id,
		timestamp: expect.any(String),
		status: 'ringing',
	});
	expect(callOf(result.call_id).input_variables).toEqual({ customer_name: 'Jonas Weber' });
	expect(c.sb.store.webhookDeliveries.map((d) => d.kind)).toContain('inbound-before-connect');
});

it('an error answer or one without a variables object gives no variables', async () => {
	receiver.reply = { status: 500, body: { variables: { customer_name: 'x' } } };
	expect(callOf((await ring()).call_id).input_variables).toEqual({});
	receiver.reply = { status: 200, body: { variables: 'Jonas' } };
	expect(callOf((await ring()).call_id).input_variables).toEqual({});
});

it('without ask_variables only the completion notification is sent (the reference behaviour)', async () => {
	const result = await c.sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4917012345670' });
	expect(receiver.received.map((r) => r.body.status)).toEqual(['completed']);
	expect(callOf(result.call_id).input_variables).toEqual({});
});

it('an answer slower than the wait (here 300 ms) is too late: the call connects without variables', async () => {
	const slow = createServer((_req, res) => {
		setTimeout(() => {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ variables: { customer_name: 'Too Late' } }));
		}, 600);
	});
	await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
	try {
		const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`;
		await c.alice.post('/user/assistants/enable-inbound-webhook', { assistant_id: 2, webhook_url: url });
		const result = await ring();
		expect(callOf(result.call_id).input_variables).toEqual({});
		const asked = c.sb.store.webhookDeliveries.find((d) => d.kind === 'inbound-before-connect');
		expect(asked?.response.status).toBeNull();
	} finally {
		slow.closeAllConnections();
		await new Promise<void>((resolve) => slow.close(() => resolve()));
	}
});
