/** Platform 2.0 contract: what is created can be read, updated, listed and deleted (assistants, campaigns, knowledge bases and their documents), and the rules the README names for campaigns, calls, leads, tools, automations and audio. */
import { BLOCKED_DESTINATION_PREFIX } from '../../../sandbox';
import { firstId, useP2 } from './helpers';

const c = useP2();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each([
	['/assistants', { name: 'Night Desk', mode: 'pipeline', tags: ['night'] }, { name: 'Night Desk 2' }, { name: 'Replaced', is_active: false }],
	['/campaigns', { name: 'Autumn', channel: 'phone_call', concurrency: 3 }, { concurrency: 5 }, null],
	// the catalogue has no PUT for campaigns and no update at all for knowledge bases
	['/knowledge-bases', { name: 'Manuals', description: 'PDFs' }, null, null],
] as Array<[string, Record<string, unknown>, Record<string, unknown> | null, Record<string, unknown> | null]>)('CRUD round for %s', (collection, created, patch, replacement) => {
	it('creates (201), reads, updates, lists newest first and deletes', async () => {
		const api = c.as('full');
		const made = await api.post(collection, created);
		expect(made.status).toBe(201);
		const record = made.data.data;
		expect(record).toMatchObject({ ...created, id: expect.stringMatching(UUID), created_at: expect.any(String), updated_at: expect.any(String) });
		expect((await api.get(`${collection}/${record.id}`)).data).toEqual({ data: record });

		if (patch) {
			const patched = await api.patch(`${collection}/${record.id}`, patch);
			expect(patched.data.data).toMatchObject({ ...created, ...patch, id: record.id, created_at: record.created_at });
		} else {
			expect((await api.patch(`${collection}/${record.id}`, {})).status).toBe(405);
		}
		if (replacement) {
			const put = await api.put(`${collection}/${record.id}`, replacement);
			expect(put.data.data).toEqual({ ...replacement, id: record.id, created_at: record.created_at, updated_at: expect.any(String) });
		}

		const list = await api.get(collection);
		expect(list.data.data[0].id).toBe(record.id);
		expect(list.data.meta.pagination.total).toBe(c.sb.platform2.list('A', collection).length);

		expect((await api.delete(`${collection}/${record.id}`)).data).toEqual({ data: { id: record.id, deleted: true } });
		expect((await api.get(`${collection}/${record.id}`)).status).toBe(404);
		expect((await c.as('otherWorkspace').get(collection)).data.data.some((r: { id: string }) => r.id === record.id)).toBe(false);
	});
});

describe('nested collections belong to their parent', () => {
	it('adds, lists and deletes a knowledge base document under its knowledge base', async () => {
		const api = c.as('full');
		const kb = (await api.post('/knowledge-bases', { name: 'Fresh' })).data.data;
		const doc = await api.post(`/knowledge-bases/${kb.id}/documents`, { content: 'Opening hours: 9 to 5', title: 'Hours' });
		expect(doc.status).toBe(201);
		expect(doc.data.data).toMatchObject({ knowledge_base_id: kb.id, title: 'Hours' });
		const list = await api.get(`/knowledge-bases/${kb.id}/documents`);
		expect(list.data).toEqual({ data: [doc.data.data], meta: { pagination: { total: 1, limit: 50, offset: 0 } } });
		expect((await api.delete(`/knowledge-bases/${kb.id}/documents/${doc.data.data.id}`)).data.data.deleted).toBe(true);
		expect((await api.get(`/knowledge-bases/${kb.id}/documents`)).data.data).toEqual([]);
	});
});

describe('campaigns and leads', () => {
	it('start runs a campaign, stop pauses it, stopping one not running is 409 campaign_not_running', async () => {
		const api = c.as('full');
		const id = firstId(c.sb, '/campaigns');
		const stopDraft = await api.post(`/campaigns/${id}/stop`);
		expect(stopDraft.status).toBe(409);
		expect(stopDraft.data).toEqual({ error: 'campaign_not_running' });
		expect((await api.post(`/campaigns/${id}/start`)).data.data.status).toBe('running');
		expect((await api.post(`/campaigns/${id}/stop`)).data.data.status).toBe('paused');
		expect((await api.post(`/campaigns/${id}/stop`)).status).toBe(409);
	});

	it('addLeads as the facts state it: lead fields phone/name/email/tags/custom_fields, data = the created lead records, meta counts', async () => {
		const api = c.as('full');
		const id = firstId(c.sb, '/campaigns');
		const one = await api.post(`/campaigns/${id}/leads`, { phone: '+49 151 1234 0001', name: 'One', custom_fields: { plan: 'gold' } });
		expect(one.status).toBe(201);
		// the number normalised to E.164
		expect(one.data).toEqual({
			data: expect.objectContaining({ phone: '+4915112340001', name: 'One', custom_fields: { plan: 'gold' }, status: 'pending', campaign_id: id }),
			meta: { created: 1, dnc_flagged: 0, invalid: 0 },
		});
		const many = await api.post(`/campaigns/${id}/leads`, [
			{ phone: '+4915112340002', email: 'Two@Example.com' },
			{ phone: '+4915199999999' },
			{ phone: '12' },
			{ phone: '+4915112340002' },
			{ phone: '+4915112340009', email: 'two@example.com' },
			{ phone: '+19002345678' },
		]);
		// created (flagged included) / flagged / not created: bad number, the same number again, the same e-mail again, premium-rate
		expect(many.data.meta).toEqual({ created: 2, dnc_flagged: 1, invalid: 4 });
		expect(many.data.data).toEqual([
			expect.objectContaining({ id: expect.any(String), phone: '+4915112340002', email: 'two@example.com', status: 'pending' }),
			expect.objectContaining({ id: expect.any(String), phone: '+4915199999999', status: 'do_not_call' }),
		]);
		// a contact that already exists is a conflict, not merged
		const again = await api.post(`/campaigns/${id}/leads`, { phone: '+4915112340001' });
		expect(again.status).toBe(409);
		expect(again.data.error.code).toBe('conflict');
		expect((await api.get(`/campaigns/${id}/leads`)).data.meta.pagination.total).toBe(5);
	});

	it('addLeads refuses the classic shape (phone_number, variables) whole: 400 naming the field, nothing created', async () => {
		const api = c.as('full');
		const id = firstId(c.sb, '/campaigns');
		const before = c.sb.platform2.list('A', '/campaigns/{}/leads', [id]).length;
		const old = await api.post(`/campaigns/${id}/leads`, [{ phone: '+4915112340011' }, { phone_number: '+4915112340012', variables: { a: 1 } }]);
		expect(old.status).toBe(400);
		expect(old.data.error).toMatchObject({ code: 'invalid_request', field: 'body[1].phone_number' });
		expect(c.sb.platform2.list('A', '/campaigns/{}/leads', [id])).toHaveLength(before);
		const tooMany = await api.post(`/campaigns/${id}/leads`, Array.from({ length: 1001 }, (_, i) => ({ phone: `+49151100${String(i).padStart(5, '0')}` })));
		expect(tooMany.status).toBe(400);
		expect(tooMany.data.error.field).toBe('body');
	});
});

describe('calls', () => {
	it('createCall queues a call that getCall and listCalls show', async () => {
		const api = c.as('full');
		const assistant = firstId(c.sb, '/assistants');
		const number = firstId(c.sb, '/phone-numbers');
		const made = await api.post('/calls', { assistant_id: assistant, to_number: '+4915112345670', phone_number_id: number, variables: { customer_name: 'Jonas' } });
		expect(made.status).toBe(201);
		const call = made.data.data;
		expect(call).toMatchObject({ status: 'queued', assistant_id: assistant, to_number: '+4915112345670', from_number: '+4930555010101', variables: { customer_name: 'Jonas' } });
		expect((await api.get(`/calls/${call.id}`)).data.data).toEqual(call);
		expect((await api.get('/calls', { params: { status: 'queued' } })).data.data).toEqual([call]);
	});

	it('refuses a blocked destination with 403 destination_forbidden, an unknown assistant with 404', async () => {
		const api = c.as('full');
		const blocked = await api.post('/calls', { assistant_id: firstId(c.sb, '/assistants'), to_number: `${BLOCKED_DESTINATION_PREFIX}5550100` });
		expect(blocked.status).toBe(403);
		expect(blocked.data.error.code).toBe('destination_forbidden');
		expect((await api.post('/calls', { assistant_id: '00000000-0000-4000-a000-000000000000', to_number: '+4915112345670' })).data).toEqual({ error: 'not_found' });
		expect((await api.post('/calls', { assistant_id: firstId(c.sb, '/assistants'), to_number: '0151 1234' })).data.error.field).toBe('to_number');
		expect(c.sb.platform2.list('A', '/calls').filter((r) => r.status === 'queued')).toHaveLength(0);
	});
});

describe('tools', () => {
	it('updateTool checks expected_revision and If-Match; each update adds one', async () => {
		const api = c.as('full');
		const id = firstId(c.sb, '/tools');
		expect((await api.patch(`/tools/${id}`, { name: 'renamed', expected_revision: 1 })).data.data).toMatchObject({ name: 'renamed', revision: 2 });
		const stale = await api.patch(`/tools/${id}`, { name: 'again', expected_revision: 1 });
		expect(stale.status).toBe(409);
		expect(stale.data.error).toMatchObject({ code: 'revision_conflict', current_revision: 2 });
		expect((await api.patch(`/tools/${id}`, { name: 'header' }, { headers: { 'If-Match': '"1"' } })).status).toBe(409);
		expect((await api.patch(`/tools/${id}`, { name: 'header' }, { headers: { 'If-Match': '"2"' } })).data.data.revision).toBe(3);
	});

	it('archiveTool refuses a tool an assistant uses with 409 tool_in_use', async () => {
		const api = c.as('full');
		const [free, used] = c.sb.platform2.list('A', '/tools');
		const refused = await api.delete(`/tools/${used.id}`);
		expect(refused.status).toBe(409);
		expect(refused.data.error).toMatchObject({ code: 'tool_in_use', assistant_ids: [firstId(c.sb, '/assistants')] });
		expect((await api.delete(`/tools/${free.id}`)).data).toEqual({ data: { id: free.id, archived: true } });
	});

	it('setAssistantTools is revision-checked and frees a tool for archiving', async () => {
		const api = c.as('full');
		const assistant = firstId(c.sb, '/assistants');
		const used = c.sb.platform2.list('A', '/tools')[1];
		const read = await api.get(`/assistants/${assistant}/tools`);
		expect(read.data).toMatchObject({ data: { tool_ids: [used.id] }, meta: { revision: 1 } });
		expect((await api.put(`/assistants/${assistant}/tools`, { tool_ids: [], expected_revision: 5 })).status).toBe(409);
		expect((await api.put(`/assistants/${assistant}/tools`, { tool_ids: [], expected_revision: 1 })).data.meta).toEqual({ revision: 2 });
		expect((await api.delete(`/tools/${used.id}`)).status).toBe(200);
	});
});

describe('shapes the README names', () => {
	it('automations nest their rows: data.automations, data.automation', async () => {
		const api = c.as('full');
		const list = await api.get('/automations');
		expect(list.data.data.automations).toHaveLength(2);
		const id = list.data.data.automations[0].id;
		expect((await api.get(`/automations/${id}`)).data.data.automation.id).toBe(id);
	});

	it('voices are a read-only catalogue with voice:<uuid> ids and a preview in bytes', async () => {
		const api = c.as('full');
		const voices = (await api.get('/voices', { params: { language: 'de-DE' } })).data.data;
		expect(voices.map((v: { name: string }) => v.name)).toEqual(['Anna', 'Lukas']);
		expect(voices[0].id).toMatch(/^voice:[0-9a-f-]{36}$/);
		const preview = await api.get(`/voices/${voices[0].id}/preview`, { responseType: 'arraybuffer' });
		expect(preview.headers['content-type']).toBe('audio/mpeg');
	});

	it('singleton settings keep what was written', async () => {
		const api = c.as('full');
		expect((await api.patch('/settings/memory', { memory_enabled: true })).status).toBe(200);
		expect((await api.get('/settings/memory')).data.data).toMatchObject({ memory_enabled: true });
		expect((await c.as('otherWorkspace').get('/settings/memory')).data.data).toEqual({});
	});
});
