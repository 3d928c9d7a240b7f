/**
 * Platform 2.0 contract, the lists a polling trigger follows (issue #32): List Calls `sort=updated_at`
 * newest first and `from`/`to` on created_at; History, Bookings and Scheduled Callbacks by latest change
 * first; Audience Contacts newest first with `created_from`; and records written at chosen times
 * through the control route POST /sandbox/platform2/records.
 */
import axios from 'axios';

import { useP2 } from './helpers';

const c = useP2();
const T0 = Date.UTC(2026, 2, 1, 10, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

async function write(body: Record<string, unknown>): Promise<{ status: number; data: { data: Record<string, unknown> } }> {
	return await axios.post(`${c.sb.origin}/sandbox/platform2/records`, body, { validateStatus: () => true });
}

describe('records at chosen times (control route)', () => {
	it('creates with created_at = updated_at = at, changes an existing record and moves its updated_at', async () => {
		const made = await write({ collection: '/calls', at: T0, fields: { status: 'in_progress', direction: 'inbound' } });
		expect(made.status).toBe(200);
		expect(made.data.data).toMatchObject({ created_at: iso(T0), updated_at: iso(T0), status: 'in_progress' });
		const changed = await write({ collection: '/calls', id: made.data.data.id, at: iso(T0 + 60_000), fields: { status: 'completed' } });
		expect(changed.data.data).toMatchObject({ id: made.data.data.id, created_at: iso(T0), updated_at: iso(T0 + 60_000), status: 'completed' });
		expect((await write({ at: T0 })).status).toBe(422);
	});

	it('an array is written in order in one request: a burst no poll can see half of', async () => {
		const res = await axios.post(
			`${c.sb.origin}/sandbox/platform2/records`,
			[
				{ collection: '/assistants', at: T0, fields: { name: 'One' } },
				{ collection: '/assistants', at: T0 + 1000, fields: { name: 'Two' } },
			],
			{ validateStatus: () => true },
		);
		expect(res.status).toBe(200);
		expect((res.data.data as Array<{ name: string }>).map((r) => r.name)).toEqual(['One', 'Two']);
		const listed = (await c.as('full').get('/assistants')).data.data as Array<{ name: string }>;
		expect(listed.slice(0, 2).map((r) => r.name)).toEqual(['Two', 'One']);
	});
});

describe('order and since-filters', () => {
	it('List Calls: sort=updated_at puts the call changed last first; the default keeps creation order; from bounds created_at', async () => {
		const early = (await write({ collection: '/calls', at: T0, fields: { status: 'in_progress' } })).data.data;
		const late = (await write({ collection: '/calls', at: T0 + 1000, fields: { status: 'in_progress' } })).data.data;
		await write({ collection: '/calls', id: early.id, at: T0 + 5000, fields: { status: 'completed' } });
		const byUpdate = (await c.as('full').get('/calls', { params: { sort: 'updated_at', limit: 2 } })).data.data as Array<{ id: string }>;
		expect(byUpdate.map((r) => r.id)).toEqual([early.id, late.id]);
		const byCreation = (await c.as('full').get('/calls', { params: { limit: 2 } })).data.data as Array<{ id: string }>;
		expect(byCreation.map((r) => r.id)).toEqual([late.id, early.id]);
		const since = (await c.as('full').get('/calls', { params: { from: iso(T0 + 500) } })).data.data as Array<{ id: string }>;
		expect(since.map((r) => r.id)).toEqual([late.id]);
	});

	it.each(['/history', '/bookings', '/scheduled-callbacks'])('%s lists the record changed last first', async (path) => {
		const a = (await write({ collection: path, at: T0 + 3_600_000 * 24 * 400, fields: { status: 'pending' } })).data.data;
		const b = (await write({ collection: path, at: T0 + 3_600_000 * 24 * 400 + 1000, fields: { status: 'pending' } })).data.data;
		await write({ collection: path, id: a.id, at: T0 + 3_600_000 * 24 * 400 + 2000, fields: { note: 'changed' } });
		const rows = (await c.as('full').get(path, { params: { limit: 2 } })).data.data as Array<{ id: string }>;
		expect(rows.map((r) => r.id)).toEqual([a.id, b.id]);
	});

	it('List Audience Contacts: newest first, created_from keeps only contacts created at or after it', async () => {
		const old = (await write({ collection: '/leads', at: T0 + 3_600_000 * 24 * 400, fields: { name: 'Old' } })).data.data;
		const fresh = (await write({ collection: '/leads', at: T0 + 3_600_000 * 24 * 400 + 60_000, fields: { name: 'New' } })).data.data;
		const rows = (await c.as('full').get('/leads', { params: { created_from: iso(T0 + 3_600_000 * 24 * 400 + 1000) } })).data;
		expect(rows.data.map((r: { id: string }) => r.id)).toEqual([fresh.id]);
		expect(rows.meta.pagination.total).toBe(1);
		const all = (await c.as('full').get('/leads', { params: { limit: 2 } })).data.data as Array<{ id: string }>;
		expect(all.map((r) => r.id)).toEqual([fresh.id, old.id]);
	});
});
