/**
 * Lead → Get Many in every shape a host answers: the reference's bare array (filters and Limit
 * applied in n8n), the older docs' {leads: [...]}, and the 2026 docs' page (filtered by the host,
 * walked for Return All).
 */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const getMany = (params: Record<string, unknown> = {}) => ({ resource: 'lead', operation: 'getMany', ...params });
const aliceLeads = () => t.sb.store.leads.filter((l) => l.user_id === t.sb.users.alice);

describe('Lead → Get Many, reference host (every lead at once)', () => {
	it('returns one item per lead of the user in one request', async () => {
		const items = jsonOf(expectOk(await t.run(getMany({ returnAll: true }))));
		expect(items.map((l) => l.id)).toEqual(aliceLeads().map((l) => l.id));
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/leads', query: { per_page: '100', page: '1' } });
	});

	it('applies Limit and the filters in n8n, since the host ignored them', async () => {
		expect(jsonOf(expectOk(await t.run(getMany({ limit: 2 }))))).toHaveLength(2);
		const filtered = jsonOf(expectOk(await t.run(getMany({ returnAll: true, filters: { campaignId: 2, status: 'completed' } }))));
		const expected = aliceLeads().filter((l) => l.campaign_id === 2 && l.status === 'completed');
		expect(expected.length).toBeGreaterThan(0);
		expect(filtered.map((l) => l.id)).toEqual(expected.map((l) => l.id));
		expect(t.requests()[1].query).toMatchObject({ campaign_id: '2', status: 'completed' });
	});

	it('filters on part of the number and the creation date', async () => {
		const lead = aliceLeads()[0];
		const part = lead.phone_number.slice(-5);
		const day = new Date(lead.created_at).toISOString().slice(0, 10);
		const items = jsonOf(expectOk(await t.run(getMany({ returnAll: true, filters: { phoneNumber: part, dateFrom: day, dateTo: day } }))));
		expect(items.map((l) => l.id)).toContain(lead.id);
		expect(items.every((l) => String(l.phone_number).includes(part) && String(l.created_at).startsWith(day))).toBe(true);
	});
});

describe('Lead → Get Many, 2026 host (a filtered page)', () => {
	beforeEach(() => t.sb.setGeneration('2026', t.sb.users.alice));

	it('Return All walks the pages; the host filters', async () => {
		const { store } = t.sb;
		for (let i = 0; i < 120; i++) {
			const now = Date.now();
			store.addLead({ id: store.nextId('lead'), user_id: t.sb.users.alice, campaign_id: 2, phone_number: `+49151${1000000 + i}`, variables: {}, status: 'created', secondary_contacts: [], attempts: 0, created_at: now, updated_at: now });
		}
		const items = jsonOf(expectOk(await t.run(getMany({ returnAll: true, filters: { campaignId: 2 } }))));
		const expected = aliceLeads().filter((l) => l.campaign_id === 2);
		expect(expected.length).toBeGreaterThan(100);
		expect(items.map((l) => l.id).sort((a, b) => Number(a) - Number(b))).toEqual(expected.map((l) => l.id).sort((a, b) => a - b));
		expect(t.requests().every((r) => r.query?.campaign_id === '2')).toBe(true);
	});

	it('a Limit within one page costs one request', async () => {
		const items = jsonOf(expectOk(await t.run(getMany({ limit: 3, filters: { status: 'created' } }))));
		expect(items).toHaveLength(3);
		expect(items.every((l) => l.status === 'created')).toBe(true);
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0].query).toEqual({ status: 'created', per_page: '3', page: '1' });
	});
});

describe('Lead → Get Many checks its filters before sending', () => {
	it.each([
		[{ phoneNumber: '15x1' }, /^Phone Number Contains may contain only digits/],
		[{ dateFrom: '2026-05-02', dateTo: '2026-05-01' }, /^Created From \(2026-05-02\) is after Created To/],
		[{ dateFrom: '2026-02-30' }, /^Created From must be a date/],
	])('%j', async (filters, message) => {
		const result = await t.run(getMany({ returnAll: true, filters }));
		expect(result.error?.message).toMatch(message);
		expect(t.requests()).toHaveLength(0);
	});
});
