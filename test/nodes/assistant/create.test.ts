/**
 * Assistant → Create: the required fields and every additional field under its platform name and
 * type (exactly the reference's field list), and who speaks first as the platform spells it.
 */
import { assistantCreateParams, expectOk, jsonOf, useNodeSandbox } from '../helpers';

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
