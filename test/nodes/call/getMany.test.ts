/**
 * Call → Get Many: all nine query parameters (filters normalised, dates as YYYY-MM-DD, paging), the
 * calls the filters select, Simplify on and off.
 */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';
import { prepare } from '../prepare';
import { operation as getManyCalls } from '../../../nodes/VoiceAssistant/actions/classic/call/getMany.operation';

const t = useNodeSandbox();

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
		// Simplify (node version 2): n8n's ten fields at most
		expect(Object.keys(items[0]).sort()).toEqual(
			['id', 'type', 'status', 'assistant_name', 'client_phone_number', 'duration', 'total_cost', 'variables', 'recording_url', 'created_at'].sort(),
		);
		expect(t.requests().every((r) => r.query.per_page === '100')).toBe(true);
	});

	it('node version 1 keeps its thirteen Simplify fields', async () => {
		const [call] = jsonOf(expectOk(await t.run({ resource: 'call', operation: 'getMany', limit: 1 }, { typeVersion: 1 })));
		expect(Object.keys(call)).toHaveLength(13);
		expect(call).toHaveProperty('answered_by');
	});

	it('Simplify off returns the whole call record with transcript', async () => {
		const [call] = jsonOf(expectOk(await t.run({ resource: 'call', operation: 'getMany', limit: 1, simple: false })));
		expect(call).toHaveProperty('transcript');
		expect(call).toHaveProperty('evaluation');
	});
});

describe('Call → Get Many: the request prepare builds', () => {
	it('turns the filters into the query: numbers in E.164 with Default Country, dates as YYYY-MM-DD, IDs as numbers', () => {
		const { request } = prepare(getManyCalls, {
			limit: 5,
			defaultCountry: 'DE',
			filters: { status: 'completed', type: 'outbound', phoneNumber: '0176 12345670', assistantId: 1, campaignId: '1', dateFrom: '2025-01-01T00:00:00', dateTo: '2025-06-30T23:59:59' },
		});
		expect(request).toMatchObject({ method: 'GET', path: '/user/calls', paging: { returnAll: false, limit: 5 } });
		expect(request.qs).toEqual({
			status: 'completed',
			type: 'outbound',
			phone_number: '+4917612345670',
			assistant_id: 1,
			campaign_id: 1,
			date_from: '2025-01-01',
			date_to: '2025-06-30',
		});
	});
});
