/**
 * An answer that is not what the reference documents is an error, never an empty output: a user who
 * gets 0 leads must be able to trust that the account has none. Served by a stand-in that answers
 * with shapes the sandbox (faithful to the reference) never produces.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';

let server: Server;
let baseUrl: string;
const answers = new Map<string, unknown>();

beforeAll(async () => {
	server = createServer((req, res) => {
		const path = (req.url ?? '').split('?')[0].replace(/^\/api/, '');
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify(answers.get(`${req.method} ${path}`) ?? { message: 'unexpected request' }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => await new Promise((resolve) => server.close(resolve)));
beforeEach(() => answers.clear());

async function run(parameters: INodeParameters) {
	return await runNode({ node: VoiceAssistant, parameters, credentials: { apiToken: 'token', baseUrl } });
}

describe('list endpoints answering another shape fail clearly', () => {
	it.each([
		['Lead → Get Many', 'GET /user/leads', { resource: 'lead', operation: 'getMany' }, { data: { leads: [] } }],
		['Campaign → Get Many', 'GET /user/campaigns', { resource: 'campaign', operation: 'getMany' }, { items: [] }],
		['Call → Get Many', 'GET /user/calls', { resource: 'call', operation: 'getMany' }, { calls: [] }],
		['Assistant → Get Many', 'GET /user/assistants/get', { resource: 'assistant', operation: 'getMany' }, { total: 3, per_page: 10 }],
		['Assistant → Get Many Outbound', 'GET /user/assistants/outbound', { resource: 'assistant', operation: 'getManyOutbound' }, {}],
		['Reference → Get Voices', 'GET /user/assistants/voices', { resource: 'reference', operation: 'getVoices' }, { voices: [] }],
	])('%s', async (_name, route, parameters, answer) => {
		answers.set(route, answer);
		const result = await run(parameters as INodeParameters);
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toMatch(/^The platform answered with something other than (a list|a page of records)/);
		expect(String((result.error as { description?: string }).description)).toContain(route);
	});

	it('accepts the documented wrapped shape of the campaign list ({campaigns: [...]})', async () => {
		answers.set('GET /user/campaigns', { campaigns: [{ id: 1, name: 'Spring' }, { id: 2, name: 'Autumn' }] });
		const result = await run({ resource: 'campaign', operation: 'getMany', limit: 5 });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.name)).toEqual(['Spring', 'Autumn']);
	});
});

describe('campaign start/stop answering success: false', () => {
	it.each(['start', 'stop'])('%s is an error, not "done"', async (operation) => {
		answers.set('POST /user/campaigns/update-status', { success: false, message: 'Insufficient balance', data: { campaign_id: 7 } });
		const result = await run({ resource: 'campaign', operation, campaignId: { __rl: true, mode: 'id', value: '7' } });
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toBe(`The platform did not ${operation} campaign 7: Insufficient balance`);
	});
});
