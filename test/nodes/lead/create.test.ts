/**
 * Lead → Create: variables as pairs or JSON per item, Allow Duplicates (sent as allow_dupplicate) and
 * secondary contacts, an unknown campaign named.
 */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

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
