/** Tool → Get: GET /user/tools/{id}, the tool itself or wrapped in {data}. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { operation } from '../../../nodes/VoiceAssistant/actions/classic/tool/get.operation';
import type { Api } from '../../../nodes/VoiceAssistant/engine/operation';
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Tool → Get', () => {
	it('returns the tool record as the platform sends it', async () => {
		const [item] = jsonOf(expectOk(await t.run({ resource: 'tool', operation: 'get', toolId: fromList(2) })));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/tools/2', status: 200 })]);
		expect(item).toMatchObject({ id: 2, name: 'book_appointment', method: 'POST', timeout: 15 });
		expect((item.schema as unknown[]).length).toBe(3);
	});

	it("names the tool on 404 (another account's)", async () => {
		const result = await t.run({ resource: 'tool', operation: 'get', toolId: byId(3) });
		expect(result.error?.message).toBe('Tool 3 was not found');
	});

	it('unwraps {data: {...}} where a host wraps the record', async () => {
		const api = { ctx: {} as IExecuteFunctions, itemIndex: 0, request: async () => undefined, setAside: async (wait) => await wait() } as Api;
		const request = { method: 'GET' as const, path: '/user/tools/2' };
		expect(await operation.output({ data: { id: 2, name: 'book_appointment' } }, { request }, api)).toEqual([{ id: 2, name: 'book_appointment' }]);
	});
});
