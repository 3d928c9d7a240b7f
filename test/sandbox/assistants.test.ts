/** Sandbox contract: assistants over real HTTP — create (201, the short answer), update, the paged list, the outbound list, the inbound webhook switches. */
import { SIMULATE_FAILURE } from '../../sandbox';
import { assistantBody, useClients } from './helpers';

const c = useClients();

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

describe('POST /user/assistant', () => {
	it('creates an assistant (201) and answers only id, name, status, type, mode', async () => {
		const res = await c.alice.post('/user/assistant', assistantBody({ assistant_name: 'Created One', calls_direction: 'receive', engine_type: 'multimodal' }));
		expect(res.status).toBe(201);
		expect(typeof res.data.message).toBe('string');
		expect(Object.keys(res.data.data).sort()).toEqual(['id', 'mode', 'name', 'status', 'type']);
		expect(res.data.data).toMatchObject({ name: 'Created One', status: 'active', type: 'inbound', mode: 'multimodal' });
		const stored = c.sb.store.assistants.find((a) => a.id === res.data.data.id)!;
		expect(stored.user_id).toBe(c.sb.users.alice);
	});

	it('maps request field names onto stored field names', async () => {
		const res = await c.alice.post(
			'/user/assistant',
			assistantBody({
				assistant_name: 'Mapped',
				language: 'english',
				llm_model: 'gpt-4o',
				re_engagement_interval: 45,
				max_call_duration: 900,
				record_call: true,
				noise_cancellation: true,
				who_speaks_first: 'Cliente',
				filler_audios: true,
				end_call_on_voicemail: true,
				'end_call_tool.description': 'Hang up politely',
				speech_speed: 0.9,
				llm_temperature: '0.3',
				ambient_sound_volume: 1,
				endpoint_sensitivity: 4.5,
				min_interrupt_words: 3,
				phone_number_id: 3,
				is_webhook_active: true,
				webhook_url: 'https://hooks.example.com/post-call',
				send_webhook_only_on_completed: true,
				include_recording_in_webhook: true,
				post_call_schema: [{ name: 'customer_name', type: 'string', description: 'Name' }],
				variables: { company: 'Acme' },
			}),
		);
		expect(res.status).toBe(201);
		const list = (await c.alice.get('/user/assistants/get', { params: { per_page: 100 } })).data.data;
		const a = list.find((x: any) => x.id === res.data.data.id);
		const english = c.sb.store.languages.find((l) => l.name === 'English')!;
		const model = c.sb.store.models.find((m) => m.name === 'gpt-4o')!;
		expect(a).toMatchObject({
			name: 'Mapped',
			type: 'outbound',
			mode: 'pipeline',
			language_id: english.id,
			language: 'English',
			llm_model_id: model.id,
			reengagement_interval: 45,
			max_duration: 900,
			record: true,
			enable_noise_cancellation: true,
			wait_for_customer: true,
			fillers: 1,
			end_call_on_voicemail: 1,
			speech_speed: '0.90',
			llm_temperature: '0.30',
			ambient_sound_volume: '1.00',
			endpoint_sensitivity: 4.5,
			min_interrupt_words: 3,
			phone_number_id: 3,
			is_webhook_active: true,
			webhook_url: 'https://hooks.example.com/post-call',
			send_webhook_only_on_completed: true,
			include_recording_in_webhook: true,
			post_call_schema: [{ name: 'customer_name', type: 'string', description: 'Name' }],
			variables: { company: 'Acme' },
		});
		expect(a.tools).toContainEqual({ type: 'end_call', description: 'Hang up politely' });
		expect(a.created_at).toMatch(ISO_MICROS);
		expect(a.deleted_at).toBeNull();
	});

	it('reads a nested end_call_tool.description too', async () => {
		const res = await c.alice.post('/user/assistant', assistantBody({ end_call_tool: { description: 'Nested' } }));
		expect(res.status).toBe(201);
		expect(c.sb.store.assistants.find((a) => a.id === res.data.data.id)!.tools).toContainEqual({ type: 'end_call', description: 'Nested' });
	});

	it('answers 422 "Validation failed" with every missing required field', async () => {
		const res = await c.alice.post('/user/assistant', {});
		expect(res.status).toBe(422);
		expect(res.data.message).toBe('Validation failed');
		expect(res.data.errors).toEqual({
			assistant_name: ['The assistant name field is required.'],
			voice_id: ['The voice id field is required.'],
			language: ['The language field is required.'],
			llm_model: ['The llm model field is required.'],
			calls_direction: ['The calls direction field is required.'],
			engine_type: ['The engine type field is required.'],
			timezone: ['The timezone field is required.'],
			initial_message: ['The initial message field is required.'],
			system_prompt: ['The system prompt field is required.'],
		});
	});

	it('requires webhook_url when is_webhook_active is true, and a valid URL', async () => {
		const missing = await c.alice.post('/user/assistant', assistantBody({ is_webhook_active: true }));
		expect(missing.status).toBe(422);
		expect(missing.data.errors.webhook_url).toEqual(['The webhook url field is required when is webhook active is true.']);
		const bad = await c.alice.post('/user/assistant', assistantBody({ is_webhook_active: true, webhook_url: 'not a url' }));
		expect(bad.data.errors.webhook_url).toEqual(['The webhook url field must be a valid URL.']);
	});

	// Every range and length of the Limits table, one value just outside and one on the edge.
	const ranges: Array<[string, number, number, string]> = [
		['endpoint_sensitivity', 0, 5, 'The endpoint sensitivity field must be between 0 and 5.'],
		['interrupt_sensitivity', 0, 5, 'The interrupt sensitivity field must be between 0 and 5.'],
		['ambient_sound_volume', 0, 1, 'The ambient sound volume field must be between 0 and 1.'],
		['llm_temperature', 0, 1, 'The llm temperature field must be between 0 and 1.'],
		['voice_stability', 0, 1, 'The voice stability field must be between 0 and 1.'],
		['voice_similarity', 0, 1, 'The voice similarity field must be between 0 and 1.'],
		['speech_speed', 0.7, 1.2, 'The speech speed field must be between 0.7 and 1.2.'],
		['min_interrupt_words', 0, 10, 'The min interrupt words field must be between 0 and 10.'],
		['re_engagement_interval', 7, 600, 'The re engagement interval field must be between 7 and 600.'],
		['max_call_duration', 20, 1200, 'The max call duration field must be between 20 and 1200.'],
		['max_silence_duration', 1, 120, 'The max silence duration field must be between 1 and 120.'],
	];
	it.each(ranges)('enforces %s between %p and %p', async (field, min, max, text) => {
		const step = Number.isInteger(min) && Number.isInteger(max) ? 1 : 0.01;
		for (const bad of [min - step, max + step]) {
			const res = await c.alice.post('/user/assistant', assistantBody({ [field]: bad }));
			expect([field, bad, res.status, res.data.errors?.[field]]).toEqual([field, bad, 422, [text]]);
		}
		for (const good of [min, max]) {
			const res = await c.alice.post('/user/assistant', assistantBody({ [field]: good }));
			expect([field, good, res.status]).toEqual([field, good, 201]);
		}
	});

	it.each([
		['assistant_name', 255],
		['language', 100],
		['llm_model', 100],
		['end_call_tool.description', 500],
	])('limits %s to %p characters', async (field, max) => {
		const res = await c.alice.post('/user/assistant', assistantBody({ [field]: 'x'.repeat(max + 1) }));
		expect(res.status).toBe(422);
		expect(res.data.errors[field]).toEqual([`The ${field.replace(/_/g, ' ')} field must not be greater than ${max} characters.`]);
	});

	it('checks enums, types, lookups and the post_call_schema items', async () => {
		const res = await c.alice.post(
			'/user/assistant',
			assistantBody({
				calls_direction: 'both',
				engine_type: 'turbo',
				endpoint_type: 'magic',
				who_speaks_first: 'Assistant',
				timezone: 'Mars/Olympus',
				voice_id: 9999,
				language: 'Klingon',
				llm_model: 'gpt-99',
				record_call: 'yes',
				variables: 'nope',
				max_call_duration: 'long',
				post_call_schema: [{ name: 'bad name', type: 'date' }],
			}),
		);
		expect(res.status).toBe(422);
		expect(res.data.errors).toEqual({
			calls_direction: ['The selected calls direction is invalid.'],
			engine_type: ['The selected engine type is invalid.'],
			endpoint_type: ['The selected endpoint type is invalid.'],
			who_speaks_first: ['The selected who speaks first is invalid.'],
			timezone: ['The timezone field must be a valid timezone.'],
			voice_id: ['The selected voice id is invalid.'],
			language: ['The selected language is invalid.'],
			llm_model: ['The selected llm model is invalid.'],
			record_call: ['The record call field must be true or false.'],
			variables: ['The variables field must be an array.'],
			max_call_duration: ['The max call duration field must be an integer.'],
			'post_call_schema.0.name': ['The post call schema.0.name field format is invalid.'],
			'post_call_schema.0.type': ['The selected post call schema.0.type is invalid.'],
			'post_call_schema.0.description': ['The post call schema.0.description field is required.'],
		});
	});

	it('answers 500 "Assistant creation failed" when creation fails', async () => {
		const res = await c.alice.post('/user/assistant', assistantBody({ assistant_name: `x ${SIMULATE_FAILURE}` }));
		expect(res.status).toBe(500);
		expect(res.data).toEqual({ message: 'Assistant creation failed' });
	});
});

describe('PUT /user/assistant/{id}', () => {
	it('changes only the provided fields and answers the summary', async () => {
		const before = structuredClone(c.sb.store.assistants.find((a) => a.id === 1)!);
		const res = await c.alice.put('/user/assistant/1', { speech_speed: 1.1, assistant_name: 'Renamed' });
		expect(res.status).toBe(200);
		expect(res.data.data).toEqual({ id: 1, name: 'Renamed', status: before.status, type: before.type, mode: before.mode });
		const after = c.sb.store.assistants.find((a) => a.id === 1)!;
		expect(after.speech_speed).toBe('1.10');
		expect(after.system_prompt).toBe(before.system_prompt);
		expect(after.voice_id).toBe(before.voice_id);
	});

	it('rejects an out-of-range value with the Laravel message', async () => {
		const res = await c.alice.put('/user/assistant/1', { speech_speed: 1.5 });
		expect(res.status).toBe(422);
		expect(res.data).toEqual({ message: 'Validation failed', errors: { speech_speed: ['The speech speed field must be between 0.7 and 1.2.'] } });
	});

	it('rejects an invalid webhook URL and an empty required field', async () => {
		const res = await c.alice.put('/user/assistant/1', { webhook_url: 'ftp//nope', assistant_name: '' });
		expect(res.status).toBe(422);
		expect(res.data.errors).toEqual({
			assistant_name: ['The assistant name field is required.'],
			webhook_url: ['The webhook url field must be a valid URL.'],
		});
	});

	it('activates the webhook with a stored URL, and null clears URL and phone number', async () => {
		await c.alice.put('/user/assistant/3', { webhook_url: 'https://hooks.example.com/a', is_webhook_active: false });
		expect((await c.alice.put('/user/assistant/3', { is_webhook_active: true })).status).toBe(200);
		let a = c.sb.store.assistants.find((x) => x.id === 3)!;
		expect(a.is_webhook_active).toBe(true);
		expect((await c.alice.put('/user/assistant/3', { webhook_url: null, phone_number_id: null })).status).toBe(200);
		a = c.sb.store.assistants.find((x) => x.id === 3)!;
		expect(a.webhook_url).toBeNull();
		expect(a.is_webhook_active).toBe(false);
		expect(a.phone_number_id).toBeNull();
		// With no stored URL, activation needs one.
		const res = await c.alice.put('/user/assistant/3', { is_webhook_active: true });
		expect(res.status).toBe(422);
		expect(res.data.errors.webhook_url).toHaveLength(1);
	});

	it('answers 404 "Assistant not found" for an unknown id', async () => {
		const res = await c.alice.put('/user/assistant/99999', { assistant_name: 'x' });
		expect(res.status).toBe(404);
		expect(res.data).toEqual({ message: 'Assistant not found' });
	});

	it('answers 500 "Assistant update failed" when the update fails', async () => {
		const res = await c.alice.put('/user/assistant/1', { assistant_name: SIMULATE_FAILURE });
		expect(res.status).toBe(500);
		expect(res.data).toEqual({ message: 'Assistant update failed' });
	});
});

describe('GET /user/assistants/get', () => {
	it('pages with default per_page 10 and returns full records', async () => {
		const res = await c.bob.get('/user/assistants/get');
		expect(res.status).toBe(200);
		expect(res.data.per_page).toBe(10);
		const a = res.data.data[0];
		for (const key of ['id', 'uuid', 'user_id', 'name', 'type', 'mode', 'status', 'phone_number_id', 'voice_id', 'language_id', 'language', 'llm_model_id',
			'multimodal_model_id', 'engine_id', 'synthesizer_id', 'transcriber_id', 'instance_id', 'transcriber_provider_id', 'synthesizer_provider_id',
			'flows_platform_id', 'knowledgebase_id', 'knowledgebase_mode', 'variables', 'post_call_evaluation', 'post_call_schema', 'tools', 'fillers',
			'filler_config', 'is_webhook_active', 'webhook_url', 'inbound_webhook_url', 'send_webhook_only_on_completed', 'include_recording_in_webhook',
			'max_duration', 'record', 'initial_message', 'system_prompt', 'timezone', 'max_silence_duration', 'reengagement_interval', 'end_call_on_voicemail',
			'llm_temperature', 'voice_stability', 'voice_similarity', 'speech_speed', 'ambient_sound', 'ambient_sound_volume', 'allow_interruptions',
			'enable_noise_cancellation', 'endpoint_sensitivity', 'interrupt_sensitivity', 'endpoint_type', 'min_interrupt_words', 'wait_for_customer',
			'widget_settings', 'created_at', 'updated_at', 'deleted_at']) {
			expect(a).toHaveProperty(key);
		}
		expect(Object.keys(a.filler_config).sort()).toEqual(['negative', 'neutral', 'positive', 'question']);
		expect(typeof a.llm_temperature).toBe('string');
	});

	it('validates per_page 1-100', async () => {
		for (const per_page of [0, 101, 'abc']) {
			const res = await c.alice.get('/user/assistants/get', { params: { per_page } });
			expect(res.status).toBe(422);
			expect(res.data.errors.per_page).toHaveLength(1);
		}
		expect((await c.alice.get('/user/assistants/get', { params: { per_page: 100 } })).status).toBe(200);
	});

	it('computes the envelope for page 2 of alice’s assistants', async () => {
		const total = c.sb.store.assistants.filter((a) => a.user_id === c.sb.users.alice).length;
		const res = await c.alice.get('/user/assistants/get', { params: { page: 2 } });
		expect(res.data.total).toBe(total);
		expect(res.data.last_page).toBe(Math.ceil(total / 10));
		expect(res.data.from).toBe(11);
		expect(res.data.path).toBe(`${c.sb.baseUrl}/user/assistants/get`);
		expect(res.data.prev_page_url).toBe(`${c.sb.baseUrl}/user/assistants/get?page=1`);
	});
});

describe('GET /user/assistants/outbound', () => {
	it('returns all outbound assistants as reduced records, unpaged', async () => {
		const res = await c.alice.get('/user/assistants/outbound');
		expect(Array.isArray(res.data)).toBe(true);
		const expected = c.sb.store.assistants.filter((a) => a.user_id === c.sb.users.alice && a.type === 'outbound').map((a) => a.id);
		expect(res.data.map((a: any) => a.id)).toEqual(expected);
		expect(Object.keys(res.data[0]).sort()).toEqual(
			['id', 'user_id', 'name', 'type', 'mode', 'status', 'voice_id', 'language_id', 'timezone', 'initial_message', 'system_prompt', 'variables', 'webhook_url', 'is_webhook_active', 'created_at', 'updated_at'].sort(),
		);
		expect(res.data[0].created_at).toMatch(ISO_MICROS);
	});
});

describe('inbound webhook enable / disable', () => {
	it('enables and disables, storing inbound_webhook_url', async () => {
		const on = await c.alice.post('/user/assistants/enable-inbound-webhook', { assistant_id: 2, webhook_url: 'https://n8n.example.com/webhook/in' });
		expect(on.status).toBe(200);
		expect(on.data).toEqual({ message: 'Webhook enabled successfully', data: [] });
		expect(c.sb.store.assistants.find((a) => a.id === 2)!.inbound_webhook_url).toBe('https://n8n.example.com/webhook/in');
		const off = await c.alice.post('/user/assistants/disable-inbound-webhook', { assistant_id: 2 });
		expect(off.data).toEqual({ message: 'Inbound webhook disabled successfully', data: [] });
		expect(c.sb.store.assistants.find((a) => a.id === 2)!.inbound_webhook_url).toBeNull();
	});

	it('answers the validation shape with "The given data was invalid."', async () => {
		const res = await c.alice.post('/user/assistants/enable-inbound-webhook', {});
		expect(res.status).toBe(422);
		expect(res.data).toEqual({
			message: 'The given data was invalid.',
			errors: { assistant_id: ['The assistant id field is required.'], webhook_url: ['The webhook url field is required.'] },
		});
		const off = await c.alice.post('/user/assistants/disable-inbound-webhook', {});
		expect(off.data).toEqual({ message: 'The given data was invalid.', errors: { assistant_id: ['The assistant id field is required.'] } });
	});

	it('answers 404 "Assistant not found"', async () => {
		for (const path of ['enable-inbound-webhook', 'disable-inbound-webhook']) {
			const res = await c.alice.post(`/user/assistants/${path}`, { assistant_id: 424242, webhook_url: 'https://x.example/h' });
			expect(res.status).toBe(404);
			expect(res.data).toEqual({ message: 'Assistant not found' });
		}
	});
});
