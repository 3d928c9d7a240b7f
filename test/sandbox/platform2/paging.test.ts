/** Platform 2.0 contract: the envelope and paging maths of each paging style of the catalogue (limit/offset, cursor and `after`, limit-only). */
import { firstId, findOp, minimalFields, useP2 } from './helpers';

const c = useP2();

describe('limit/offset', () => {
	it('pages with meta.pagination {total, limit, offset}, default limit from the catalogue', async () => {
		const api = c.as('full');
		for (let i = 0; i < 9; i++) await api.post('/segments', { name: `Segment ${i}` });
		const total = c.sb.platform2.list('A', '/segments').length;
		expect(total).toBe(11);
		const all = await api.get('/segments');
		expect(all.data.meta).toEqual({ pagination: { total, limit: 50, offset: 0 } });
		expect(all.data.data[0].name).toBe('Segment 8'); // newest first
		const pages = [];
		for (let offset = 0; offset < total; offset += 4) {
			const page = await api.get('/segments', { params: { limit: 4, offset } });
			expect(page.data.meta.pagination).toEqual({ total, limit: 4, offset });
			pages.push(...page.data.data);
		}
		expect(pages).toEqual(all.data.data);
		const last = await api.get('/segments', { params: { limit: 4, offset: 8 } });
		expect(last.data.data).toHaveLength(3);
		const beyond = await api.get('/segments', { params: { limit: 4, offset: 40 } });
		expect(beyond.data).toEqual({ data: [], meta: { pagination: { total, limit: 4, offset: 40 } } });
	});

	it('honours each operation’s own limit range (Loop calls: 1 to 100)', async () => {
		expect((await c.as('full').get('/loop/calls', { params: { limit: 100 } })).status).toBe(200);
		expect((await c.as('full').get('/loop/calls', { params: { limit: 101 } })).data.error.field).toBe('limit');
	});
});

describe('cursor', () => {
	it('follows meta.next_cursor to the end, where it is null', async () => {
		const api = c.as('full');
		const user = firstId(c.sb, '/platform/users');
		const op = findOp(c.sb, 'createPlatformCustomPayment');
		for (let i = 0; i < 7; i++) expect((await api.post(`/platform/users/${user}/custom-payments`, minimalFields(op.body?.fields))).status).toBe(201);
		const seen: string[] = [];
		let cursor: string | null | undefined;
		let pages = 0;
		do {
			const res = await api.get(`/platform/users/${user}/custom-payments`, { params: { limit: 3, ...(cursor ? { cursor } : {}) } });
			expect(Object.keys(res.data.meta)).toEqual(['next_cursor']);
			seen.push(...res.data.data.map((r: { id: string }) => r.id));
			cursor = res.data.meta.next_cursor;
			pages++;
		} while (cursor);
		expect(pages).toBe(3);
		expect(new Set(seen).size).toBe(7);
	});

	it('refuses a cursor it did not issue', async () => {
		const res = await c.as('full').get('/reseller/billing', { params: { cursor: 'garbage' } });
		expect(res.status).toBe(400);
		expect(res.data.error.field).toBe('cursor');
	});

	it('pages WhatsApp templates with `after` and a translation session’s phrases by sequence', async () => {
		const api = c.as('full');
		const first = await api.get('/whatsapp/templates', { params: { limit: 1 } });
		expect(first.data.meta).toHaveProperty('next_cursor');
		const session = firstId(c.sb, '/translation-sessions');
		const all = await api.get(`/translation-sessions/${session}`);
		expect(all.data.data.phrases.map((p: { sequence: number }) => p.sequence)).toEqual([1, 2, 3]);
		expect(all.data.meta.next_cursor).toBe(3);
		const later = await api.get(`/translation-sessions/${session}`, { params: { after: 2 } });
		expect(later.data.data.phrases).toHaveLength(1);
		expect((await api.get(`/translation-sessions/${session}`, { params: { after: 3 } })).data.meta.next_cursor).toBeNull();
	});
});

describe('limit-only and unpaged', () => {
	it('limit-only answers the first rows', async () => {
		const res = await c.as('full').get(`/tools/${firstId(c.sb, '/tools')}/runs`, { params: { limit: 1 } });
		expect(res.data).toEqual({ data: expect.any(Array), meta: { limit: 1 } });
		expect(res.data.data.length).toBeLessThanOrEqual(1);
	});

	it('FAQ lists add meta.pending (FAQs needing an answer or a review)', async () => {
		const api = c.as('full');
		const kb = firstId(c.sb, '/knowledge-bases');
		const res = await api.get(`/knowledge-bases/${kb}/faqs`, { params: { status: 'approved' } });
		expect(res.data.data.map((f: { status: string }) => f.status)).toEqual(['approved']);
		expect(res.data.meta).toEqual({ pagination: { total: 1, limit: 50, offset: 0 }, pending: 1 });
	});

	it('an unpaged list answers every row in data', async () => {
		const res = await c.as('full').get('/tools');
		expect(res.data).toEqual({ data: c.sb.platform2.list('A', '/tools') });
	});
});
