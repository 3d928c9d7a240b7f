/**
 * Assistant → Create / Update against hosts of either API generation (docs/platform-facts.md,
 * "Assistant body keys of the two generations"), and the fields the 2026 docs add.
 */
import { assistantCreateParams, byId, descriptionOf, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const paths = () => t.requests().map((r) => `${r.method} ${r.path}${r.query && Object.keys(r.query).length ? `?${new URLSearchParams(r.query as Record<string, string>)}` : ''} ${r.status}`);

describe('Assistant → Create on hosts of either generation', () => {
	it('reference host: one request in the reference keys, no lookups', async () => {
		expectOk(await t.run(assistantCreateParams(), { items: [{}, {}] }));
		expect(paths()).toEqual(['POST /api/user/assistant 201', 'POST /api/user/assistant 201']);
	});

	it('2026 host: one refused request, the IDs read once, then every item in the 2026 keys', async () => {
		t.sb.setGeneration('2026', t.sb.users.alice);
		const result = await t.run(assistantCreateParams({ name: '={{ $json.name }}' }), { items: [{ name: 'One' }, { name: 'Two' }, { name: 'Three' }] });
		expect(jsonOf(expectOk(result)).map((item) => item.name)).toEqual(['One', 'Two', 'Three']);
		expect(paths()).toEqual([
			'POST /api/user/assistant 422',
			'GET /api/user/assistants/languages 200',
			'GET /api/user/assistants/models 200',
			'POST /api/user/assistant 201',
			'POST /api/user/assistant 201',
			'POST /api/user/assistant 201',
		]);
		const german = t.sb.store.languages.find((l) => l.name === 'German')!;
		const model = t.sb.store.models.find((m) => m.name === 'gpt-4o')!;
		expect(t.requests()[3].body).toEqual({
			name: 'One',
			type: 'outbound',
			mode: 'pipeline',
			voice_id: 1,
			language_id: german.id,
			llm_model_id: model.id,
			timezone: 'Europe/Berlin',
			initial_message: 'Hallo!',
			system_prompt: 'You are helpful.',
		});
		const stored = t.sb.store.assistants.find((a) => a.name === 'Two')!;
		expect(stored).toMatchObject({ type: 'outbound', mode: 'pipeline', language_id: german.id, llm_model_id: model.id });
	});

	it('2026 host: a dualplex assistant takes its model from ?type=dualplex, sent as multimodal_model_id', async () => {
		t.sb.setGeneration('2026', t.sb.users.alice);
		const [item] = jsonOf(expectOk(await t.run(assistantCreateParams({ engineType: 'dualplex', llmModel: 'GPT-4o Realtime (dualplex)', voiceId: 4 }))));
		expect(item).toMatchObject({ mode: 'dualplex' });
		expect(paths()).toContain('GET /api/user/assistants/models?type=dualplex 200');
		expect(t.requests().at(-1)!.body).toMatchObject({ mode: 'dualplex', multimodal_model_id: 201 });
	});

	it('reference host: dualplex is refused by the host, naming the engine type, and nothing else is sent', async () => {
		const result = await t.run(assistantCreateParams({ engineType: 'dualplex' }));
		expect(result.error?.message).toBe('Validation failed: engine_type');
		expect(descriptionOf(result)).toMatch(/The selected engine type is invalid/);
		expect(paths()).toEqual(['POST /api/user/assistant 422']);
	});

	it('2026 host: a language the host does not list fails naming the field, and nothing is created', async () => {
		t.sb.setGeneration('2026', t.sb.users.alice);
		const before = t.sb.store.assistants.length;
		const result = await t.run(assistantCreateParams({ language: 'Klingon' }));
		expect(result.error?.message).toMatch(/^Language "Klingon" is not in this host's list/);
		expect(t.sb.store.assistants.length).toBe(before);
	});
});

describe('Assistant → Update on hosts of either generation: one request in both keys', () => {
	it.each(['reference', '2026'] as const)('%s host: a new name, language and direction are stored', async (generation) => {
		t.sb.setGeneration(generation, t.sb.users.alice);
		const params = { resource: 'assistant', operation: 'update', assistantId: byId(1), updateFields: { name: 'Renamed', language: 'French', callsDirection: 'receive' } };
		expectOk(await t.run(params));
		const french = t.sb.store.languages.find((l) => l.name === 'French')!;
		expect(paths()).toEqual(['GET /api/user/assistants/languages 200', 'PUT /api/user/assistant/1 200']);
		expect(t.requests()[1].body).toEqual({ assistant_name: 'Renamed', name: 'Renamed', language: 'French', language_id: french.id, calls_direction: 'receive', type: 'inbound' });
		expect(t.sb.store.assistantOf(t.sb.users.alice, 1)).toMatchObject({ name: 'Renamed', language_id: french.id, type: 'inbound' });
	});

	it('a change that both generations spell alike is sent as it is, with no lookup', async () => {
		expectOk(await t.run({ resource: 'assistant', operation: 'update', assistantId: byId(1), updateFields: { recordCall: true } }));
		expect(paths()).toEqual(['PUT /api/user/assistant/1 200']);
	});
});

describe('the fields the 2026 docs add', () => {
	it('are sent under their keys on create and stored by a 2026 host', async () => {
		t.sb.setGeneration('2026', t.sb.users.alice);
		const additionalFields = {
			ringingTime: 45,
			turnDetectionThreshold: 0.7,
			ambientSound: 'cafe',
			knowledgeBaseMode: 'function_call',
			secondaryLanguageIds: [2, 3],
			synthesizerProviderId: 1,
			voiceMailMessage: 'Please call back.',
			builtInTools: '[{"type": "end_call", "description": "when done"}]',
			conversationInactivityTimeout: 60,
		};
		const [item] = jsonOf(expectOk(await t.run(assistantCreateParams({ additionalFields }))));
		expect(t.requests().at(-1)!.body).toMatchObject({
			ringing_time: 45,
			turn_detection_threshold: 0.7,
			ambient_sound: 'cafe',
			knowledgebase_mode: 'function_call',
			secondary_language_ids: [2, 3],
			synthesizer_provider_id: 1,
			voice_mail_message: 'Please call back.',
			tools: [{ type: 'end_call', description: 'when done' }],
			conversation_inactivity_timeout: 60,
		});
		const stored = t.sb.store.assistants.find((a) => a.id === item.id)!;
		expect(stored).toMatchObject({ ambient_sound: 'cafe', synthesizer_provider_id: 1, tools: [{ type: 'end_call', description: 'when done' }] });
		expect(stored.extras).toMatchObject({ ringing_time: 45, secondary_language_ids: [2, 3], conversation_inactivity_timeout: 60 });
	});

	it('are checked before anything is sent, naming the field and the item', async () => {
		const cases: Array<[Record<string, unknown>, RegExp]> = [
			[{ ringingTime: 61 }, /^Ringing Time \(Seconds\) must be between 1 and 60/],
			[{ builtInTools: '[{"type": "teleport"}]' }, /^Built-In Tools \(JSON\) entry 1 needs a "type" of call_transfer/],
			[{ builtInTools: '{oops' }, /^Built-In Tools \(JSON\) is not valid JSON/],
			[{ secondaryLanguageIds: '2, x' }, /^Secondary Language/],
		];
		for (const [additionalFields, message] of cases) {
			const result = await t.run(assistantCreateParams({ additionalFields }));
			expect(result.error?.message).toMatch(message);
			expect(result.error?.message).toMatch(/\[item 0\]/);
		}
		expect(t.requests()).toHaveLength(0);
	});

	it('Update: Remove From Folder and Detach Knowledge Base send null', async () => {
		expectOk(await t.run({ resource: 'assistant', operation: 'update', assistantId: byId(1), updateFields: { removeFolder: true, detachKnowledgeBase: true } }));
		expect(t.requests()[0].body).toEqual({ folder_id: null, knowledgebase_id: null });
	});
});
