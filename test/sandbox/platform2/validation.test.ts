/** Platform 2.0 contract: each validation rule of the catalogue answers 400 invalid_request naming the field, before anything is stored. */
import { findOp, firstId, minimalFields, useP2 } from './helpers';

const c = useP2();

const expectInvalid = (res: { status: number; data: unknown }, field: string, words: RegExp): void => {
	expect(res.status).toBe(400);
	expect(res.data).toEqual({ error: { code: 'invalid_request', message: expect.stringMatching(words), field } });
	expect((res.data as { error: { message: string } }).error.message.startsWith(field)).toBe(true);
};

describe('body fields', () => {
	it('required', async () => expectInvalid(await c.as('full').post('/knowledge-bases', { description: 'no name' }), 'name', /is required/));

	it('a missing body where one is required', async () => expectInvalid(await c.as('full').post('/knowledge-bases'), 'body', /is required/));

	it('type: string, integer, boolean, object, array', async () => {
		expectInvalid(await c.as('full').post('/knowledge-bases', { name: 7 }), 'name', /must be a string/);
		expectInvalid(await c.as('full').post('/campaigns', { name: 'C', concurrency: 'two' }), 'concurrency', /must be an integer/);
		expectInvalid(await c.as('full').post('/campaigns', { name: 'C', concurrency: 1.5 }), 'concurrency', /must be an integer/);
		expectInvalid(await c.as('full').post('/campaigns', { name: 'C', amd_enabled: 'yes' }), 'amd_enabled', /true or false/);
		expectInvalid(await c.as('full').post('/campaigns', { name: 'C', channel_config: [] }), 'channel_config', /must be an object/);
		expectInvalid(await c.as('full').post('/loop/routing-rules', { name: 'R', active: true, steps: {} }), 'steps', /must be an array/);
	});

	it('number with minimum and maximum', async () => {
		const id = firstId(c.sb, '/assistants');
		expectInvalid(await c.as('full').patch(`/assistants/${id}`, { elevenlabs_stability: 1.5 }), 'elevenlabs_stability', /at most 1/);
		expectInvalid(await c.as('full').patch(`/assistants/${id}`, { max_call_duration_sec: 10 }), 'max_call_duration_sec', /at least 60/);
	});

	it('enum, also inside arrays', async () => {
		expectInvalid(await c.as('full').post('/campaigns', { name: 'C', channel: 'fax' }), 'channel', /one of phone_call/);
		const id = firstId(c.sb, '/assistants');
		expectInvalid(await c.as('full').patch(`/assistants/${id}`, { memory_categories: ['identity', 'gossip'] }), 'memory_categories', /must each be one of/);
	});

	it('minLength and maxLength', async () => {
		const id = firstId(c.sb, '/assistants');
		expectInvalid(await c.as('full').post(`/assistants/${id}/automations`, { name: 'x', tool_description: 'short' }), 'tool_description', /at least 10 characters/);
		expectInvalid(await c.as('full').post('/api-keys', { name: 'k'.repeat(101) }), 'name', /at most 100 characters/);
	});

	it('formats: uuid, email, date-time, uri', async () => {
		expectInvalid(await c.as('full').post('/calls', { assistant_id: 'assistant-1', to_number: '+4915112345670' }), 'assistant_id', /UUID/);
		expectInvalid(await c.as('full').post('/platform/users/login', { email: 'not-an-address' }), 'email', /e-mail/);
		expectInvalid(await c.as('full').post('/campaigns', { name: 'C', scheduled_start_at: 'tomorrow' }), 'scheduled_start_at', /date-time/);
		expectInvalid(await c.as('full').post('/messaging-connectors', { platform: 'telegram', name: 'T', assistant_id: firstId(c.sb, '/assistants'), conversation_ended_webhook_url: 'not a url' }), 'conversation_ended_webhook_url', /URI/);
	});

	it('a PATCH borrowing a create’s schema (sameAs) does not need its required fields', async () => {
		const id = firstId(c.sb, '/dashboards');
		expect((await c.as('full').patch(`/dashboards/${id}`, { description: 'only this' })).status).toBe(200);
	});

	it('nothing is stored on a refusal', async () => {
		await c.as('full').post('/campaigns', { name: 'C', concurrency: 0 });
		expect(c.sb.platform2.list('A', '/campaigns')).toHaveLength(2);
	});

	it('malformed JSON', async () => {
		const res = await c.as('full').post('/knowledge-bases', '{"name":', { headers: { 'Content-Type': 'application/json' }, transformRequest: (d) => d });
		expectInvalid(res, 'body', /not valid JSON/);
	});

	it('an explicit true where the operation asks for confirmation (flags: confirm)', async () => {
		expectInvalid(await c.as('full').post('/milian/ask', { question: 'What is my balance?', confirmed: false }), 'confirmed', /must be one of true/);
		const session = { ...minimalFields(findOp(c.sb, 'createMilianVoiceSession').body?.fields), approve_credit_usage: false };
		expectInvalid(await c.as('full').post('/milian/voice-sessions', session), 'approve_credit_usage', /must be true/);
	});
});

describe('path, query and header parameters', () => {
	it('a path id that is not a UUID', async () => expectInvalid(await c.as('full').get('/campaigns/7'), 'id', /UUID/));

	it('query: integer, range, enum, boolean, date-time', async () => {
		expectInvalid(await c.as('full').get('/assistants', { params: { limit: 'many' } }), 'limit', /integer/);
		expectInvalid(await c.as('full').get('/assistants', { params: { limit: 0 } }), 'limit', /at least 1/);
		expectInvalid(await c.as('full').get('/assistants', { params: { limit: 201 } }), 'limit', /at most 200/);
		expectInvalid(await c.as('full').get('/calls', { params: { status: 'lost' } }), 'status', /one of queued/);
		expectInvalid(await c.as('full').get('/calls', { params: { success: 'maybe' } }), 'success', /true or false/);
		expectInvalid(await c.as('full').get('/calls', { params: { from: '1 June' } }), 'from', /date-time/);
	});

	it('query arrays: repeated names or comma-separated', async () => {
		const kb = firstId(c.sb, '/knowledge-bases');
		expect((await c.as('full').get(`/knowledge-bases/${kb}/faqs?status=approved,dismissed`)).status).toBe(200);
		expectInvalid(await c.as('full').get(`/knowledge-bases/${kb}/faqs?status=approved&status=wrong`), 'status', /must each be one of/);
	});

	it('a required header', async () => {
		const session = firstId(c.sb, '/translation-sessions');
		const body = { side: 1, phone_number: '+4915112345670' };
		expectInvalid(await c.as('full').post(`/translation-sessions/${session}/call`, body), 'Idempotency-Key', /header is required/);
		const ok = await c.as('full').post(`/translation-sessions/${session}/call`, body, { headers: { 'Idempotency-Key': '7d1f4a52-9b0e-4c51-a3c5-0f3b5e1d2a10' } });
		expect(ok.status).toBe(200);
	});
});
