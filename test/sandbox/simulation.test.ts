/** Sandbox contract: simulated calls — the post-call webhook, call states over time, inbound calls, waitForIdle. */
import { startSandbox } from '../../sandbox';
import { clientFor, startReceiver, useClients, type Receiver } from './helpers';

const c = useClients();
let rx: Receiver;
beforeAll(async () => {
	rx = await startReceiver();
});
afterAll(async () => {
	await rx.close();
});
beforeEach(() => {
	rx.received.length = 0;
	rx.reply = { status: 200, body: { ok: true } };
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

async function call(phone: string, assistantId = 1, variables: Record<string, unknown> = {}) {
	const res = await c.alice.post('/user/make_call', { phone_number: phone, assistant_id: assistantId, variables });
	expect(res.status).toBe(200);
	await c.sb.waitForIdle();
	return c.sb.store.calls.find((x) => x.id === res.data.call_id)!;
}

describe('post-call webhook', () => {
	beforeAll(async () => {
		const res = await c.alice.put('/user/assistant/1', {
			is_webhook_active: true,
			webhook_url: `${rx.url}/hook/post-call`,
			send_webhook_only_on_completed: false,
			include_recording_in_webhook: false,
		});
		expect(res.status).toBe(200);
	});

	it('POSTs the documented payload and keeps the answer as webhook_response', async () => {
		rx.reply = { status: 200, body: { received: true, workflow: 'n8n' } };
		const done = await call('+4917640000010', 1, { customer_name: 'Greta', order: 17 });
		expect(rx.received).toHaveLength(1);
		const hit = rx.received[0];
		expect(hit.method).toBe('POST');
		expect(hit.path).toBe('/hook/post-call');
		expect(hit.headers['content-type']).toMatch(/application\/json/);
		const body = hit.body;
		expect(Object.keys(body).sort()).toEqual(
			['id', 'customer_phone', 'assistant_phone', 'duration', 'status', 'extracted_variables', 'input_variables', 'transcript', 'recording_url',
				'created_at', 'finished_at', 'lead', 'campaign'].sort(),
		);
		expect(body).toMatchObject({
			id: done.id,
			customer_phone: '+4917640000010',
			assistant_phone: c.sb.store.phoneNumbers.find((p) => p.id === 1)!.phone_number,
			status: 'completed',
			input_variables: { customer_name: 'Greta', order: 17 },
			recording_url: null,
			lead: null,
			campaign: null,
		});
		expect(body.duration).toBe(done.duration);
		expect(body.duration).toBeGreaterThan(0);
		expect(typeof body.transcript).toBe('string');
		expect(body.transcript).toContain('Greta');
		// Assistant 1 collects customer_name, appointment_date and interested.
		expect(body.extracted_variables).toMatchObject({ customer_name: 'Greta', interested: true, status: 'interested' });
		expect(body.extracted_variables.summary).toEqual(expect.any(String));
		expect(body.created_at).toMatch(ISO);
		expect(body.finished_at).toMatch(ISO);
		expect(done.webhook_response).toEqual({ status: 200, body: { received: true, workflow: 'n8n' } });
		const listed = (await c.alice.get('/user/calls', { params: { phone_number: '+4917640000010' } })).data.data[0];
		expect(listed.webhook_response).toEqual({ status: 200, body: { received: true, workflow: 'n8n' } });
		expect(listed.recording_url).toMatch(/\/recordings\/[0-9a-f]+\.mp3$/); // assistant 1 records
	});

	it('adds the recording URL when include_recording_in_webhook is on, and serves it', async () => {
		await c.alice.put('/user/assistant/1', { include_recording_in_webhook: true });
		const done = await call('+4917640000011');
		expect(rx.received[0].body.recording_url).toBe(done.recording_url);
		// Served by the recording host (another port), which redirects to the file like a storage URL.
		expect(done.recording_url!.startsWith(c.sb.recordingsOrigin)).toBe(true);
		expect(c.sb.recordingsOrigin).not.toBe(c.sb.origin);
		const audio = await clientFor(c.sb.recordingsOrigin).get(done.recording_url!.slice(c.sb.recordingsOrigin.length), { responseType: 'arraybuffer' });
		expect(audio.status).toBe(200);
		expect(audio.headers['content-type']).toBe('audio/mpeg');
		await c.alice.put('/user/assistant/1', { include_recording_in_webhook: false });
	});

	it('sends for every end state unless send_webhook_only_on_completed is on', async () => {
		for (const phone of ['+4917640000027', '+4917640000025']) await call(phone);
		expect(rx.received.map((r) => r.body.status)).toEqual(['busy', 'ended_by_customer']);
		expect(rx.received[0].body.duration).toBe(0);

		rx.received.length = 0;
		await c.alice.put('/user/assistant/1', { send_webhook_only_on_completed: true });
		const busy = await call('+4917640000037');
		const early = await call('+4917640000035');
		const failed = await call('+4917640000039');
		const ok = await call('+4917640000030');
		expect(rx.received.map((r) => r.body.id)).toEqual([ok.id]);
		expect([busy.webhook_response, early.webhook_response, failed.webhook_response]).toEqual([null, null, null]);
		await c.alice.put('/user/assistant/1', { send_webhook_only_on_completed: false });
	});

	it('sends nothing when the webhook is inactive', async () => {
		await c.alice.put('/user/assistant/1', { is_webhook_active: false });
		await call('+4917640000040');
		expect(rx.received).toHaveLength(0);
		await c.alice.put('/user/assistant/1', { is_webhook_active: true });
	});

	it('offers the array transcript shape with formatted_transcript, per assistant', async () => {
		c.sb.setWebhookTranscript('array', 1);
		const done = await call('+4917640000050');
		const body = rx.received[0].body;
		expect(Array.isArray(body.transcript)).toBe(true);
		expect(body.transcript.length).toBeGreaterThan(1);
		for (const item of body.transcript) {
			expect(Object.keys(item).sort()).toEqual(['sender', 'text', 'timestamp', 'type']);
			expect(['assistant', 'customer']).toContain(item.sender);
			expect(item.timestamp).toMatch(ISO);
		}
		expect(body.formatted_transcript).toBe(done.transcript);
		// The call record keeps the string transcript.
		const listed = (await c.alice.get('/user/calls', { params: { phone_number: '+4917640000050' } })).data.data[0];
		expect(typeof listed.transcript).toBe('string');
		// Back to string via the control route.
		expect((await clientFor(c.sb.origin).post('/sandbox/webhook-transcript', { format: 'string', assistant_id: 1 })).status).toBe(200);
		rx.received.length = 0;
		await call('+4917640000051');
		expect(typeof rx.received[0].body.transcript).toBe('string');
		expect(rx.received[0].body).not.toHaveProperty('formatted_transcript');
	});

	it('stores error answers and unreachable receivers too', async () => {
		rx.reply = { status: 500, body: { error: 'workflow crashed' } };
		const crashed = await call('+4917640000060');
		expect(crashed.webhook_response).toEqual({ status: 500, body: { error: 'workflow crashed' } });
		await c.alice.put('/user/assistant/1', { webhook_url: 'http://127.0.0.1:9/unreachable' });
		const lost = await call('+4917640000061');
		expect(lost.webhook_response).toEqual({ status: null, error: expect.any(String) });
		await c.alice.put('/user/assistant/1', { webhook_url: `${rx.url}/hook/post-call` });
	});

	it('includes lead and campaign objects for campaign calls', async () => {
		const put = await c.bob.put('/user/assistant/13', { is_webhook_active: true, webhook_url: `${rx.url}/hook/bob` });
		expect(put.status).toBe(200);
		const before = (await c.bob.get('/user/calls', { params: { campaign_id: 5 } })).data.total;
		expect((await c.bob.post('/user/campaigns/update-status', { campaign_id: 5, action: 'start' })).status).toBe(200);
		await c.sb.waitForIdle();
		const bobLeads = c.sb.store.leads.filter((l) => l.campaign_id === 5);
		expect(rx.received.map((r) => r.body.lead.id).sort()).toEqual(bobLeads.map((l) => l.id).sort());
		const body = rx.received[0].body;
		expect(Object.keys(body.lead).sort()).toEqual(['created_at', 'id', 'phone_number', 'status', 'updated_at', 'variables']);
		expect(body.lead.status).toBe('completed');
		expect(body.campaign).toEqual({
			id: 5,
			name: 'Bob Renewals',
			status: 'in-progress',
			allowed_hours_start_time: '09:00:00',
			allowed_hours_end_time: '18:00:00',
			allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
			max_calls_in_parallel: 1,
			max_retries: 2,
			retry_interval: 300,
			created_at: expect.any(String),
			updated_at: expect.any(String),
		});
		expect(body.input_variables).toEqual(bobLeads.find((l) => l.id === body.lead.id)!.variables);
		const bobCalls = (await c.bob.get('/user/calls', { params: { campaign_id: 5 } })).data.data;
		expect(bobCalls).toHaveLength(before + bobLeads.length);
		expect(bobCalls.every((x: any) => x.campaign_name === 'Bob Renewals')).toBe(true);
	});
});

describe('call states over time', () => {
	it('moves initiated -> ringing -> in-progress -> completed one step at a time', async () => {
		const sb = await startSandbox({ quiet: true, callTiming: { stepMs: 200 } });
		try {
			// Every status the simulator writes, as it writes it, from the moment the call is stored (not
			// sampled: a busy machine cannot skip one).
			const seen: string[] = [];
			const store = sb.store.calls;
			const push = store.push.bind(store);
			store.push = (...calls) => {
				for (const call of calls) {
					let status = call.status;
					seen.push(status);
					Object.defineProperty(call, 'status', {
						get: () => status,
						set: (next: string) => {
							if (next !== status) seen.push(next);
							status = next;
						},
						enumerable: true,
						configurable: true,
					});
				}
				return push(...calls);
			};
			const api = clientFor(sb.baseUrl, sb.tokens.alice);
			await api.post('/user/make_call', { phone_number: '+4917640000070', assistant_id: 1 });
			await sb.waitForIdle();
			expect(seen).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
		} finally {
			await sb.stop();
		}
	});
});

describe('inbound calls', () => {
	it('POST /sandbox/inbound-call records an inbound call and notifies inbound_webhook_url', async () => {
		const enable = await c.alice.post('/user/assistants/enable-inbound-webhook', { assistant_id: 2, webhook_url: `${rx.url}/hook/inbound` });
		expect(enable.status).toBe(200);
		const control = clientFor(c.sb.origin);
		const res = await control.post('/sandbox/inbound-call', { assistant_id: 2, customer_phone: '+4917640000080', wait: true });
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({ call_id: expect.any(Number), status: 'completed', inbound_webhook_response: { status: 200 } });
		// only the status: the sandbox does not relay what the URL it called answered
		expect(res.data.inbound_webhook_response).not.toHaveProperty('body');
		const inbound = rx.received.filter((r) => r.path === '/hook/inbound');
		expect(inbound).toHaveLength(1);
		expect(inbound[0].body).toEqual({
			assistant_id: 2,
			customer_phone: '+4917640000080',
			assistant_phone: c.sb.store.phoneNumbers.find((p) => p.id === 2)!.phone_number,
			call_id: res.data.call_id,
			timestamp: expect.stringMatching(ISO),
			status: 'completed',
			variables: expect.any(Object),
		});
		const listed = (await c.alice.get('/user/calls', { params: { type: 'inbound', phone_number: '+4917640000080' } })).data.data;
		expect(listed.map((x: any) => x.id)).toEqual([res.data.call_id]);
	});

	it('without wait it answers 202 at once; waitForIdle covers the rest', async () => {
		const control = clientFor(c.sb.origin);
		const res = await control.post('/sandbox/inbound-call', { assistant_id: 2 });
		expect(res.status).toBe(202);
		expect(res.data.status).toBe('initiated');
		await c.sb.waitForIdle();
		expect(c.sb.store.calls.find((x) => x.id === res.data.call_id)!.status).toBe('completed');
		expect(rx.received.some((r) => r.body.call_id === res.data.call_id)).toBe(true);
	});

	it('simulateInboundCall in-process, also triggering the post-call webhook when active', async () => {
		await c.alice.put('/user/assistant/2', { is_webhook_active: true, webhook_url: `${rx.url}/hook/post-call-2` });
		const result = await c.sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4917640000091', userToken: c.sb.tokens.alice });
		expect(result.status).toBe('completed');
		expect(result.webhook_response).toEqual({ status: 200, body: { ok: true } });
		const post = rx.received.find((r) => r.path === '/hook/post-call-2')!;
		expect(post.body).toMatchObject({ id: result.call_id, customer_phone: '+4917640000091', status: 'completed', lead: null, campaign: null });
		expect(c.sb.store.calls.find((x) => x.id === result.call_id)!.type).toBe('inbound');
	});

	it('refuses another user’s assistant and unknown assistants', async () => {
		await expect(c.sb.simulateInboundCall({ assistantId: 2, userToken: c.sb.tokens.bob })).rejects.toThrow('Assistant not found');
		const res = await clientFor(c.sb.origin).post('/sandbox/inbound-call', { assistant_id: 9999 });
		expect(res.status).toBe(404);
	});
});

it('waitForIdle resolves at once when nothing is pending', async () => {
	await c.sb.waitForIdle();
	// Nothing pending: it settles before any timer could fire.
	const settled = await Promise.race([c.sb.waitForIdle().then(() => 'idle'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 0))]);
	expect(settled).toBe('idle');
});
