/** Sandbox contract: POST /user/make_call (a call that runs through its states, refusals, outcome by last digit) and GET /user/calls (page envelope, per_page, filters). */
import { useClients } from './helpers';

const c = useClients();

describe('POST /user/make_call', () => {
	it('initiates a call that then runs through its states', async () => {
		// The status the call is stored with, read as it is stored: with 15 ms a step, a loaded machine
		// may have moved it on before the answer arrives here.
		const storedWith: string[] = [];
		const { calls } = c.sb.store;
		const push = calls.push;
		calls.push = (...added) => {
			storedWith.push(...added.map((call) => call.status));
			return push.apply(calls, added);
		};
		let res;
		try {
			res = await c.alice.post('/user/make_call', { phone_number: '+49 176 2222 3330', assistant_id: 1, variables: { customer_name: 'Eva' } });
		} finally {
			calls.push = push;
		}
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ message: 'Call initiated successfully', data: {}, call_id: expect.any(Number) });
		const call = c.sb.store.calls.find((x) => x.id === res.data.call_id)!;
		expect(storedWith).toEqual(['initiated']);
		expect(call.client_phone_number).toBe('+4917622223330');
		await c.sb.waitForIdle();
		expect(call.status).toBe('completed');
		const listed = (await c.alice.get('/user/calls', { params: { phone_number: '+4917622223330' } })).data.data[0];
		expect(listed).toMatchObject({ id: call.id, status: 'completed', type: 'outbound', assistant_name: call.assistant_name, answered_by: 'human' });
		expect(listed.duration).toBeGreaterThan(0);
		expect(listed.total_cost).toBeGreaterThan(0);
		expect(listed.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
	});

	it('answers 400 for a bad phone number, 404 for a foreign or unknown assistant, 422 without balance', async () => {
		const bad = await c.alice.post('/user/make_call', { phone_number: '12', assistant_id: 1 });
		expect([bad.status, bad.data]).toEqual([400, { message: 'Invalid phone number' }]);
		const missing = await c.alice.post('/user/make_call', { phone_number: '+4917622223330', assistant_id: 9999 });
		expect([missing.status, missing.data]).toEqual([404, { message: 'Assistant not found' }]);
		const carolAssistant = c.sb.store.assistants.find((a) => a.user_id === c.sb.users.carol)!;
		const broke = await c.carol.post('/user/make_call', { phone_number: '+4917622223330', assistant_id: carolAssistant.id });
		expect([broke.status, broke.data]).toEqual([422, { message: 'Insufficient balance' }]);
		const invalid = await c.alice.post('/user/make_call', {});
		expect(invalid.status).toBe(422);
		expect(Object.keys(invalid.data.errors).sort()).toEqual(['assistant_id', 'phone_number']);
		const inbound = await c.alice.post('/user/make_call', { phone_number: '+4917622223330', assistant_id: 2 });
		expect(inbound.status).toBe(400);
	});

	it('ends calls by the last digit of the number', async () => {
		const expected: Record<string, [string, string]> = {
			'+4917622224440': ['completed', 'human'],
			'+4917622224445': ['ended_by_customer', 'human'],
			'+4917622224446': ['completed', 'machine'],
			'+4917622224447': ['busy', 'unknown'],
			'+4917622224448': ['no-answer', 'unknown'],
			'+4917622224449': ['failed', 'unknown'],
		};
		const ids: Record<string, number> = {};
		for (const phone of Object.keys(expected)) {
			ids[phone] = (await c.alice.post('/user/make_call', { phone_number: phone, assistant_id: 1 })).data.call_id;
		}
		await c.sb.waitForIdle();
		for (const [phone, [status, by]] of Object.entries(expected)) {
			const call = c.sb.store.calls.find((x) => x.id === ids[phone])!;
			expect([phone, call.status, call.answered_by]).toEqual([phone, status, by]);
			if (by === 'unknown') expect(call.duration).toBe(0);
			else expect(call.transcript.length).toBeGreaterThan(0);
		}
	});
});

describe('GET /user/calls', () => {
	const aliceCalls = () => c.sb.store.calls.filter((x) => x.user_id === c.sb.users.alice);

	it('returns the full page envelope with default per_page 15', async () => {
		const res = await c.alice.get('/user/calls');
		const total = aliceCalls().length;
		expect(res.status).toBe(200);
		expect(Object.keys(res.data).sort()).toEqual(
			['current_page', 'data', 'first_page_url', 'from', 'last_page', 'last_page_url', 'links', 'next_page_url', 'path', 'per_page', 'prev_page_url', 'to', 'total'].sort(),
		);
		expect(res.data).toMatchObject({ current_page: 1, per_page: 15, from: 1, to: 15, total, last_page: Math.ceil(total / 15), prev_page_url: null });
		expect(res.data.next_page_url).toBe(`${c.sb.baseUrl}/user/calls?page=2`);
		expect(res.data.first_page_url).toBe(`${c.sb.baseUrl}/user/calls?page=1`);
		const call = res.data.data[0];
		expect(Object.keys(call).sort()).toEqual(
			['id', 'assistant_name', 'campaign_name', 'type', 'duration', 'assistant_phone_number', 'client_phone_number', 'status', 'transcript', 'variables',
				'evaluation', 'webhook_response', 'carrier_cost', 'total_cost', 'answered_by', 'recording_url', 'created_at', 'updated_at'].sort(),
		);
		// Newest first.
		const times = res.data.data.map((x: any) => x.created_at);
		expect([...times].sort().reverse()).toEqual(times);
	});

	describe('page maths on a fixed set (bob, per_page variations)', () => {
		let total: number;
		beforeAll(() => {
			total = c.sb.store.calls.filter((x) => x.user_id === c.sb.users.bob).length;
		});

		it('per_page 1, first page', async () => {
			const d = (await c.bob.get('/user/calls', { params: { per_page: 1 } })).data;
			expect(d).toMatchObject({ current_page: 1, from: 1, to: 1, last_page: total, total, prev_page_url: null });
			expect(d.data).toHaveLength(1);
			expect(d.links[0]).toEqual({ url: null, label: '&laquo; Previous', active: false });
			expect(d.links[1]).toEqual({ url: `${c.sb.baseUrl}/user/calls?page=1`, label: '1', active: true });
			expect(d.links.at(-1)).toEqual({ url: `${c.sb.baseUrl}/user/calls?page=2`, label: 'Next &raquo;', active: false });
			expect(d.links).toHaveLength(total + 2);
		});

		it('last page and beyond the last page', async () => {
			const last = (await c.bob.get('/user/calls', { params: { per_page: 4, page: 2 } })).data;
			expect(last).toMatchObject({ current_page: 2, from: 5, to: total, last_page: 2, next_page_url: null });
			expect(last.prev_page_url).toBe(`${c.sb.baseUrl}/user/calls?page=1`);
			expect(last.data).toHaveLength(total - 4);
			const beyond = (await c.bob.get('/user/calls', { params: { per_page: 4, page: 7 } })).data;
			expect(beyond).toMatchObject({ current_page: 7, data: [], from: null, to: null, last_page: 2, total, next_page_url: null });
			expect(beyond.prev_page_url).toBe(`${c.sb.baseUrl}/user/calls?page=6`);
			expect(beyond.links.filter((l: any) => l.active)).toHaveLength(0);
		});

		it('per_page 100 holds everything on one page', async () => {
			const d = (await c.bob.get('/user/calls', { params: { per_page: 100 } })).data;
			expect(d).toMatchObject({ from: 1, to: total, last_page: 1, next_page_url: null, prev_page_url: null, per_page: 100 });
			expect(d.links.map((l: any) => l.label)).toEqual(['&laquo; Previous', '1', 'Next &raquo;']);
		});
	});

	it('windows the links like Laravel when there are many pages', async () => {
		const total = aliceCalls().length;
		expect(total).toBeGreaterThanOrEqual(40);
		const labels = async (page: number) =>
			(await c.alice.get('/user/calls', { params: { per_page: 1, page } })).data.links.map((l: any) => l.label).slice(1, -1);
		expect(await labels(1)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '...', String(total - 1), String(total)]);
		expect(await labels(20)).toEqual(['1', '2', '...', '17', '18', '19', '20', '21', '22', '23', '...', String(total - 1), String(total)]);
		const end = await labels(total);
		expect(end.slice(0, 3)).toEqual(['1', '2', '...']);
		expect(end.slice(3)).toEqual(Array.from({ length: 10 }, (_, i) => String(total - 9 + i)));
	});

	it('rejects per_page outside 1-100 and bad filter values with the validation shape', async () => {
		for (const per_page of [0, 101]) {
			const res = await c.alice.get('/user/calls', { params: { per_page } });
			expect(res.status).toBe(422);
			expect(res.data).toEqual({ message: 'Validation failed', errors: { per_page: ['The per page field must be between 1 and 100.'] } });
		}
		const res = await c.alice.get('/user/calls', { params: { status: 'weird', type: 'fax', date_from: '2025-13-01', assistant_id: 'x' } });
		expect(res.status).toBe(422);
		expect(Object.keys(res.data.errors).sort()).toEqual(['assistant_id', 'date_from', 'status', 'type']);
	});

	it('applies each of the filters', async () => {
		const mine = aliceCalls();
		const fetchAll = async (params: Record<string, unknown>) =>
			(await c.alice.get('/user/calls', { params: { per_page: 100, ...params } })).data.data.map((x: any) => x.id).sort((a: number, b: number) => a - b);
		const ids = (list: typeof mine) => list.map((x) => x.id).sort((a, b) => a - b);

		expect(await fetchAll({ status: 'busy' })).toEqual(ids(mine.filter((x) => x.status === 'busy')));
		expect(await fetchAll({ type: 'inbound' })).toEqual(ids(mine.filter((x) => x.type === 'inbound')));
		expect(await fetchAll({ type: 'web' })).toEqual(ids(mine.filter((x) => x.type === 'web')));
		expect(await fetchAll({ assistant_id: 1 })).toEqual(ids(mine.filter((x) => x.assistant_id === 1)));
		const withCampaign = mine.find((x) => x.campaign_id !== null)!;
		expect(await fetchAll({ campaign_id: withCampaign.campaign_id })).toEqual(ids(mine.filter((x) => x.campaign_id === withCampaign.campaign_id)));
		const sample = mine[5];
		expect(await fetchAll({ phone_number: sample.client_phone_number })).toEqual(ids(mine.filter((x) => x.client_phone_number === sample.client_phone_number)));
		const day = new Date(sample.created_at).toISOString().slice(0, 10);
		const sameDay = await fetchAll({ date_from: day, date_to: day });
		expect(sameDay).toContain(sample.id);
		expect(sameDay).toEqual(ids(mine.filter((x) => new Date(x.created_at).toISOString().slice(0, 10) === day)));
		const after = await fetchAll({ date_from: day });
		expect(after).toEqual(ids(mine.filter((x) => new Date(x.created_at).toISOString().slice(0, 10) >= day)));
		// Each filter narrows something, so the checks above are not vacuous.
		expect(mine.filter((x) => x.status === 'busy').length).toBeGreaterThan(0);
		expect(mine.filter((x) => x.type === 'inbound').length).toBeGreaterThan(0);
		expect(after.length).toBeLessThan(mine.length);
		// Another user's assistant id just yields nothing.
		expect(await fetchAll({ assistant_id: 13 })).toEqual([]);
	});
});
