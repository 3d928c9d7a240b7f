/**
 * Mid-call tools, folders and labels (docs/platform-facts.md, "Mid-call tools", "Folders and labels"): every route and error row, per-user
 * isolation, and the two spellings of the folder and label write paths.
 */
import { clientFor, useClients } from './helpers';

const c = useClients({ reset: 'all' });
const control = () => clientFor(c.sb.origin);

const tool = (overrides: Record<string, unknown> = {}) => ({
	name: 'send_quote',
	description: 'Sends a price quote by email',
	endpoint: 'https://tools.example.com/quote',
	method: 'POST',
	...overrides,
});

describe('mid-call tools', () => {
	it('lists the account\'s tools as a bare array, and gets one without a wrapper', async () => {
		const list = await c.alice.get('/user/tools');
		expect(list.status).toBe(200);
		expect(list.data.map((t: { name: string }) => t.name)).toEqual(['check_availability', 'book_appointment']);
		expect(Object.keys(list.data[0]).sort()).toEqual(['created_at', 'description', 'endpoint', 'headers', 'id', 'method', 'name', 'schema', 'timeout', 'updated_at']);
		const one = await c.alice.get('/user/tools/1');
		expect(one.data).toMatchObject({ id: 1, name: 'check_availability', method: 'GET', timeout: 10, headers: [{ name: 'X-Api-Key', value: 'seeded-alice-tool-key' }] });
		expect((await c.bob.get('/user/tools')).data.map((t: { id: number }) => t.id)).toEqual([3]);
	});

	it('another account\'s tool and an unknown one are "Tool not found" (get, update, delete)', async () => {
		for (const request of [c.bob.get('/user/tools/1'), c.bob.put('/user/tools/1', { timeout: 5 }), c.bob.delete('/user/tools/1'), c.alice.get('/user/tools/999')]) {
			const answer = await request;
			expect([answer.status, answer.data]).toEqual([404, { message: 'Tool not found' }]);
		}
		expect(c.sb.store.catalog.toolOf(c.sb.users.alice, 1)?.timeout).toBe(10);
	});

	it('creates a tool (timeout 10 unless given) → 201 {message, data}', async () => {
		const created = await c.alice.post('/user/tools', tool({ headers: [{ name: 'Authorization', value: 'Bearer x' }], schema: [{ name: 'email', type: 'string', description: 'Where to send it' }] }));
		expect(created.status).toBe(201);
		expect(created.data.message).toBe('Tool created successfully');
		expect(created.data.data).toMatchObject({ id: 4, name: 'send_quote', timeout: 10, headers: [{ name: 'Authorization', value: 'Bearer x' }], schema: [{ name: 'email', type: 'string', description: 'Where to send it' }] });
	});

	it('refuses what the docs refuse, Laravel-style, naming each field and row', async () => {
		const missing = await c.alice.post('/user/tools', {});
		expect(missing.status).toBe(422);
		expect(Object.keys(missing.data.errors).sort()).toEqual(['description', 'endpoint', 'method', 'name']);
		expect(missing.data.errors.name).toEqual(['The name field is required.']);
		const wrong = await c.alice.post('/user/tools', tool({
			name: 'Send-Quote',
			description: 'x'.repeat(256),
			endpoint: 'ftp://files.example.com',
			method: 'HEAD',
			timeout: 31,
			headers: [{ name: 'X-Key' }],
			schema: [{ name: 'a', type: 'bool', description: 'ok' }, { name: '1st', type: 'number', description: 'The first' }],
		}));
		expect(wrong.data).toEqual({
			message: 'Validation failed',
			errors: {
				name: ['The name field format is invalid.'],
				description: ['The description field must not be greater than 255 characters.'],
				endpoint: ['The endpoint field must be a valid URL.'],
				method: ['The selected method is invalid.'],
				timeout: ['The timeout field must be between 1 and 30.'],
				'headers.0.value': ['The headers.0.value field is required.'],
				'schema.0.name': ['The schema.0.name field must be between 2 and 32 characters.'],
				'schema.0.description': ['The schema.0.description field must be between 3 and 255 characters.'],
				'schema.0.type': ['The selected schema.0.type is invalid.'],
				'schema.1.name': ['The schema.1.name field format is invalid.'],
			},
		});
		expect(c.sb.store.catalog.toolsOf(c.sb.users.alice)).toHaveLength(2);
	});

	it('refuses a sixth tool with the plan-limit message (no errors key)', async () => {
		for (const name of ['one', 'two', 'three']) expect((await c.alice.post('/user/tools', tool({ name }))).status).toBe(201);
		const over = await c.alice.post('/user/tools', tool({ name: 'four' }));
		expect(over.status).toBe(422);
		expect(over.data).toEqual({ message: expect.stringMatching(/^You have reached your plan limit of 5 mid call tools\. /) });
		expect((await c.bob.post('/user/tools', tool())).status).toBe(201);
	});

	it('updates any subset; headers and schema replace the stored lists', async () => {
		const updated = await c.alice.put('/user/tools/2', { timeout: 30, headers: [{ name: 'X-Key', value: 'k' }], schema: [] });
		expect(updated.status).toBe(200);
		expect(updated.data).toMatchObject({ message: 'Tool updated successfully', data: { id: 2, name: 'book_appointment', timeout: 30, headers: [{ name: 'X-Key', value: 'k' }], schema: [] } });
		const refused = await c.alice.put('/user/tools/2', { method: 'get', name: '' });
		expect(refused.data).toEqual({ message: 'Validation failed', errors: { name: ['The name field is required.'], method: ['The selected method is invalid.'] } });
	});

	it('deletes a tool and takes it off every assistant', async () => {
		expect(c.sb.store.catalog.toolIdsOf(1)).toEqual([1, 2]);
		const deleted = await c.alice.delete('/user/tools/1');
		expect([deleted.status, deleted.data]).toEqual([200, { message: 'Tool deleted successfully' }]);
		expect(c.sb.store.catalog.toolIdsOf(1)).toEqual([2]);
		expect((await c.alice.get('/user/tools/1')).status).toBe(404);
	});
});

describe.each([
	['folder', 'Folder', ['Sales', 'Support'], 'Bob Folder'],
	['label', 'Label', ['VIP', 'Test'], 'Austria'],
] as const)('%ss', (kind, noun, aliceNames, bobName) => {
	it(`lists a page {data, current_page, per_page, total} with assistants_count; 15 a page unless per_page says`, async () => {
		const list = await c.alice.get(`/user/${kind}s`);
		expect(list.status).toBe(200);
		expect(Object.keys(list.data).sort()).toEqual(['current_page', 'data', 'per_page', 'total']);
		expect(list.data).toMatchObject({ current_page: 1, per_page: 15, total: 2 });
		expect(list.data.data.map((g: { name: string }) => g.name)).toEqual(aliceNames);
		expect(list.data.data[0]).toEqual({ id: 1, name: aliceNames[0], color: kind === 'folder' ? 'blue' : 'red', assistants_count: 2 });
		const second = await c.alice.get(`/user/${kind}s`, { params: { per_page: 1, page: 2 } });
		expect(second.data).toMatchObject({ current_page: 2, per_page: 1, total: 2, data: [{ name: aliceNames[1] }] });
		expect((await c.alice.get(`/user/${kind}s`, { params: { per_page: 101 } })).status).toBe(422);
		expect((await c.bob.get(`/user/${kind}s`)).data.data.map((g: { name: string }) => g.name)).toEqual([bobName]);
	});

	it('creates (count 0), refuses a taken name or an unknown colour; another account may reuse the name', async () => {
		const created = await c.alice.post(`/user/${kind}`, { name: 'Partners', color: 'amber' });
		expect([created.status, created.data]).toEqual([201, { message: `${noun} created successfully`, data: { id: 4, name: 'Partners', color: 'amber', assistants_count: 0 } }]);
		expect((await c.alice.post(`/user/${kind}`, { name: 'Plain' })).data.data.color).toBeNull();
		const taken = await c.alice.post(`/user/${kind}`, { name: aliceNames[0], color: 'mauve' });
		expect(taken.data).toEqual({ message: 'Validation failed', errors: { name: ['The name has already been taken.'], color: ['The selected color is invalid.'] } });
		expect((await c.alice.post(`/user/${kind}`, { name: 'x'.repeat(256) })).data.errors.name).toEqual(['The name field must not be greater than 255 characters.']);
		expect((await c.bob.post(`/user/${kind}`, { name: aliceNames[0] })).status).toBe(201);
	});

	it(`updates name and colour (null clears it); 404 "${noun} not found" for another account's`, async () => {
		const updated = await c.alice.put(`/user/${kind}/1`, { color: null });
		expect(updated.data).toEqual({ message: `${noun} updated successfully`, data: { id: 1, name: aliceNames[0], color: null, assistants_count: 2 } });
		expect((await c.alice.put(`/user/${kind}/1`, { name: aliceNames[0] })).status).toBe(200);
		expect((await c.alice.put(`/user/${kind}/1`, { name: aliceNames[1] })).data.errors).toEqual({ name: ['The name has already been taken.'] });
		const foreign = await c.bob.put(`/user/${kind}/1`, { name: 'Mine' });
		expect([foreign.status, foreign.data]).toEqual([404, { message: `${noun} not found` }]);
	});

	it('deletes; its assistants lose it; 404 afterwards and for another account', async () => {
		expect((await c.bob.delete(`/user/${kind}/1`)).data).toEqual({ message: `${noun} not found` });
		const deleted = await c.alice.delete(`/user/${kind}/1`);
		expect([deleted.status, deleted.data]).toEqual([200, { message: `${noun} deleted successfully` }]);
		if (kind === 'folder') expect(c.sb.store.catalog.folderIdOf(1)).toBeNull();
		else expect(c.sb.store.catalog.labelIdsOf(3)).toEqual([2]);
		expect((await c.alice.delete(`/user/${kind}/1`)).status).toBe(404);
	});

	it('counts only live assistants of the account', async () => {
		c.sb.store.catalog.assign(4, { folderId: 2, labelIds: [2] });
		c.sb.store.assistants.find((a) => a.id === 3)!.deleted_at = Date.now();
		const list = (await c.alice.get(`/user/${kind}s`)).data.data as Array<{ id: number; assistants_count: number }>;
		expect(list.map((g) => g.assistants_count)).toEqual(kind === 'folder' ? [1, 2] : [1, 1]);
	});

	it('serves the plural write paths instead when told; the singular ones then answer the router\'s 404', async () => {
		expect((await c.alice.post(`/user/${kind}s`, { name: 'Plural' })).status).toBe(405);
		expect((await c.alice.put(`/user/${kind}s/1`, { name: 'Plural' })).data).toEqual({ message: `The route api/user/${kind}s/1 could not be found.` });
		const set = await control().post('/sandbox/catalog-write-paths', { paths: 'plural' });
		expect(set.data.settings.catalogWritePaths).toBe('plural');
		expect((await c.alice.post(`/user/${kind}s`, { name: 'Plural' })).status).toBe(201);
		expect((await c.alice.put(`/user/${kind}s/1`, { color: 'pink' })).data.data.color).toBe('pink');
		const singular = await c.alice.delete(`/user/${kind}/1`);
		expect([singular.status, singular.data]).toEqual([404, { message: `The route api/user/${kind}/1 could not be found.` }]);
		expect((await c.alice.delete(`/user/${kind}s/1`)).status).toBe(200);
		expect((await control().post('/sandbox/catalog-write-paths', { paths: 'both' })).status).toBe(422);
		c.sb.reset();
		expect(c.sb.store.settings.catalogWritePaths).toBe('singular');
	});
});

describe('assigned through an assistant (2026 accounts: folder_id, label_ids, tool_ids)', () => {
	beforeEach(() => c.sb.setGeneration('2026', c.sb.users.alice));

	it('an update files the assistant, labels it and gives it tools; the counts follow', async () => {
		const updated = await c.alice.put('/user/assistant/4', { folder_id: 2, label_ids: [1, 2], tool_ids: [2] });
		expect(updated.status).toBe(200);
		expect([c.sb.store.catalog.folderIdOf(4), c.sb.store.catalog.labelIdsOf(4), c.sb.store.catalog.toolIdsOf(4)]).toEqual([2, [1, 2], [2]]);
		const folders = (await c.alice.get('/user/folders')).data.data as Array<{ assistants_count: number }>;
		expect(folders.map((f) => f.assistants_count)).toEqual([2, 2]);
		expect((await c.alice.put('/user/assistant/4', { folder_id: null })).status).toBe(200);
		expect(c.sb.store.catalog.folderIdOf(4)).toBeNull();
		expect(c.sb.store.catalog.labelIdsOf(4)).toEqual([1, 2]);
	});

	it("another account's folder, labels or tools are refused (422), and nothing changes", async () => {
		const refused = await c.alice.put('/user/assistant/4', { folder_id: 3, label_ids: [1, 3], tool_ids: [3] });
		expect(refused.status).toBe(422);
		expect(refused.data.errors).toMatchObject({
			folder_id: ['The selected folder id is invalid.'],
			label_ids: ['The selected label ids is invalid.'],
			tool_ids: ['The selected tool ids is invalid.'],
		});
		expect([c.sb.store.catalog.folderIdOf(4), c.sb.store.catalog.labelIdsOf(4), c.sb.store.catalog.toolIdsOf(4)]).toEqual([null, [], []]);
	});
});
