/** Lead operations: Create (pairs / JSON variables, duplicates, secondary contacts), Get Many, Update. */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from './helpers';

const t = useNodeSandbox();

describe('Lead → Create', () => {
	it('creates a lead with variables as key/value pairs and returns the lead', async () => {
		const result = await t.run({
			resource: 'lead',
			operation: 'create',
			campaignId: fromList(4),
			phoneNumber: '+49 176 1234 5699',
			variablesInput: 'pairs',
			variables: { pairs: [{ name: 'customer_name', value: 'Ada' }, { name: 'email', value: 'ada@example.com' }] },
		});
		const [lead] = jsonOf(expectOk(result));
		expect(t.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/user/lead',
			body: {
				phone_number: '+4917612345699',
				campaign_id: 4,
				variables: { customer_name: 'Ada', email: 'ada@example.com' },
			},
		});
		expect(lead).toMatchObject({
			campaign_id: 4,
			phone_number: '+4917612345699',
			status: 'created',
			variables: { customer_name: 'Ada', email: 'ada@example.com' },
			message: 'Lead created successfully',
		});
		expect(t.sb.store.leads.some((l) => l.id === lead.id)).toBe(true);
	});

	it('takes variables as JSON from an expression, per item', async () => {
		const result = await t.run(
			{
				resource: 'lead',
				operation: 'create',
				campaignId: byId(4),
				phoneNumber: '={{ $json.phone }}',
				variablesInput: 'json',
				variablesJson: '={{ JSON.stringify({ customer_name: $json.name, score: $json.score }) }}',
			},
			{ items: [{ phone: '+4917612345601', name: 'Bo', score: 7 }, { phone: '+4917612345602', name: 'Cy', score: 3 }] },
		);
		expect(jsonOf(expectOk(result)).map((l) => l.variables)).toEqual([
			{ customer_name: 'Bo', score: 7 },
			{ customer_name: 'Cy', score: 3 },
		]);
		expect(t.requests().map((r) => (r.body as { variables: unknown }).variables)).toEqual([
			{ customer_name: 'Bo', score: 7 },
			{ customer_name: 'Cy', score: 3 },
		]);
	});

	it('sends Allow Duplicates as allow_dupplicate and creates secondary contacts', async () => {
		const params = {
			resource: 'lead',
			operation: 'create',
			campaignId: byId(4),
			phoneNumber: '0176 12345611',
			defaultCountry: 'DE',
			variablesInput: 'none',
		};
		expectOk(await t.run(params));
		const duplicate = await t.run(params);
		expect(duplicate.error?.message).toContain('phone_number');
		t.sb.clearRequests();

		const result = await t.run({
			...params,
			additionalFields: {
				allowDuplicates: true,
				secondaryContacts: {
					contacts: [
						{ phoneNumber: '030 22334400', variablesJson: '{"relation": "office"}' },
						{
							phoneNumber: '+43 664 1234567',
							variables: { pairs: [{ name: 'relation', value: 'partner' }] },
							variablesJson: '{"relation": "x", "lang": "de"}',
						},
					],
				},
			},
		});
		const [lead] = jsonOf(expectOk(result));
		expect(t.requests()[0].body).toEqual({
			phone_number: '+4917612345611',
			campaign_id: 4,
			allow_dupplicate: true,
			secondary_contacts: [
				{ phone_number: '+493022334400', variables: { relation: 'office' } },
				{ phone_number: '+436641234567', variables: { relation: 'partner', lang: 'de' } },
			],
		});
		expect((lead.secondary_contacts as Array<{ phone_number: string; status: string }>).map((c) => [c.phone_number, c.status])).toEqual([
			['+493022334400', 'created'],
			['+436641234567', 'created'],
		]);
	});

	it('names the campaign when the platform answers 404', async () => {
		const result = await t.run({
			resource: 'lead',
			operation: 'create',
			campaignId: byId(5), // Bob's campaign: not visible to Alice
			phoneNumber: '+4917612345698',
			variablesInput: 'none',
		});
		expect(result.error?.message).toBe('Campaign 5 was not found');
	});
});

describe('Lead → Get Many', () => {
	it('returns one item per lead of the user (bare array, no paging parameters)', async () => {
		const result = await t.run({ resource: 'lead', operation: 'getMany', returnAll: true });
		const items = jsonOf(expectOk(result));
		const mine = t.sb.store.leads.filter((l) => l.user_id === t.sb.users.alice);
		expect(items.map((l) => l.id)).toEqual(mine.map((l) => l.id));
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/leads', query: {} });
	});

	it('applies Limit and the campaign / status filters in n8n', async () => {
		const limited = jsonOf(expectOk(await t.run({ resource: 'lead', operation: 'getMany', limit: 2 })));
		expect(limited).toHaveLength(2);
		const filtered = jsonOf(
			expectOk(
				await t.run({
					resource: 'lead',
					operation: 'getMany',
					returnAll: true,
					filters: { campaignId: 2, status: 'completed' },
				}),
			),
		);
		const expected = t.sb.store.leads.filter(
			(l) => l.user_id === t.sb.users.alice && l.campaign_id === 2 && l.status === 'completed',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(filtered.map((l) => l.id)).toEqual(expected.map((l) => l.id));
	});
});

describe('Lead → Update', () => {
	it('sends only the four allowed fields; variables are merged by the platform', async () => {
		const lead = t.sb.store.leads.find((l) => l.id === 2)!;
		expect(lead.variables).toEqual({ customer_name: 'Lea Schmidt' });
		const result = await t.run({
			resource: 'lead',
			operation: 'update',
			leadId: '2',
			defaultCountry: 'DE',
			updateFields: {
				campaignId: 4,
				phoneNumber: '0176 12345682',
				status: 'completed',
				variables: { pairs: [{ name: 'email', value: 'lea@example.com' }] },
			},
		});
		expect(jsonOf(expectOk(result))).toEqual([
			{
				id: 2,
				message: 'Lead updated successfully',
				updated: {
					campaign_id: 4,
					phone_number: '+4917612345682',
					status: 'completed',
					variables: { email: 'lea@example.com' },
				},
			},
		]);
		expect(t.requests()[0]).toMatchObject({ method: 'PUT', path: '/api/user/leads/2' });
		expect(Object.keys(t.requests()[0].body as object).sort()).toEqual(['campaign_id', 'phone_number', 'status', 'variables']);
		expect(lead).toMatchObject({
			campaign_id: 4,
			phone_number: '+4917612345682',
			status: 'completed',
			variables: { customer_name: 'Lea Schmidt', email: 'lea@example.com' },
		});
	});

	it('names the lead on 404', async () => {
		const result = await t.run({
			resource: 'lead',
			operation: 'update',
			leadId: '424242',
			updateFields: { status: 'completed' },
		});
		expect(result.error?.message).toBe('Lead 424242 was not found');
	});
});
