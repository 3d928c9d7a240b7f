/** Tool → Update: PUT /user/tools/{id} with only the fields added; headers and parameters replace the stored lists. */
import type { IDataObject } from 'n8n-workflow';

import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const update = (toolId: IDataObject, updateFields: IDataObject): IDataObject => ({ resource: 'tool', operation: 'update', toolId, updateFields });

describe('Tool → Update', () => {
	it('sends only the added fields; the output is the changed record', async () => {
		const [item] = jsonOf(expectOk(await t.run(update(fromList(1), { timeout: 25, method: 'POST', headers: { header: [{ name: 'Authorization', value: 'Bearer abc' }] } }))));
		expect(t.requests()).toEqual([
			expect.objectContaining({ method: 'PUT', path: '/api/user/tools/1', body: { method: 'POST', timeout: 25, headers: [{ name: 'Authorization', value: 'Bearer abc' }] }, status: 200 }),
		]);
		expect(item).toMatchObject({ id: 1, name: 'check_availability', method: 'POST', timeout: 25, message: 'Tool updated successfully' });
		expect(t.sb.store.catalog.toolOf(t.sb.users.alice, 1)?.headers).toEqual([{ name: 'Authorization', value: 'Bearer abc' }]);
	});

	it('Headers or Parameters added without an entry clear the stored list', async () => {
		expectOk(await t.run(update(byId(2), { parameters: {} })));
		expect(t.requests()[0].body).toEqual({ schema: [] });
		expect(t.sb.store.catalog.toolOf(t.sb.users.alice, 2)?.schema).toEqual([]);
	});

	it('refuses an empty update and bad values before sending', async () => {
		expect((await t.run(update(byId(1), {}))).error?.message).toBe('Update Fields is empty: add at least one field to change [item 0]');
		expect((await t.run(update(byId(1), { name: 'Bad Name' }))).error?.message).toBe(
			'Name must be lowercase letters and underscores, starting with a letter (got "Bad Name") [item 0]',
		);
		expect((await t.run(update(byId('={{ "x1" }}'), { timeout: 5 }))).error?.message).toBe('Tool must be a numeric ID (got "x1") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it("names the tool on 404 (another account's)", async () => {
		const result = await t.run(update(byId(3), { timeout: 5 }));
		expect(result.error?.message).toBe('Tool 3 was not found');
		expect(t.requests()).toHaveLength(1);
		expect(t.sb.store.catalog.toolOf(t.sb.users.bob, 3)?.timeout).toBe(10);
	});
});
