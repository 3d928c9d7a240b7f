/** Sandbox contract: authentication (no header, every route guarded, read-only keys), routing and bodies (404/405 JSON, malformed JSON, trailing slash), and isolation between users. */
import { clientFor, useClients } from './helpers';

const c = useClients();

describe('authentication', () => {
	it('rejects a request without Authorization header with the documented body', async () => {
		const res = await c.anon.get('/user/leads');
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ error: 'Missing Authorization header', message: 'Authorization header is required' });
	});

	it.each([['Bearer not-a-token'], ['Basic ZGVtbzpkZW1v'], ['demo-token-alice']])('rejects %s as an invalid key', async (header) => {
		const res = await c.anon.get('/user/leads', { headers: { Authorization: header } });
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ error: 'Invalid API key', message: 'The provided API key is invalid or expired' });
	});

	it('guards every documented route', async () => {
		const routes: Array<[string, string]> = [
			['post', '/user/lead'],
			['get', '/user/leads'],
			['put', '/user/leads/1'],
			['get', '/user/campaigns'],
			['post', '/user/campaigns/update-status'],
			['post', '/user/make_call'],
			['get', '/user/calls'],
			['post', '/user/sms'],
			['post', '/user/assistant'],
			['put', '/user/assistant/1'],
			['get', '/user/assistants/get'],
			['get', '/user/assistants/outbound'],
			['post', '/user/assistants/enable-inbound-webhook'],
			['post', '/user/assistants/disable-inbound-webhook'],
			['get', '/user/assistants/models'],
			['get', '/user/assistants/voices'],
			['get', '/user/assistants/languages'],
			['get', '/user/assistants/phone-numbers'],
		];
		for (const [method, url] of routes) {
			const res = await c.anon.request({ method, url, data: method === 'get' ? undefined : {} });
			expect([url, res.status]).toEqual([url, 401]);
		}
	});

	it('answers 403 to a read-only key on writes but lets it read', async () => {
		const ro = c.client(c.sb.tokens.aliceReadOnly);
		expect((await ro.get('/user/campaigns')).status).toBe(200);
		const res = await ro.post('/user/sms', { from: 1, to: '+4917612345678', body: 'hi' });
		expect(res.status).toBe(403);
		expect(res.data).toEqual({ error: 'Insufficient permissions', message: 'Your API key does not have permission for this resource' });
		expect(c.sb.store.sms.filter((s) => s.body === 'hi')).toHaveLength(0);
	});
});

describe('routing and bodies', () => {
	it('answers an unknown route with 404 JSON', async () => {
		const res = await c.alice.get('/user/nothing-here');
		expect(res.status).toBe(404);
		expect(res.headers['content-type']).toMatch(/application\/json/);
		expect(res.data.message).toMatch(/could not be found/);
		expect((await clientFor(c.sb.origin).get('/elsewhere')).status).toBe(404);
	});

	it('answers a wrong method with 405 JSON naming the allowed one', async () => {
		const res = await c.alice.get('/user/sms');
		expect(res.status).toBe(405);
		expect(res.data.message).toContain('Supported methods: POST');
	});

	it('answers a malformed JSON body with 400 JSON and processes nothing', async () => {
		const before = c.sb.store.leads.length;
		const res = await c.alice.post('/user/lead', '{"phone_number": "+4917612345670", ', {
			headers: { 'Content-Type': 'application/json' },
			transformRequest: [(d) => d],
		});
		expect(res.status).toBe(400);
		expect(res.data.message).toBe('Malformed JSON body');
		expect(c.sb.store.leads.length).toBe(before);
	});

	it('accepts a trailing slash', async () => {
		expect((await c.alice.get('/user/campaigns/')).status).toBe(200);
	});
});

describe('isolation between users', () => {
	it('lists only the caller’s own records', async () => {
		const [aLeads, bLeads] = await Promise.all([c.alice.get('/user/leads'), c.bob.get('/user/leads')]);
		const aliceLeadIds = c.sb.store.leads.filter((l) => l.user_id === c.sb.users.alice).map((l) => l.id);
		const bobLeadIds = c.sb.store.leads.filter((l) => l.user_id === c.sb.users.bob).map((l) => l.id);
		expect(aLeads.data.map((l: any) => l.id)).toEqual(aliceLeadIds);
		expect(bLeads.data.map((l: any) => l.id)).toEqual(bobLeadIds);
		expect(bobLeadIds.some((id) => aliceLeadIds.includes(id))).toBe(false);

		const bobAssistants = (await c.bob.get('/user/assistants/get', { params: { per_page: 100 } })).data.data;
		expect(bobAssistants.length).toBeGreaterThan(0);
		expect(bobAssistants.every((a: any) => a.user_id === c.sb.users.bob)).toBe(true);

		const bobCampaigns = (await c.bob.get('/user/campaigns')).data.map((x: any) => x.id);
		expect(bobCampaigns).toEqual(c.sb.store.campaigns.filter((x) => x.user_id === c.sb.users.bob).map((x) => x.id));

		const bobCalls = (await c.bob.get('/user/calls', { params: { per_page: 100 } })).data;
		expect(bobCalls.total).toBe(c.sb.store.calls.filter((x) => x.user_id === c.sb.users.bob).length);

		const bobNumbers = (await c.bob.get('/user/assistants/phone-numbers')).data.map((p: any) => p.id);
		expect(bobNumbers).toEqual(c.sb.store.phoneNumbers.filter((p) => p.user_id === c.sb.users.bob).map((p) => p.id));

		const carolLeads = (await c.carol.get('/user/leads')).data;
		expect(carolLeads.every((l: any) => !aliceLeadIds.includes(l.id))).toBe(true);
	});

	it('treats another user’s records as not found', async () => {
		const aliceLead = c.sb.store.leads.find((l) => l.user_id === c.sb.users.alice)!;
		const aliceAssistant = c.sb.store.assistants.find((a) => a.user_id === c.sb.users.alice && a.type === 'outbound')!;
		const aliceCampaign = c.sb.store.campaigns.find((x) => x.user_id === c.sb.users.alice)!;
		const aliceNumber = c.sb.store.phoneNumbers.find((p) => p.user_id === c.sb.users.alice && p.sms_capable)!;
		const bobCampaign = c.sb.store.campaigns.find((x) => x.user_id === c.sb.users.bob)!;

		expect((await c.bob.put(`/user/leads/${aliceLead.id}`, { variables: { x: 1 } })).data).toEqual({ message: 'Lead not found' });
		expect((await c.bob.put(`/user/assistant/${aliceAssistant.id}`, { assistant_name: 'mine' })).status).toBe(404);
		expect((await c.bob.post('/user/make_call', { phone_number: '+4917612345670', assistant_id: aliceAssistant.id })).status).toBe(404);
		const camp = await c.bob.post('/user/campaigns/update-status', { campaign_id: aliceCampaign.id, action: 'start' });
		expect(camp.status).toBe(404);
		expect(camp.data.message).toBe('Campaign not found');
		const sms = await c.bob.post('/user/sms', { from: aliceNumber.id, to: '+4917612345678', body: 'hi' });
		expect(sms.status).toBe(400);
		expect(sms.data).toEqual({ message: 'From number not found' });
		expect((await c.bob.post('/user/assistants/enable-inbound-webhook', { assistant_id: aliceAssistant.id, webhook_url: 'https://x.example/h' })).status).toBe(404);
		// Alice cannot move her lead into Bob's campaign or create leads there.
		expect((await c.alice.put(`/user/leads/${aliceLead.id}`, { campaign_id: bobCampaign.id })).data).toEqual({ message: 'Campaign not found' });
		expect((await c.alice.post('/user/lead', { phone_number: '+4917612345601', campaign_id: bobCampaign.id })).status).toBe(404);
		// Alice cannot assign Bob's number to her assistant.
		const bobNumber = c.sb.store.phoneNumbers.find((p) => p.user_id === c.sb.users.bob)!;
		const upd = await c.alice.put(`/user/assistant/${aliceAssistant.id}`, { phone_number_id: bobNumber.id });
		expect(upd.status).toBe(422);
		expect(upd.data.errors.phone_number_id).toEqual(['The selected phone number id is invalid.']);
		// Nothing changed.
		expect(c.sb.store.leads.find((l) => l.id === aliceLead.id)!.variables).not.toHaveProperty('x');
		expect(c.sb.store.assistants.find((a) => a.id === aliceAssistant.id)!.name).not.toBe('mine');
	});

	it('shows public voices plus only the caller’s own private voice', async () => {
		const aliceVoices = (await c.alice.get('/user/assistants/voices')).data;
		const bobVoices = (await c.bob.get('/user/assistants/voices')).data;
		const privateOf = (userId: number) => c.sb.store.voices.filter((v) => v.user_id === userId).map((v) => v.id);
		expect(aliceVoices.map((v: any) => v.id)).toEqual(expect.arrayContaining(privateOf(c.sb.users.alice)));
		expect(aliceVoices.map((v: any) => v.id)).not.toEqual(expect.arrayContaining(privateOf(c.sb.users.bob)));
		expect(bobVoices.map((v: any) => v.id)).not.toEqual(expect.arrayContaining(privateOf(c.sb.users.alice)));
		// Using Bob's private voice is rejected for Alice.
		const res = await c.alice.put('/user/assistant/1', { voice_id: privateOf(c.sb.users.bob)[0] });
		expect(res.status).toBe(422);
		expect(res.data.errors.voice_id).toEqual(['The selected voice id is invalid.']);
	});
});
