/** Lead → Update: only the four allowed fields are sent (the platform merges variables); an unknown lead is named. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';
import { prepare } from '../prepare';
import { operation as updateLead } from '../../../nodes/VoiceAssistant/actions/classic/lead/update.operation';

const t = useNodeSandbox();

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

describe('Lead → Update: the request prepare builds', () => {
	it('sends the four allowed fields under their platform names, the number in E.164 and the variables as an object', () => {
		const { request } = prepare(updateLead, {
			leadId: '2',
			defaultCountry: 'DE',
			updateFields: { campaignId: 4, phoneNumber: '0176 12345682', status: 'completed', variables: { pairs: [{ name: 'email', value: 'lea@example.com' }] } },
		});
		expect(request).toMatchObject({ method: 'PUT', path: '/user/leads/2' });
		expect(request.body).toEqual({ campaign_id: 4, phone_number: '+4917612345682', status: 'completed', variables: { email: 'lea@example.com' } });
	});
});
