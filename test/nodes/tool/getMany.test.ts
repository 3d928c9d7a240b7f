/** Tool → Get Many: GET /user/tools, a bare array or {data: [...]}; Limit applied here. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { operation } from '../../../nodes/VoiceAssistant/actions/classic/tool/getMany.operation';
import type { Api } from '../../../nodes/VoiceAssistant/engine/operation';
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Tool → Get Many', () => {
	it("lists the account's tools (one request), Limit cuts the list", async () => {
		const all = jsonOf(expectOk(await t.run({ resource: 'tool', operation: 'getMany', returnAll: true })));
		expect(all.map((tool) => tool.name)).toEqual(['check_availability', 'book_appointment']);
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/tools', query: {}, status: 200 })]);
		const one = jsonOf(expectOk(await t.run({ resource: 'tool', operation: 'getMany', limit: 1 })));
		expect(one.map((tool) => tool.id)).toEqual([1]);
		const bobs = jsonOf(expectOk(await t.run({ resource: 'tool', operation: 'getMany', returnAll: true }, { token: t.sb.tokens.bob })));
		expect(bobs.map((tool) => tool.id)).toEqual([3]);
	});

	it('reads {data: [...]} too, and fails on any other shape instead of reading "no tools"', async () => {
		const api = { ctx: { getNode: () => ({ name: 'Voice Assistant' }) } as unknown as IExecuteFunctions, itemIndex: 0, request: async () => undefined, setAside: async (wait) => await wait() } as Api;
		const prepared = { limit: Infinity, request: { method: 'GET' as const, path: '/user/tools' } };
		expect(await operation.output({ data: [{ id: 7 }] }, prepared, api)).toEqual([{ id: 7 }]);
		expect(() => operation.output({ tools: [] }, prepared, api)).toThrow(/something other than a list/);
	});
});
