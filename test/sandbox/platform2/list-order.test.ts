/**
 * Platform 2.0 contract, the sandbox's list order (#47): every paged list (limit/offset) answers newest
 * first by default and, when set, oldest first — the same rows the other way round, the same total —
 * through sb.platform2.setListOrder, POST /sandbox/platform2/list-order, or the platform2ListOrder option
 * (which reset() keeps).
 */
import axios from 'axios';

import { startSandbox } from '../../../sandbox';
import { useP2 } from './helpers';

const c = useP2();
const T0 = Date.UTC(2026, 2, 1, 10, 0, 0);

const names = async (path: string, params: Record<string, unknown> = {}) => {
	const answer = (await c.as('full').get(path, { params })).data as { data: Array<{ id: string; name?: string }>; meta: { pagination: { total: number } } };
	return { ids: answer.data.map((r) => r.id), total: answer.meta.pagination.total };
};

async function writeAt(collection: string, count: number, fields: Record<string, unknown> = {}): Promise<string[]> {
	const body = Array.from({ length: count }, (_, i) => ({ collection, at: T0 + i * 1000, fields: { name: `R${i}`, ...fields } }));
	const res = await axios.post(`${c.sb.origin}/sandbox/platform2/records`, body);
	return (res.data.data as Array<{ id: string }>).map((r) => r.id);
}

describe('the list order of the 2.0 mode', () => {
	it('newest first by default; oldest first the same rows the other way round, with the same total, paged from the oldest', async () => {
		const made = await writeAt('/knowledge-bases', 5);
		const newest = await names('/knowledge-bases', { limit: 200 });
		expect(c.sb.platform2.listOrder).toBe('newest');
		expect(newest.ids.slice(0, 5)).toEqual([...made].reverse());
		c.sb.platform2.setListOrder('oldest');
		const oldest = await names('/knowledge-bases', { limit: 200 });
		expect(oldest.ids).toEqual([...newest.ids].reverse());
		expect(oldest.total).toBe(newest.total);
		const end = await names('/knowledge-bases', { limit: 2, offset: oldest.total - 2 });
		expect(end.ids).toEqual(made.slice(-2));
	});

	it.each([
		['/calls', { sort: 'updated_at' }],
		['/history', {}],
		['/bookings', {}],
		['/scheduled-callbacks', {}],
		['/leads', {}],
		['/suppression-list', {}],
	])('%s (the lists a polling trigger follows) turns round too', async (path, params) => {
		const made = await writeAt(path, 3, path === '/suppression-list' ? { value: '+4915100000001' } : { status: 'pending' });
		const before = await names(path, { ...params, limit: 200 });
		expect(before.ids.indexOf(made[2])).toBeLessThan(before.ids.indexOf(made[0]));
		c.sb.platform2.setListOrder('oldest');
		const after = await names(path, { ...params, limit: 200 });
		expect(after.ids).toEqual([...before.ids].reverse());
	});

	it('POST /sandbox/platform2/list-order sets it until reset; another value is refused', async () => {
		const set = await axios.post(`${c.sb.origin}/sandbox/platform2/list-order`, { order: 'oldest' }, { validateStatus: () => true });
		expect(set.status).toBe(200);
		expect(c.sb.platform2.listOrder).toBe('oldest');
		const wrong = await axios.post(`${c.sb.origin}/sandbox/platform2/list-order`, { order: 'random' }, { validateStatus: () => true });
		expect(wrong.status).toBe(422);
		c.sb.reset();
		expect(c.sb.platform2.listOrder).toBe('newest');
	});

	it('the platform2ListOrder option is the default reset() goes back to', async () => {
		const sb = await startSandbox({ port: 0, quiet: true, platform2ListOrder: 'oldest' });
		try {
			expect(sb.platform2.listOrder).toBe('oldest');
			sb.platform2.setListOrder('newest');
			sb.reset();
			expect(sb.platform2.listOrder).toBe('oldest');
		} finally {
			await sb.stop();
		}
	});
});
