/** Campaign (Get Many, Start, Stop), Call (Make, Get Many with all nine query parameters) and SMS (Send). */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from './helpers';

const t = useNodeSandbox();

describe('Campaign', () => {
	it('Get Many returns one item per campaign of the user; Limit applied in n8n', async () => {
		const all = jsonOf(expectOk(await t.run({ resource: 'campaign', operation: 'getMany', returnAll: true })));
		const mine = t.sb.store.campaigns.filter((c) => c.user_id === t.sb.users.alice);
		expect(all.map((c) => c.name)).toEqual(mine.map((c) => c.name));
		expect(all[0]).toMatchObject({ id: 1, name: 'Spring Promotion', status: 'draft', allowed_days: expect.any(Array) });
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/campaigns' });
		expect(jsonOf(expectOk(await t.run({ resource: 'campaign', operation: 'getMany', limit: 1 })))).toHaveLength(1);
	});

	it('Start and Stop post update-status with the action', async () => {
		const started = await t.run({ resource: 'campaign', operation: 'start', campaignId: fromList(4) });
		expect(jsonOf(expectOk(started))).toEqual([
			{ campaign_id: 4, action: 'start', status: 'in-progress', success: true, message: 'Campaign started successfully.' },
		]);
		expect(t.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/user/campaigns/update-status',
			body: { campaign_id: 4, action: 'start' },
		});
		t.sb.clearRequests();
		const stopped = await t.run({ resource: 'campaign', operation: 'stop', campaignId: byId(4) });
		expect(jsonOf(expectOk(stopped))[0]).toMatchObject({ campaign_id: 4, action: 'stop', status: 'stopped' });
		expect(t.requests()[0].body).toEqual({ campaign_id: 4, action: 'stop' });
		expect(t.sb.store.campaigns.find((c) => c.id === 4)?.status).toBe('stopped');
	});

	it('names the campaign on 404', async () => {
		const result = await t.run({ resource: 'campaign', operation: 'start', campaignId: byId(6) });
		expect(result.error?.message).toBe('Campaign 6 was not found');
	});
});

describe('Call → Make', () => {
	it('posts make_call with the customer number, assistant and variables', async () => {
		const result = await t.run({
			resource: 'call',
			operation: 'make',
			assistantId: fromList(1),
			phoneNumber: '+49 176 12345670',
			variablesInput: 'pairs',
			variables: { pairs: [{ name: 'customer_name', value: 'Jonas' }] },
		});
		const [item] = jsonOf(expectOk(result));
		expect(t.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/user/make_call',
			body: { phone_number: '+4917612345670', assistant_id: 1, variables: { customer_name: 'Jonas' } },
		});
		expect(item).toMatchObject({
			assistant_id: 1,
			phone_number: '+4917612345670',
			variables: { customer_name: 'Jonas' },
			message: 'Call initiated successfully',
			call_id: expect.any(Number),
		});
		expect(t.sb.store.calls.some((c) => c.id === item.call_id)).toBe(true);
	});

	it('reports the platform refusing an inbound assistant', async () => {
		const result = await t.run({
			resource: 'call',
			operation: 'make',
			assistantId: byId(2),
			phoneNumber: '+4917612345670',
			variablesInput: 'none',
		});
		expect(result.error?.message).toBe('Assistant is not configured for outbound calls');
		expect((result.error as { httpCode?: string }).httpCode).toBe('400');
	});
});

describe('Call → Get Many', () => {
	it('sends all nine query parameters: filters normalised, dates as YYYY-MM-DD, per_page/page', async () => {
		const result = await t.run({
			resource: 'call',
			operation: 'getMany',
			returnAll: false,
			limit: 5,
			defaultCountry: 'DE',
			filters: {
				status: 'completed',
				type: 'outbound',
				phoneNumber: '0176 12345670',
				assistantId: 1,
				campaignId: 1,
				dateFrom: '2025-01-01T00:00:00',
				dateTo: '2025-06-30T23:59:59',
			},
		});
		expectOk(result);
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/calls', status: 200 });
		expect(t.requests()[0].query).toEqual({
			status: 'completed',
			type: 'outbound',
			phone_number: '+4917612345670',
			assistant_id: '1',
			campaign_id: '1',
			date_from: '2025-01-01',
			date_to: '2025-06-30',
			per_page: '5',
			page: '1',
		});
	});

	it('returns exactly the calls the filters select, simplified by default', async () => {
		const result = await t.run({
			resource: 'call',
			operation: 'getMany',
			returnAll: true,
			filters: { type: 'inbound', dateFrom: '2025-05-01' },
		});
		const items = jsonOf(expectOk(result));
		const expected = t.sb.store.calls.filter(
			(c) => c.user_id === t.sb.users.alice && c.type === 'inbound' && new Date(c.created_at).toISOString().slice(0, 10) >= '2025-05-01',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(items.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
		expect(items.every((c) => c.type === 'inbound')).toBe(true);
		expect(items[0].transcript).toBeUndefined();
		expect(Object.keys(items[0])).toEqual(expect.arrayContaining(['id', 'status', 'client_phone_number', 'duration', 'total_cost']));
		expect(t.requests().every((r) => r.query.per_page === '100')).toBe(true);
	});

	it('Simplify off returns the whole call record with transcript', async () => {
		const [call] = jsonOf(expectOk(await t.run({ resource: 'call', operation: 'getMany', limit: 1, simple: false })));
		expect(call).toHaveProperty('transcript');
		expect(call).toHaveProperty('evaluation');
	});
});

describe('SMS → Send', () => {
	it('sends from the number ID to the normalised recipient and shows the segment count', async () => {
		const text = 'Your appointment is confirmed for Monday 10:00. Reply STOP to opt out.';
		const result = await t.run({
			resource: 'sms',
			operation: 'send',
			from: 1,
			to: '0151 2345678',
			body: text,
			defaultCountry: 'DE',
		});
		const [sms] = jsonOf(expectOk(result));
		expect(t.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/user/sms',
			body: { from: 1, to: '+491512345678', body: text },
		});
		expect(sms).toMatchObject({
			phone_number_id: 1,
			to: '+491512345678',
			status: 'sent',
			segments: 1,
			encoding: 'GSM-7',
			estimated_segments: 1,
		});
	});

	it('counts Unicode segments (70 characters) for text with emoji, matching what the platform bills', async () => {
		const text = `${'Hallo 👋 '.repeat(10)}`.trim();
		const [sms] = jsonOf(expectOk(await t.run({ resource: 'sms', operation: 'send', from: 6, to: '+14155552671', body: text })));
		expect(sms.encoding).toBe('Unicode');
		expect(sms.estimated_segments).toBe(Math.ceil(text.length / 70));
		expect(sms.estimated_segments).toBe(sms.segments);
	});

	it('accepts the sender as the phone number itself (looked up among the user numbers)', async () => {
		const [sms] = jsonOf(
			expectOk(await t.run({ resource: 'sms', operation: 'send', from: '+49 157 92345601', to: '+14155552671', body: 'Hi' })),
		);
		expect(sms.phone_number_id).toBe(1);
		expect(t.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/user/assistants/phone-numbers',
			'POST /api/user/sms',
		]);
		expect((t.requests()[1].body as { from: number }).from).toBe(1);
	});

	it('passes the platform refusal of a number that cannot send SMS', async () => {
		const result = await t.run({ resource: 'sms', operation: 'send', from: 2, to: '+14155552671', body: 'Hi' });
		expect(result.error?.message).toBe('From number is not SMS capable');
	});
});
