/**
 * Contract of the endpoints beyond the reference (docs/platform-facts.md, "Endpoints beyond the reference")
 * and of the recording host: shapes, validation, per-token isolation, read-only tokens, faults and
 * rate limits like every other route.
 */
import { clientFor, useClients } from './helpers';

const c = useClients();
afterEach(() => {
	c.sb.setFaults([]);
	c.sb.setRateLimit(false);
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const alicesCall = (withRecording: boolean) =>
	c.sb.store.calls.filter((x) => x.user_id === c.sb.users.alice && (x.recording_url !== null) === withRecording).at(-1)!;

describe('GET /user/me', () => {
	it('answers the token owner: name, email, total_balance', async () => {
		expect((await c.alice.get('/user/me')).data).toEqual({ name: 'Alice Example', email: 'alice@example.com', total_balance: 250 });
		expect((await c.bob.get('/user/me')).data).toEqual({ name: 'Bob Example', email: 'bob@example.com', total_balance: 80 });
		expect((await c.anon.get('/user/me')).status).toBe(401);
	});
});

describe('phone numbers', () => {
	it('GET /user/phone-numbers/all lists only the token owner numbers, in the documented shape', async () => {
		const res = await c.alice.get('/user/phone-numbers/all');
		expect(res.status).toBe(200);
		const ids = res.data.data.map((n: { id: number }) => n.id);
		expect(ids).toEqual(c.sb.store.phoneNumbers.filter((p) => p.user_id === c.sb.users.alice).map((p) => p.id));
		expect(Object.keys(res.data.data[0]).sort()).toEqual(
			['id', 'phone_number', 'country_code', 'type', 'type_label', 'sms_capable', 'region', 'nickname', 'has_active_subscription', 'created_at'].sort(),
		);
		expect(res.data.data[0]).toMatchObject({ id: 1, phone_number: '+4915792345601', type: 'purchased', region: 'Berlin', has_active_subscription: true });
		expect(res.data.data[0].created_at).toMatch(ISO);
		expect(res.data.data.find((n: { id: number }) => n.id === 5).has_active_subscription).toBe(false);
		const bobs = (await c.bob.get('/user/phone-numbers/all')).data.data.map((n: { id: number }) => n.id);
		expect(bobs).toEqual([8, 9, 10]);
	});

	it('GET /user/phone-numbers/search needs an upper-case country code and 1-10 digits', async () => {
		expect((await c.alice.get('/user/phone-numbers/search')).data.errors).toHaveProperty('country_code');
		expect((await c.alice.get('/user/phone-numbers/search', { params: { country_code: 'de' } })).status).toBe(422);
		expect((await c.alice.get('/user/phone-numbers/search', { params: { country_code: 'DE', contains: '12345678901' } })).status).toBe(422);
		expect((await c.alice.get('/user/phone-numbers/search', { params: { country_code: 'DE', contains: '12a' } })).status).toBe(422);
		const all = (await c.alice.get('/user/phone-numbers/search', { params: { country_code: 'DE' } })).data.data;
		expect(all).toHaveLength(12);
		expect(Object.keys(all[0]).sort()).toEqual(
			['phone_number', 'phone_number_formatted', 'country_code', 'price', 'stripe_price_id', 'address_requirements', 'sms_capable'].sort(),
		);
		const some = (await c.alice.get('/user/phone-numbers/search', { params: { country_code: 'DE', contains: '0111' } })).data.data;
		expect(some.map((n: { phone_number: string }) => n.phone_number)).toEqual(['+493040000111']);
		expect((await c.alice.get('/user/phone-numbers/search', { params: { country_code: 'ZZ' } })).data).toEqual({ data: [] });
	});

	it('POST /user/phone-numbers/purchase buys once, charges the price and takes the number off the market', async () => {
		const [offer] = (await c.bob.get('/user/phone-numbers/search', { params: { country_code: 'AT' } })).data.data;
		const res = await c.bob.post('/user/phone-numbers/purchase', { phone_number: offer.phone_number_formatted });
		expect(res.status).toBe(201);
		expect(res.data).toEqual({
			message: 'Phone number purchased successfully',
			data: { id: expect.any(Number), phone_number: offer.phone_number, country_code: 'AT', type: 'purchased', sms_capable: false },
		});
		expect(c.sb.store.users.find((u) => u.id === c.sb.users.bob)!.balance).toBe(80 - offer.price);
		const again = await c.alice.post('/user/phone-numbers/purchase', { phone_number: offer.phone_number });
		expect([again.status, again.data.message]).toEqual([400, 'Phone number is not available for purchase']);
		const left = (await c.alice.get('/user/phone-numbers/search', { params: { country_code: 'AT' } })).data.data;
		expect(left.some((n: { phone_number: string }) => n.phone_number === offer.phone_number)).toBe(false);
		expect((await c.bob.get('/user/phone-numbers/all')).data.data.map((n: { id: number }) => n.id)).toContain(res.data.data.id);
		expect((await c.alice.get('/user/phone-numbers/all')).data.data.map((n: { id: number }) => n.id)).not.toContain(res.data.data.id);
	});

	it('refuses without balance, without a valid number, and for a read-only token', async () => {
		const [offer] = (await c.carol.get('/user/phone-numbers/search', { params: { country_code: 'US' } })).data.data;
		const broke = await c.carol.post('/user/phone-numbers/purchase', { phone_number: offer.phone_number });
		expect([broke.status, broke.data.message]).toEqual([400, 'Insufficient balance']);
		expect((await c.alice.post('/user/phone-numbers/purchase', { phone_number: '12' })).status).toBe(422);
		expect((await c.alice.post('/user/phone-numbers/purchase', {})).status).toBe(422);
		expect((await c.client(c.sb.tokens.aliceReadOnly).post('/user/phone-numbers/purchase', { phone_number: offer.phone_number })).status).toBe(403);
	});
});

describe('GET and DELETE /user/calls/{id}', () => {
	it("answers one call with the list's fields; another account's call is not found", async () => {
		const call = alicesCall(true);
		const res = await c.alice.get(`/user/calls/${call.id}`);
		expect(res.status).toBe(200);
		const listed = (await c.alice.get('/user/calls', { params: { per_page: 100 } })).data.data.find((x: { id: number }) => x.id === call.id);
		expect(res.data).toEqual(listed);
		expect((await c.bob.get(`/user/calls/${call.id}`)).data).toEqual({ message: 'Call not found' });
		expect((await c.bob.get(`/user/calls/${call.id}`)).status).toBe(404);
		expect((await c.alice.get('/user/calls/abc')).status).toBe(404);
	});

	it('sends the transcript as entries plus formatted_transcript where the deployment does', async () => {
		const call = alicesCall(true);
		c.sb.setWebhookTranscript('array', call.assistant_id!);
		const res = await c.alice.get(`/user/calls/${call.id}`);
		c.sb.setWebhookTranscript('string', call.assistant_id!);
		expect(res.data.transcript).toEqual(call.transcript_items);
		expect(res.data.formatted_transcript).toBe(call.transcript);
	});

	it('deletes the call and its recording; a read-only token may not', async () => {
		const call = alicesCall(true);
		expect((await c.client(c.sb.tokens.aliceReadOnly).delete(`/user/calls/${call.id}`)).status).toBe(403);
		expect((await c.bob.delete(`/user/calls/${call.id}`)).status).toBe(404);
		const recording = call.recording_url!.slice(c.sb.recordingsOrigin.length);
		expect((await clientFor(c.sb.recordingsOrigin).get(recording, { maxRedirects: 0 })).status).toBe(302);
		const res = await c.alice.delete(`/user/calls/${call.id}`);
		expect([res.status, res.data]).toEqual([200, { message: 'Call deleted successfully' }]);
		expect((await c.alice.get(`/user/calls/${call.id}`)).status).toBe(404);
		expect((await clientFor(c.sb.recordingsOrigin).get(recording, { maxRedirects: 0 })).status).toBe(404);
	});
});

describe('DELETE /user/leads/{id}', () => {
	it("deletes the token owner's lead only", async () => {
		const lead = c.sb.store.leads.find((l) => l.user_id === c.sb.users.alice && l.campaign_id === 3)!;
		expect((await c.bob.delete(`/user/leads/${lead.id}`)).status).toBe(404);
		expect((await c.alice.delete(`/user/leads/${lead.id}`)).data).toEqual({ message: 'Lead deleted successfully' });
		expect((await c.alice.get('/user/leads')).data.some((l: { id: number }) => l.id === lead.id)).toBe(false);
		// the duplicate index forgets it: the same number can be added again
		expect((await c.alice.post('/user/lead', { phone_number: lead.phone_number, campaign_id: 3 })).status).toBe(200);
	});
});

describe('POST /user/campaigns', () => {
	it('creates a draft campaign; the list keeps the reference shape', async () => {
		const body = {
			name: 'Contract Campaign',
			assistant_id: 1,
			timezone: 'Europe/Berlin',
			max_calls_in_parallel: 2,
			allowed_hours_start_time: '08:30',
			allowed_hours_end_time: '17:00',
			allowed_days: ['monday', 'tuesday'],
			max_retries: 1,
			retry_interval: 30,
			retry_on_voicemail: true,
			retry_on_goal_incomplete: true,
			goal_completion_variable: 'interested',
			mark_complete_when_no_leads: true,
			phone_number_ids: [1],
		};
		const res = await c.alice.post('/user/campaigns', body);
		expect(res.status).toBe(201);
		expect(res.data.message).toBe('Campaign created successfully');
		expect(res.data.data).toMatchObject({ ...body, status: 'draft', allowed_hours_start_time: '08:30:00', allowed_hours_end_time: '17:00:00' });
		const listed = (await c.alice.get('/user/campaigns')).data.find((x: { id: number }) => x.id === res.data.data.id);
		expect(Object.keys(listed)).not.toContain('phone_number_ids');
		expect((await c.bob.get('/user/campaigns')).data.some((x: { id: number }) => x.id === res.data.data.id)).toBe(false);
	});

	it('validates fields, and finds only the owner assistant and numbers', async () => {
		const bad = await c.alice.post('/user/campaigns', { name: 'X', assistant_id: 1, allowed_days: ['someday'], allowed_hours_start_time: '8', phone_number_ids: [8] });
		expect(bad.status).toBe(422);
		expect(Object.keys(bad.data.errors).sort()).toEqual(['allowed_days', 'allowed_hours_start_time', 'phone_number_ids']);
		expect((await c.alice.post('/user/campaigns', { assistant_id: 1 })).data.errors).toHaveProperty('name');
		expect((await c.alice.post('/user/campaigns', { name: 'X', assistant_id: 13 })).data).toEqual({ message: 'Assistant not found' });
	});
});

describe('POST /user/assistants/enable-webhook and disable-webhook', () => {
	it('switch the post-call notification of the owner assistant', async () => {
		const on = await c.alice.post('/user/assistants/enable-webhook', { assistant_id: 3, webhook_url: 'https://example.com/hook' });
		expect(on.data).toEqual({ message: 'Webhook enabled successfully', data: [] });
		expect(c.sb.store.assistants.find((a) => a.id === 3)).toMatchObject({ webhook_url: 'https://example.com/hook', is_webhook_active: true });
		expect((await c.alice.post('/user/assistants/disable-webhook', { assistant_id: 3 })).data).toEqual({ message: 'Webhook disabled successfully', data: [] });
		expect(c.sb.store.assistants.find((a) => a.id === 3)).toMatchObject({ webhook_url: null, is_webhook_active: false });
		expect((await c.alice.post('/user/assistants/enable-webhook', { assistant_id: 3, webhook_url: 'nope' })).status).toBe(422);
		expect((await c.bob.post('/user/assistants/disable-webhook', { assistant_id: 3 })).status).toBe(404);
	});
});

describe('the recording host', () => {
	it('is another origin that logs the Authorization header it received, redirects to the file and 404s unknown ones', async () => {
		expect(c.sb.recordingsOrigin).not.toBe(c.sb.origin);
		const call = alicesCall(true);
		const path = call.recording_url!.slice(c.sb.recordingsOrigin.length);
		c.sb.recordingRequests.splice(0);
		const plain = await clientFor(c.sb.recordingsOrigin).get(path, { responseType: 'arraybuffer' });
		expect([plain.status, plain.headers['content-type'], plain.data.subarray(0, 3).toString()]).toEqual([200, 'audio/mpeg', 'ID3']);
		await clientFor(c.sb.recordingsOrigin, 'leaked-token').get(path, { maxRedirects: 0 });
		expect(c.sb.recordingRequests.map((r) => [r.path.split('/')[1], r.status, r.authorization])).toEqual([
			['recordings', 302, null],
			['files', 200, null],
			['recordings', 302, 'Bearer leaked-token'],
		]);
		expect((await clientFor(c.sb.recordingsOrigin).get('/recordings/abcdef.mp3')).status).toBe(404);
		// the API host does not serve recordings
		expect((await clientFor(c.sb.origin).get(path)).status).toBe(404);
		const log = (await clientFor(c.sb.origin).get('/sandbox/recording-requests')).data;
		expect(log.origin).toBe(c.sb.recordingsOrigin);
		expect(log.requests.length).toBe(c.sb.recordingRequests.length);
	});

	it('answers 404 for an expired recording the call still points at', async () => {
		const call = alicesCall(true);
		c.sb.expireRecording(call.id);
		expect((await clientFor(c.sb.recordingsOrigin).get(call.recording_url!.slice(c.sb.recordingsOrigin.length))).status).toBe(404);
		expect((await c.alice.get(`/user/calls/${call.id}`)).data.recording_url).toBe(call.recording_url);
	});
});

describe('faults and rate limits apply to the new routes', () => {
	it('a fault on /user/me and the rate-limit headers on /user/phone-numbers/all', async () => {
		c.sb.setFaults([{ kind: 'status', status: 503, count: 1, match: { path: '/user/me' } }]);
		expect((await c.alice.get('/user/me')).status).toBe(503);
		expect((await c.alice.get('/user/me')).status).toBe(200);
		c.sb.setRateLimit({ perMinute: 100, burst: 2, burstWindowSeconds: 10 });
		const first = await c.alice.get('/user/phone-numbers/all');
		expect(first.headers['x-ratelimit-remaining']).toBe('1');
		await c.alice.get('/user/phone-numbers/search', { params: { country_code: 'DE' } });
		const limited = await c.alice.post('/user/phone-numbers/purchase', { phone_number: '+4930400000100' });
		expect(limited.status).toBe(429);
		expect(limited.data.retry_after).toBeGreaterThan(0);
		// per token: bob is not limited by alice's requests
		expect((await c.bob.get('/user/me')).status).toBe(200);
	});
});
