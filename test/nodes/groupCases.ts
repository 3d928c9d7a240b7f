/**
 * Folder and Label share their operations (actions/classic/group/): the same cases run for each, against the
 * sandbox, in test/nodes/folder/ and test/nodes/label/ (one file per operation).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runAsAgentTool } from '../security/agent-harness';
import { byId, descriptionOf, expectOk, fromList, jsonOf, useNodeSandbox } from './helpers';

export interface GroupCase {
	kind: 'folder' | 'label';
	noun: 'Folder' | 'Label';
	/** alice's seeded records, as the list shows them */
	seeded: Array<{ id: number; name: string; color: string | null; assistants_count: number }>;
}

export const FOLDER_CASE: GroupCase = {
	kind: 'folder',
	noun: 'Folder',
	seeded: [
		{ id: 1, name: 'Sales', color: 'blue', assistants_count: 2 },
		{ id: 2, name: 'Support', color: null, assistants_count: 1 },
	],
};

export const LABEL_CASE: GroupCase = {
	kind: 'label',
	noun: 'Label',
	seeded: [
		{ id: 1, name: 'VIP', color: 'red', assistants_count: 2 },
		{ id: 2, name: 'Test', color: 'gray', assistants_count: 1 },
	],
};

/** bob's seeded record of either kind */
const BOBS = 3;

const sent = (t: ReturnType<typeof useNodeSandbox>) => t.requests().map((r) => `${r.method} ${r.path} ${r.status}`);

export function describeGetMany(c: GroupCase): void {
	const t = useNodeSandbox();
	const run = (params: IDataObject) => t.run({ resource: c.kind, operation: 'getMany', ...params });

	describe(`${c.noun} → Get Many`, () => {
		it('lists the account\'s records with their assistant counts (100 a page)', async () => {
			expect(jsonOf(expectOk(await run({ returnAll: true })))).toEqual(c.seeded);
			expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: `/api/user/${c.kind}s`, query: { per_page: '100', page: '1' } })]);
		});

		it('walks the pages by total and per_page (the envelope has no last_page) for Return All and Limit', async () => {
			for (let i = 1; i <= 120; i++) t.sb.store.catalog.addGroup(t.sb.users.alice, c.kind, `Extra ${i}`, null);
			const all = jsonOf(expectOk(await run({ returnAll: true })));
			expect(all).toHaveLength(122);
			expect(all[121]).toMatchObject({ name: 'Extra 120', assistants_count: 0 });
			expect(t.requests().map((r) => r.query)).toEqual([{ per_page: '100', page: '1' }, { per_page: '100', page: '2' }]);
			t.sb.clearRequests();
			expect(jsonOf(expectOk(await run({ limit: 5 })))).toHaveLength(5);
			expect(t.requests().map((r) => r.query)).toEqual([{ per_page: '5', page: '1' }]);
			t.sb.clearRequests();
			expect(jsonOf(expectOk(await run({ limit: 110 })))).toHaveLength(110);
			expect(t.requests()).toHaveLength(2);
		});

		it('shows only the account\'s own', async () => {
			const bobs = jsonOf(expectOk(await t.run({ resource: c.kind, operation: 'getMany', returnAll: true }, { token: t.sb.tokens.bob })));
			expect(bobs.map((record) => record.id)).toEqual([BOBS]);
		});
	});
}

export function describeCreate(c: GroupCase): void {
	const t = useNodeSandbox();
	const create = (name: string, additionalFields: IDataObject = {}): IDataObject => ({ resource: c.kind, operation: 'create', name, additionalFields });

	describe(`${c.noun} → Create`, () => {
		it(`sends POST /user/${c.kind} (the docs' path) with name and colour; the output is the new record`, async () => {
			const [item] = jsonOf(expectOk(await t.run(create('  Partners ', { color: 'amber' }))));
			expect(sent(t)).toEqual([`POST /api/user/${c.kind} 201`]);
			expect(t.requests()[0].body).toEqual({ name: 'Partners', color: 'amber' });
			expect(item).toEqual({ id: 4, name: 'Partners', color: 'amber', assistants_count: 0, message: `${c.noun} created successfully` });
		});

		it(`a host with the MCP server's plural paths: the first item learns it (one refused request), the next goes straight there`, async () => {
			t.sb.setCatalogWritePaths('plural');
			const result = await t.run(create('={{ $json.name }}'), { items: [{ name: 'North' }, { name: 'South' }] });
			expect(jsonOf(expectOk(result)).map((item) => item.name)).toEqual(['North', 'South']);
			expect(sent(t)).toEqual([`POST /api/user/${c.kind} 404`, `POST /api/user/${c.kind}s 201`, `POST /api/user/${c.kind}s 201`]);
		});

		it('a taken name is the platform\'s 422, sent once (it proves nothing about the path)', async () => {
			const result = await t.run(create(c.seeded[0].name));
			expect(result.error?.message).toBe('Validation failed: name');
			expect(descriptionOf(result)).toContain('The name has already been taken.');
			expect(sent(t)).toEqual([`POST /api/user/${c.kind} 422`]);
		});

		it('refuses a missing or long name and an unknown colour before sending', async () => {
			expect((await t.run(create('={{ "  " }}'))).error?.message).toBe('Name is required [item 0]');
			expect((await t.run(create('x'.repeat(256)))).error?.message).toBe('Name must be at most 255 characters (got 256) [item 0]');
			expect((await t.run(create('Fine', { color: '={{ "mauve" }}' }))).error?.message).toBe(
				'Color must be one of gray, slate, red, orange, amber, green, teal, blue, purple, pink (got "mauve") [item 0]',
			);
			expect(t.requests()).toHaveLength(0);
		});
	});
}

export function describeUpdate(c: GroupCase): void {
	const t = useNodeSandbox();
	const update = (id: IDataObject, updateFields: IDataObject): IDataObject => ({ resource: c.kind, operation: 'update', [`${c.kind}Id`]: id, updateFields });

	describe(`${c.noun} → Update`, () => {
		it('renames, and No Color sends null (clears the colour)', async () => {
			const [item] = jsonOf(expectOk(await t.run(update(fromList(1), { name: 'Renamed', color: 'none' }))));
			expect(t.requests()).toEqual([expect.objectContaining({ method: 'PUT', path: `/api/user/${c.kind}/1`, body: { name: 'Renamed', color: null }, status: 200 })]);
			expect(item).toEqual({ id: 1, name: 'Renamed', color: null, assistants_count: c.seeded[0].assistants_count, message: `${c.noun} updated successfully` });
		});

		it('a plural host: learnt on the first item, remembered for the next', async () => {
			t.sb.setCatalogWritePaths('plural');
			const result = await t.run(update(byId('={{ $json.id }}'), { color: 'teal' }), { items: [{ id: 1 }, { id: 2 }] });
			expect(jsonOf(expectOk(result)).map((item) => item.color)).toEqual(['teal', 'teal']);
			expect(sent(t)).toEqual([`PUT /api/user/${c.kind}/1 404`, `PUT /api/user/${c.kind}s/1 200`, `PUT /api/user/${c.kind}s/2 200`]);
		});

		it(`names the ${c.kind} on 404; once the host's path is known a missing record costs one request`, async () => {
			const first = await t.run(update(byId(BOBS), { name: 'Mine' }));
			expect(first.error?.message).toBe(`${c.noun} ${BOBS} was not found`);
			expect(sent(t)).toEqual([`PUT /api/user/${c.kind}/${BOBS} 404`, `PUT /api/user/${c.kind}s/${BOBS} 404`]);
			t.sb.clearRequests();
			const result = await t.run(update(byId('={{ $json.id }}'), { color: 'pink' }), { items: [{ id: 1 }, { id: 99 }], continueOnFail: true });
			expect(jsonOf(result.items).map((item) => item.error ?? item.color)).toEqual(['pink', `${c.noun} 99 was not found`]);
			expect(sent(t)).toEqual([`PUT /api/user/${c.kind}/1 200`, `PUT /api/user/${c.kind}/99 404`]);
		});

		it('refuses an empty update before sending', async () => {
			expect((await t.run(update(byId(1), {}))).error?.message).toBe('Update Fields is empty: add the name or the colour [item 0]');
			expect(t.requests()).toHaveLength(0);
		});
	});
}

export function describeDelete(c: GroupCase): void {
	const t = useNodeSandbox();
	const remove = (id: IDataObject): IDataObject => ({ resource: c.kind, operation: 'delete', [`${c.kind}Id`]: id });
	const assistantsWith = (id: number) =>
		t.sb.store.assistantsOf(t.sb.users.alice).filter((a) => (c.kind === 'folder' ? t.sb.store.catalog.folderIdOf(a.id) === id : t.sb.store.catalog.labelIdsOf(a.id).includes(id)));

	describe(`${c.noun} → Delete`, () => {
		it(`sends DELETE /user/${c.kind}/{id}; its assistants stay, without it`, async () => {
			const before = assistantsWith(1).map((a) => a.id);
			expect(before.length).toBeGreaterThan(0);
			const [item] = jsonOf(expectOk(await t.run(remove(fromList(1)))));
			expect(item).toEqual({ id: 1, deleted: true, message: `${c.noun} deleted successfully` });
			expect(sent(t)).toEqual([`DELETE /api/user/${c.kind}/1 200`]);
			expect(assistantsWith(1)).toEqual([]);
			expect(before.every((id) => t.sb.store.assistantOf(t.sb.users.alice, id))).toBe(true);
		});

		it('a plural host: learnt on the first item, remembered for the next', async () => {
			t.sb.setCatalogWritePaths('plural');
			const result = await t.run(remove(byId('={{ $json.id }}')), { items: [{ id: 1 }, { id: 2 }] });
			expect(jsonOf(expectOk(result)).map((item) => item.deleted)).toEqual([true, true]);
			expect(sent(t)).toEqual([`DELETE /api/user/${c.kind}/1 404`, `DELETE /api/user/${c.kind}s/1 200`, `DELETE /api/user/${c.kind}s/2 200`]);
		});

		it(`names the ${c.kind} on 404: deleted twice, or another account's`, async () => {
			expectOk(await t.run(remove(byId(2))));
			expect((await t.run(remove(byId(2)))).error?.message).toBe(`${c.noun} 2 was not found`);
			expect((await t.run(remove(byId(BOBS)))).error?.message).toBe(`${c.noun} ${BOBS} was not found`);
			expect(t.sb.store.catalog.groupOf(t.sb.users.bob, c.kind, BOBS)).toBeDefined();
		});

		it("is refused as an AI agent's tool unless allowed: nothing sent", async () => {
			const run = await runAsAgentTool({ parameters: remove(byId(1)) as INodeParameters, credentials: t.credentials, plan: [[{}]] });
			expect(run.rounds.flat()[0].error).toMatch(new RegExp(`deleting a ${c.kind} cannot be undone`));
			expect(t.requests()).toHaveLength(0);
		});
	});
}

export function describeDropdowns(c: GroupCase): void {
	const t = useNodeSandbox();
	const method = `get${c.noun}s`;

	describe(`${c.kind} dropdowns`, () => {
		it(`${method} lists every page of the account's ${c.kind}s by name, numeric IDs`, async () => {
			const options = await t.loadOptions(method);
			const sorted = [...c.seeded].sort((a, b) => a.name.localeCompare(b.name));
			expect(options.map((o) => [o.name, o.value])).toEqual(sorted.map((r) => [r.name, r.id]));
			expect(options.find((o) => o.value === c.seeded[0].id)?.description).toBe(`ID 1, ${String(c.seeded[0].color)}, ${c.seeded[0].assistants_count} assistants`);
			expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: `/api/user/${c.kind}s`, query: { per_page: '100', page: '1' } })]);
		});

		it(`search${c.noun}s filters by name or ID`, async () => {
			expect((await t.listSearch(`search${c.noun}s`, c.seeded[1].name.slice(0, 3).toLowerCase())).results).toEqual([{ name: c.seeded[1].name, value: '2' }]);
			expect((await t.listSearch(`search${c.noun}s`, '1')).results).toEqual([{ name: c.seeded[0].name, value: '1' }]);
		});
	});
}
