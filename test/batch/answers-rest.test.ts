/**
 * The endpoints beyond the reference answering shapes the sandbox never produces: each new operation
 * fails clearly on an answer it cannot read, and accepts every shape the platform facts document
 * (204 deletes, evaluation as an array, lists bare or wrapped in {data}).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';

let server: Server;
let baseUrl: string;
/** route → [status, body]; a body of undefined sends no content */
const answers = new Map<string, [number, unknown]>();

beforeAll(async () => {
	server = createServer((req, res) => {
		const path = (req.url ?? '').split('?')[0].replace(/^\/api/, '');
		const [status, body] = answers.get(`${req.method} ${path}`) ?? [200, { message: 'unexpected request' }];
		if (body === undefined) {
			res.writeHead(status);
			res.end();
			return;
		}
		res.writeHead(status, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify(body));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => await new Promise((resolve) => server.close(resolve)));
beforeEach(() => answers.clear());

async function run(parameters: INodeParameters) {
	return await runNode({ node: VoiceAssistant, parameters, credentials: { apiToken: 'token', baseUrl } });
}

const byId = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });

describe('answers the node cannot read fail clearly', () => {
	it.each([
		['Call → Get', 'GET /user/calls/5', { resource: 'call', operation: 'get', callId: '5' }, [{ id: 5 }]],
		['Call → Delete', 'DELETE /user/calls/5', { resource: 'call', operation: 'delete', callId: '5' }, ['deleted']],
		['Lead → Delete', 'DELETE /user/leads/5', { resource: 'lead', operation: 'delete', leadId: '5' }, { success: false, message: 'Lead is being called' }],
		['Campaign → Create', 'POST /user/campaigns', { resource: 'campaign', operation: 'create', name: 'X', assistantId: byId(1) }, { message: 'Campaign created successfully' }],
		['Account → Get', 'GET /user/me', { resource: 'account', operation: 'get' }, { user: { name: 'A' } }],
		['Phone Number → Get Many', 'GET /user/phone-numbers/all', { resource: 'phoneNumber', operation: 'getMany' }, { numbers: [] }],
		['Phone Number → Search Available', 'GET /user/phone-numbers/search', { resource: 'phoneNumber', operation: 'searchAvailable', countryCode: 'DE' }, { results: [] }],
		['Assistant → Enable Post-Call Webhook', 'POST /user/assistants/enable-webhook', { resource: 'assistant', operation: 'enablePostCallWebhook', assistantId: byId(1), webhookUrl: 'https://example.com/h' }, ['ok']],
		['Assistant → Disable Post-Call Webhook', 'POST /user/assistants/disable-webhook', { resource: 'assistant', operation: 'disablePostCallWebhook', assistantId: byId(1) }, [1]],
		['Phone Number → Buy', 'POST /user/phone-numbers/purchase', { resource: 'phoneNumber', operation: 'buy', phoneNumber: '+14155550100' }, { message: 'ok', data: [] }],
	])('%s', async (_name, route, parameters, answer) => {
		answers.set(route, [200, answer]);
		const result = await run(parameters as INodeParameters);
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toMatch(/^The platform answered with something other than /);
		expect(String((result.error as { description?: string }).description)).toContain(route);
	});

	it('a purchase answered without its record says the number was probably bought', async () => {
		answers.set('POST /user/phone-numbers/purchase', [201, { message: 'Phone number purchased successfully' }]);
		const result = await run({ resource: 'phoneNumber', operation: 'buy', phoneNumber: '+14155550100' });
		expect(String((result.error as { description?: string }).description)).toContain(
			'so the number was probably bought: check on the platform before running this item again',
		);
	});
});

describe('documented shapes are accepted', () => {
	it('Call → Delete answered 204 with no body', async () => {
		answers.set('DELETE /user/calls/7', [204, undefined]);
		const result = await run({ resource: 'call', operation: 'delete', callId: '7' });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([{ id: 7, deleted: true, message: 'Call deleted' }]);
	});

	it('Call → Get with the evaluation as an array of {name, type, value, description} and an array transcript', async () => {
		answers.set('GET /user/calls/8', [
			200,
			{
				id: 8,
				status: 'completed',
				transcript: [
					{ text: 'Hello!', type: 'text', sender: 'assistant', timestamp: '2025-06-01T10:00:00Z' },
					{ text: 'Hi', type: 'text', sender: 'customer', timestamp: '2025-06-01T10:00:02Z' },
				],
				evaluation: [
					{ name: 'goal_reached', type: 'bool', value: true, description: 'Was the goal reached?' },
					{ name: 'politeness', type: 'number', value: 9, description: 'How polite' },
				],
				variables: { summary: 'Greeted.' },
			},
		]);
		const result = await run({ resource: 'call', operation: 'get', callId: '8' });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			transcript: 'Assistant: Hello!\nCustomer: Hi',
			evaluation: { goal_reached: true, politeness: 9 },
			variables: { summary: 'Greeted.' },
		});
	});

	it('Phone Number lists as a bare array; Account balance as a numeric string', async () => {
		answers.set('GET /user/phone-numbers/all', [200, [{ id: 1, phone_number: '+4930123456', sms_capable: false }]]);
		answers.set('GET /user/me', [200, { name: 'A', email: 'a@example.com', total_balance: '12.50' }]);
		expect((await run({ resource: 'phoneNumber', operation: 'getMany' })).items.map((i) => i.json.id)).toEqual([1]);
		expect((await run({ resource: 'account', operation: 'get' })).items[0].json).toEqual({ name: 'A', email: 'a@example.com', balance: 12.5 });
	});
});
