/** Sandbox contract: leads (create with secondary contacts, list, update) and campaigns. */
import { useClients } from './helpers';

const c = useClients();

const SQL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('POST /user/lead', () => {
	it('creates a lead with secondary contacts, formatting numbers to E.164', async () => {
		const res = await c.alice.post('/user/lead', {
			phone_number: '+49 176 1111 2220',
			campaign_id: 4,
			variables: { customer_name: 'Ada', email: 'ada@example.com' },
			secondary_contacts: [{ phone_number: '0049 176 1111 2221', variables: { relation: 'office' } }, { phone_number: '+4917611112222' }],
		});
		expect(res.status).toBe(200);
		expect(res.data.message).toBe('Lead created successfully');
		const lead = res.data.data;
		expect(lead).toMatchObject({
			campaign_id: 4,
			phone_number: '+4917611112220',
			variables: { customer_name: 'Ada', email: 'ada@example.com' },
			status: 'created',
			campaign: { id: 4, name: 'Webinar Follow-up' },
		});
		expect(lead.created_at).toMatch(SQL_TIME);
		expect(lead.secondary_contacts).toHaveLength(2);
		expect(lead.secondary_contacts[0]).toMatchObject({ phone_number: '+4917611112221', variables: { relation: 'office' }, status: 'created' });
		expect(lead.secondary_contacts[1]).toMatchObject({ phone_number: '+4917611112222', variables: {}, status: 'created' });
		expect(Number.isInteger(lead.secondary_contacts[0].id)).toBe(true);
		expect(lead.secondary_contacts[0].id).not.toBe(lead.secondary_contacts[1].id);
		expect(lead.secondary_contacts[0].created_at).toMatch(SQL_TIME);
	});

	it('rejects a duplicate phone in the same campaign unless allow_dupplicate is true', async () => {
		const body = { phone_number: '+4917633334440', campaign_id: 4 };
		expect((await c.alice.post('/user/lead', body)).status).toBe(200);
		const dup = await c.alice.post('/user/lead', body);
		expect(dup.status).toBe(422);
		expect(dup.data.message).toBe('Validation failed');
		expect(dup.data.errors.phone_number).toHaveLength(1);
		expect((await c.alice.post('/user/lead', { ...body, allow_dupplicate: true })).status).toBe(200);
		// The same number in another campaign is no duplicate.
		expect((await c.alice.post('/user/lead', { ...body, campaign_id: 1 })).status).toBe(200);
		expect(c.sb.store.leads.filter((l) => l.phone_number === '+4917633334440')).toHaveLength(3);
	});

	it('validates required fields, the campaign and the phone number', async () => {
		const missing = await c.alice.post('/user/lead', {});
		expect(missing.status).toBe(422);
		expect(missing.data.errors).toEqual({
			phone_number: ['The phone number field is required.'],
			campaign_id: ['The campaign id field is required.'],
		});
		expect((await c.alice.post('/user/lead', { phone_number: '+4917633334441', campaign_id: 999 })).data).toEqual({ message: 'Campaign not found' });
		const bad = await c.alice.post('/user/lead', { phone_number: '12345', campaign_id: 4 });
		expect(bad.status).toBe(400);
		expect(bad.data).toEqual({ message: 'Invalid phone number' });
		const contact = await c.alice.post('/user/lead', { phone_number: '+4917633334442', campaign_id: 4, secondary_contacts: [{ phone_number: 'nope' }, {}] });
		expect(contact.status).toBe(422);
		expect(Object.keys(contact.data.errors).sort()).toEqual(['secondary_contacts.0.phone_number', 'secondary_contacts.1.phone_number']);
	});
});

describe('GET /user/leads', () => {
	it('returns a bare array of the user’s leads with campaign and secondary contacts', async () => {
		const res = await c.alice.get('/user/leads');
		expect(Array.isArray(res.data)).toBe(true);
		const withContacts = res.data.find((l: any) => l.secondary_contacts.length > 1);
		expect(withContacts).toBeDefined();
		for (const lead of res.data) {
			expect(Object.keys(lead).sort()).toEqual(
				['campaign', 'campaign_id', 'created_at', 'id', 'phone_number', 'secondary_contacts', 'status', 'updated_at', 'variables'].sort(),
			);
			expect(lead.campaign.id).toBe(lead.campaign_id);
		}
		expect(res.data.map((l: any) => l.status)).toEqual(expect.arrayContaining(['created', 'completed', 'reached-max-retries']));
	});
});

describe('PUT /user/leads/{id}', () => {
	it('merges variables and changes only the provided fields', async () => {
		const res = await c.alice.put('/user/leads/1', { variables: { email: 'new@example.com', score: 5 } });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ message: 'Lead updated successfully' });
		const lead = (await c.alice.get('/user/leads')).data.find((l: any) => l.id === 1);
		expect(lead.variables).toEqual({ customer_name: 'Jonas Weber', email: 'new@example.com', score: 5 });
		expect(lead.phone_number).toBe('+4917612345670');
	});

	it('moves a lead, formats its number and sets a status', async () => {
		const res = await c.alice.put('/user/leads/2', { campaign_id: 4, phone_number: '0049 176 1234 5682', status: 'completed' });
		expect(res.status).toBe(200);
		const lead = c.sb.store.leads.find((l) => l.id === 2)!;
		expect([lead.campaign_id, lead.phone_number, lead.status]).toEqual([4, '+4917612345682', 'completed']);
	});

	it('rejects fields outside the allowed four, naming them', async () => {
		const res = await c.alice.put('/user/leads/1', { variables: {}, name: 'x', priority: 1 });
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ message: 'Invalid fields: name, priority' });
	});

	it('answers each documented error', async () => {
		expect((await c.alice.put('/user/leads/9999', { status: 'created' })).data).toEqual({ message: 'Lead not found' });
		expect((await c.alice.put('/user/leads/1', { campaign_id: 9999 })).data).toEqual({ message: 'Campaign not found' });
		const phone = await c.alice.put('/user/leads/1', { phone_number: '+49' });
		expect([phone.status, phone.data]).toEqual([400, { message: 'Invalid phone number' }]);
		const invalid = await c.alice.put('/user/leads/1', { status: 'won', variables: 'text', campaign_id: 'abc' });
		expect(invalid.status).toBe(422);
		expect(invalid.data).toEqual({
			message: 'Validation failed',
			errors: {
				campaign_id: ['The campaign id field must be an integer.'],
				status: ['The selected status is invalid.'],
				variables: ['The variables field must be an array.'],
			},
		});
	});

	it('refuses a manual status while the lead’s campaign is running', async () => {
		const lead = await c.alice.post('/user/lead', { phone_number: '+4917655556660', campaign_id: 4 });
		await c.alice.post('/user/campaigns/update-status', { campaign_id: 4, action: 'start' });
		const res = await c.alice.put(`/user/leads/${lead.data.data.id}`, { status: 'completed' });
		expect(res.status).toBe(422);
		expect(res.data.errors.status).toEqual(['The status cannot be set manually because it is assigned automatically.']);
		await c.alice.post('/user/campaigns/update-status', { campaign_id: 4, action: 'stop' });
		await c.sb.waitForIdle();
	});
});

describe('campaigns', () => {
	it('lists the user’s campaigns with all documented fields', async () => {
		const res = await c.bob.get('/user/campaigns');
		expect(res.status).toBe(200);
		expect(res.data).toHaveLength(1);
		expect(res.data[0]).toEqual({
			id: 5,
			name: 'Bob Renewals',
			status: 'draft',
			max_calls_in_parallel: 1,
			mark_complete_when_no_leads: false,
			allowed_hours_start_time: '09:00:00',
			allowed_hours_end_time: '18:00:00',
			allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
			max_retries: 2,
			retry_interval: 300,
			created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
			updated_at: expect.stringMatching(/Z$/),
		});
	});

	it('starts and stops a campaign', async () => {
		const startRes = await c.bob.post('/user/campaigns/update-status', { campaign_id: 5, action: 'start' });
		expect(startRes.status).toBe(200);
		expect(startRes.data).toEqual({ message: 'Campaign started successfully.', success: true, data: { campaign_id: 5, status: 'in-progress' } });
		expect((await c.bob.get('/user/campaigns')).data[0].status).toBe('in-progress');
		const stopRes = await c.bob.post('/user/campaigns/update-status', { campaign_id: 5, action: 'stop' });
		expect(stopRes.data).toEqual({ message: 'Campaign stopped successfully.', success: true, data: { campaign_id: 5, status: 'stopped' } });
		expect((await c.bob.get('/user/campaigns')).data[0].status).toBe('stopped');
		await c.sb.waitForIdle();
	});

	it('answers 400 for an invalid action, 404 for an unknown campaign, 422 for missing fields', async () => {
		const bad = await c.bob.post('/user/campaigns/update-status', { campaign_id: 5, action: 'pause' });
		expect(bad.status).toBe(400);
		expect(bad.data.success).toBe(false);
		const missing = await c.bob.post('/user/campaigns/update-status', { campaign_id: 9999, action: 'start' });
		expect([missing.status, missing.data.message]).toEqual([404, 'Campaign not found']);
		const invalid = await c.bob.post('/user/campaigns/update-status', {});
		expect(invalid.status).toBe(422);
		expect(Object.keys(invalid.data.errors).sort()).toEqual(['action', 'campaign_id']);
	});

	it('answers 400 "Insufficient balance" when starting with an empty account', async () => {
		const res = await c.carol.post('/user/campaigns/update-status', { campaign_id: 6, action: 'start' });
		expect(res.status).toBe(400);
		expect(res.data.message).toBe('Insufficient balance');
		expect(c.sb.store.campaigns.find((x) => x.id === 6)!.status).toBe('draft');
	});

	it('dials the leads of a started campaign and updates their states', async () => {
		// Campaign 1: leads ending 0, 1, 2 complete; the one ending 7 is busy until it reaches max retries.
		const res = await c.alice.post('/user/campaigns/update-status', { campaign_id: 1, action: 'start' });
		expect(res.status).toBe(200);
		await c.sb.waitForIdle();
		const leads = c.sb.store.leads.filter((l) => l.campaign_id === 1);
		expect(leads.length).toBeGreaterThanOrEqual(4);
		for (const lead of leads) {
			const expected = /[789]$/.test(lead.phone_number) ? 'reached-max-retries' : 'completed';
			expect([lead.phone_number, lead.status]).toEqual([lead.phone_number, expected]);
		}
		expect(leads.find((l) => l.phone_number === '+4917612345687')!.status).toBe('reached-max-retries');
		// Every lead ran out, and the campaign is marked complete (mark_complete_when_no_leads).
		expect(c.sb.store.campaigns.find((x) => x.id === 1)!.status).toBe('completed');
		const busyCalls = c.sb.store.calls.filter((x) => x.campaign_id === 1 && x.client_phone_number === '+4917612345687');
		expect(busyCalls).toHaveLength(3); // first attempt + max_retries (2)
		expect(busyCalls.every((x) => x.status === 'busy' && x.campaign_name === 'Spring Promotion')).toBe(true);
	});
});
