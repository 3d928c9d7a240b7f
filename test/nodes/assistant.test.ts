/** Assistant operations through n8n's engine against the sandbox: the request it received and the items out. */
import { assistantCreateParams, byId, expectOk, fromList, jsonOf, useNodeSandbox } from './helpers';

const t = useNodeSandbox();

const REFERENCE_CREATE_FIELDS = [
	'assistant_name', 'voice_id', 'language', 'llm_model', 'calls_direction', 'engine_type', 'timezone',
	'initial_message', 'system_prompt', 'phone_number_id', 'endpoint_type', 'endpoint_sensitivity',
	'interrupt_sensitivity', 'ambient_sound_volume', 'post_call_evaluation', 'send_webhook_only_on_completed',
	'include_recording_in_webhook', 'is_webhook_active', 'webhook_url', 'use_min_interrupt_words',
	'min_interrupt_words', 'variables', 'post_call_schema', 'end_call_tool.description', 'llm_temperature',
	'voice_stability', 'voice_similarity', 'speech_speed', 'allow_interruptions', 'filler_audios',
	're_engagement_interval', 'max_call_duration', 'max_silence_duration', 'end_call_on_voicemail',
	'noise_cancellation', 'record_call', 'who_speaks_first',
];

function aliceAssistants() {
	return t.sb.store.assistants.filter((a) => a.user_id === t.sb.users.alice && !a.deleted_at);
}

describe('Assistant → Create', () => {
	it('sends the required fields under the platform names and returns data + message', async () => {
		const result = await t.run(assistantCreateParams());
		const [item] = jsonOf(expectOk(result));
		const [request] = t.requests();
		expect(request).toMatchObject({ method: 'POST', path: '/api/user/assistant', status: 201 });
		expect(request.body).toEqual({
			assistant_name: 'Node Test Assistant',
			calls_direction: 'make',
			engine_type: 'pipeline',
			voice_id: 1,
			language: 'German',
			llm_model: 'gpt-4o',
			timezone: 'Europe/Berlin',
			initial_message: 'Hallo!',
			system_prompt: 'You are helpful.',
		});
		expect(item).toMatchObject({
			name: 'Node Test Assistant',
			type: 'outbound',
			mode: 'pipeline',
			status: 'active',
			message: 'Assistant created successfully',
		});
		expect(typeof item.id).toBe('number');
		expect(t.sb.store.assistants.find((a) => a.id === item.id)?.name).toBe('Node Test Assistant');
	});

	it('sends every additional field with its request name and type', async () => {
		const result = await t.run(
			assistantCreateParams({
				callsDirection: 'receive',
				engineType: 'multimodal',
				voiceId: 5,
				additionalFields: {
					phoneNumberId: 6,
					whoSpeaksFirst: 'Cliente',
					variables: { pairs: [{ name: 'company_name', value: 'Acme' }] },
					isWebhookActive: true,
					webhookUrl: 'https://example.com/hook',
					sendWebhookOnlyOnCompleted: true,
					includeRecordingInWebhook: true,
					postCallEvaluation: true,
					postCallSchema: {
						fields: [
							{ name: 'appointment_date', type: 'string', description: 'Agreed date' },
							{ name: 'interested', type: 'bool', description: 'Wants an offer' },
						],
					},
					endCallToolDescription: 'End when the customer says goodbye',
					llmTemperature: 0.3,
					voiceStability: 0.6,
					voiceSimilarity: 0.8,
					speechSpeed: 1.1,
					ambientSoundVolume: 0.2,
					allowInterruptions: true,
					interruptSensitivity: 2.5,
					useMinInterruptWords: true,
					minInterruptWords: 3,
					endpointType: 'ai',
					endpointSensitivity: 4,
					fillerAudios: true,
					reEngagementInterval: 30,
					maxCallDuration: 900,
					maxSilenceDuration: 45,
					endCallOnVoicemail: true,
					noiseCancellation: true,
					recordCall: true,
				},
			}),
		);
		const [item] = jsonOf(expectOk(result));
		const body = t.requests()[0].body as Record<string, unknown>;
		expect(body).toMatchObject({
			calls_direction: 'receive',
			engine_type: 'multimodal',
			voice_id: 5,
			phone_number_id: 6,
			who_speaks_first: 'Cliente',
			variables: { company_name: 'Acme' },
			is_webhook_active: true,
			webhook_url: 'https://example.com/hook',
			send_webhook_only_on_completed: true,
			include_recording_in_webhook: true,
			post_call_evaluation: true,
			post_call_schema: [
				{ name: 'appointment_date', type: 'string', description: 'Agreed date' },
				{ name: 'interested', type: 'bool', description: 'Wants an offer' },
			],
			'end_call_tool.description': 'End when the customer says goodbye',
			llm_temperature: 0.3,
			voice_stability: 0.6,
			voice_similarity: 0.8,
			speech_speed: 1.1,
			ambient_sound_volume: 0.2,
			allow_interruptions: true,
			interrupt_sensitivity: 2.5,
			use_min_interrupt_words: true,
			min_interrupt_words: 3,
			endpoint_type: 'ai',
			endpoint_sensitivity: 4,
			filler_audios: true,
			re_engagement_interval: 30,
			max_call_duration: 900,
			max_silence_duration: 45,
			end_call_on_voicemail: true,
			noise_cancellation: true,
			record_call: true,
		});
		// The dot is part of the key, not a nested object.
		expect(body.end_call_tool).toBeUndefined();
		// Every field of the reference's create request: 9 required + 28 optional.
		expect(Object.keys(body).sort()).toEqual(REFERENCE_CREATE_FIELDS.sort());
		const stored = t.sb.store.assistants.find((a) => a.id === item.id);
		expect(stored).toMatchObject({ type: 'inbound', mode: 'multimodal', phone_number_id: 6, wait_for_customer: true, record: true, max_duration: 900 });
	});

	it('takes who speaks first "AI Assistant" as the platform value "Assistente de IA"', async () => {
		expectOk(await t.run(assistantCreateParams({ additionalFields: { whoSpeaksFirst: 'Assistente de IA' } })));
		expect((t.requests()[0].body as Record<string, unknown>).who_speaks_first).toBe('Assistente de IA');
	});
});

describe('Assistant → Update', () => {
	it('sends only the changed fields to PUT /user/assistant/{id} (assistant picked from the list)', async () => {
		const result = await t.run({
			resource: 'assistant',
			operation: 'update',
			assistantId: fromList(2),
			updateFields: { name: 'Reception (new)', speechSpeed: 0.9, recordCall: true },
		});
		const [item] = jsonOf(expectOk(result));
		const [request] = t.requests();
		expect(request).toMatchObject({ method: 'PUT', path: '/api/user/assistant/2', status: 200 });
		expect(request.body).toEqual({ assistant_name: 'Reception (new)', speech_speed: 0.9, record_call: true });
		expect(item).toMatchObject({ id: 2, name: 'Reception (new)', type: 'inbound' });
		expect(t.sb.store.assistants.find((a) => a.id === 2)).toMatchObject({ speech_speed: '0.90', record: true });
	});

	it('removes the phone number and the webhook with explicit nulls', async () => {
		const assistant = t.sb.store.assistants.find((a) => a.id === 1)!;
		assistant.webhook_url = 'https://example.com/old';
		assistant.is_webhook_active = true;
		expect(assistant.phone_number_id).not.toBeNull();
		const result = await t.run({
			resource: 'assistant',
			operation: 'update',
			assistantId: byId(1),
			updateFields: { phoneNumberId: 'remove', removeWebhook: true },
		});
		expectOk(result);
		expect(t.requests()[0].body).toEqual({ phone_number_id: null, webhook_url: null, is_webhook_active: false });
		expect(assistant).toMatchObject({ phone_number_id: null, webhook_url: null, is_webhook_active: false });
	});

	it('turns the post-call webhook on with a URL', async () => {
		expectOk(
			await t.run({
				resource: 'assistant',
				operation: 'update',
				assistantId: byId(3),
				updateFields: { isWebhookActive: true, webhookUrl: 'https://n8n.example.com/webhook/abc' },
			}),
		);
		expect(t.sb.store.assistants.find((a) => a.id === 3)).toMatchObject({
			is_webhook_active: true,
			webhook_url: 'https://n8n.example.com/webhook/abc',
		});
	});

	it('names the assistant when the platform answers 404', async () => {
		const result = await t.run({
			resource: 'assistant',
			operation: 'update',
			assistantId: byId(9999),
			updateFields: { name: 'x' },
		});
		expect(result.error?.message).toBe('Assistant 9999 was not found');
		expect(t.requests()).toHaveLength(1);
	});
});

describe('Assistant → Get Many', () => {
	it('Return All walks every page with the largest page size', async () => {
		const result = await t.run({ resource: 'assistant', operation: 'getMany', returnAll: true });
		const items = jsonOf(expectOk(result));
		expect(items.map((i) => i.id)).toEqual(aliceAssistants().map((a) => a.id));
		for (const request of t.requests()) {
			expect(request).toMatchObject({ method: 'GET', path: '/api/user/assistants/get' });
			expect(request.query.per_page).toBe('100');
		}
	});

	it('Limit asks for no more than needed and returns exactly Limit items', async () => {
		const result = await t.run({ resource: 'assistant', operation: 'getMany', returnAll: false, limit: 3 });
		expect(jsonOf(expectOk(result))).toHaveLength(3);
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0].query).toEqual({ per_page: '3', page: '1' });
	});

	it('Simplify (default) keeps the fields people use; off returns the whole record', async () => {
		const simple = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'getMany', limit: 1 })))[0];
		expect(Object.keys(simple)).toEqual(
			expect.arrayContaining(['id', 'uuid', 'name', 'type', 'mode', 'status', 'timezone', 'webhook_url']),
		);
		expect(simple.system_prompt).toBeUndefined();
		expect(simple.widget_settings).toBeUndefined();
		const raw = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'getMany', limit: 1, simple: false })))[0];
		expect(raw.system_prompt).toEqual(expect.any(String));
		expect(raw.filler_config).toEqual(expect.any(Object));
		expect(Object.keys(raw).length).toBeGreaterThan(40);
	});
});

describe('Assistant → Get Many Outbound', () => {
	it('returns only outbound assistants, Limit applied in n8n', async () => {
		const all = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'getManyOutbound', returnAll: true })));
		const expected = aliceAssistants().filter((a) => a.type === 'outbound');
		expect(all.map((a) => a.id).sort()).toEqual(expected.map((a) => a.id).sort());
		expect(all.every((a) => a.type === 'outbound')).toBe(true);
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/assistants/outbound', query: {} });
		const two = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'getManyOutbound', limit: 2 })));
		expect(two).toEqual(all.slice(0, 2));
	});
});

describe('Assistant → Enable / Disable Inbound Webhook', () => {
	it('sets and clears the inbound webhook URL', async () => {
		const enabled = await t.run({
			resource: 'assistant',
			operation: 'enableInboundWebhook',
			assistantId: fromList(5),
			webhookUrl: 'https://n8n.example.com/webhook/inbound',
		});
		expect(jsonOf(expectOk(enabled))).toEqual([
			{
				assistant_id: 5,
				inbound_webhook_url: 'https://n8n.example.com/webhook/inbound',
				inbound_webhook_enabled: true,
				message: 'Webhook enabled successfully',
			},
		]);
		expect(t.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/user/assistants/enable-inbound-webhook',
			body: { assistant_id: 5, webhook_url: 'https://n8n.example.com/webhook/inbound' },
		});
		expect(t.sb.store.assistants.find((a) => a.id === 5)?.inbound_webhook_url).toBe(
			'https://n8n.example.com/webhook/inbound',
		);

		t.sb.clearRequests();
		const disabled = await t.run({ resource: 'assistant', operation: 'disableInboundWebhook', assistantId: byId(5) });
		expect(jsonOf(expectOk(disabled))).toEqual([
			{ assistant_id: 5, inbound_webhook_enabled: false, message: 'Inbound webhook disabled successfully' },
		]);
		expect(t.requests()[0]).toMatchObject({
			path: '/api/user/assistants/disable-inbound-webhook',
			body: { assistant_id: 5 },
		});
		expect(t.sb.store.assistants.find((a) => a.id === 5)?.inbound_webhook_url).toBeNull();
	});

	it('names the assistant on 404', async () => {
		const result = await t.run({ resource: 'assistant', operation: 'disableInboundWebhook', assistantId: byId(777) });
		expect(result.error?.message).toBe('Assistant 777 was not found');
	});
});
