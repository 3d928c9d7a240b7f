/** Knowledge Base → Get Many: GET /user/knowledgebases ({data: [...]}, or a bare array), Limit applied here. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { runNode } from '../../harness';
import { VoiceAssistant, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Knowledge Base → Get Many', () => {
	it('outputs the account’s knowledge bases, one item each', async () => {
		const out = jsonOf(expectOk(await t.run({ resource: 'knowledgeBase', operation: 'getMany', returnAll: true })));
		expect(out.map((kb) => kb.name)).toEqual(['Product FAQ', 'Onboarding']);
		expect(out[0]).toMatchObject({ id: 1, status: 'active', status_label: 'Active', documents_count: 2, assistants_count: 0 });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/knowledgebases', status: 200 })]);
	});

	it('applies Limit', async () => {
		const out = jsonOf(expectOk(await t.run({ resource: 'knowledgeBase', operation: 'getMany', limit: 1 })));
		expect(out.map((kb) => kb.id)).toEqual([1]);
	});

	it('another token sees only its own', async () => {
		const out = jsonOf(expectOk(await t.run({ resource: 'knowledgeBase', operation: 'getMany', returnAll: true }, { token: t.sb.tokens.bob })));
		expect(out.map((kb) => kb.id)).toEqual([3]);
	});
});

describe('Knowledge Base → Get Many on hosts that answer other shapes', () => {
	let server: Server;
	let answer: unknown;
	beforeAll(async () => {
		server = createServer((_req, res) => {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(answer));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	});
	afterAll(async () => await new Promise((resolve) => server.close(resolve)));
	const run = async () =>
		await runNode({
			node: VoiceAssistant,
			parameters: { resource: 'knowledgeBase', operation: 'getMany', returnAll: true },
			credentials: { apiToken: 'token', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` },
		});

	it('reads a bare array', async () => {
		answer = [{ id: 7, name: 'Bare' }];
		expect(jsonOf(expectOk(await run()))).toEqual([{ id: 7, name: 'Bare' }]);
	});

	it('fails on anything else instead of outputting nothing', async () => {
		answer = { knowledgebases: [] };
		const result = await run();
		expect(result.error?.message).toBe('The platform answered with something other than a list (or {"data": [...]})');
	});
});
