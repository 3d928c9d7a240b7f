/**
 * The lists the 2026 docs add for assistants of the `pipeline` and `dualplex` engines: voice
 * (synthesizer) and transcriber providers, and the speech-to-speech models of the multimodal and
 * dualplex engines (GET /user/assistants/models?type=). Fixed catalogues, the same for every account.
 */
export interface Provider {
	id: number;
	name: string;
	code: string;
	/** languages it serves (ids of the seeded languages); empty: all */
	languageIds: number[];
}

export const SYNTHESIZER_PROVIDERS: Provider[] = [
	{ id: 1, name: 'ElevenLabs', code: 'elevenlabs', languageIds: [] },
	{ id: 2, name: 'Azure', code: 'azure', languageIds: [] },
	{ id: 3, name: 'Cartesia', code: 'cartesia', languageIds: [1, 2, 3] },
];

export const TRANSCRIBER_PROVIDERS: Provider[] = [
	{ id: 1, name: 'Deepgram', code: 'deepgram', languageIds: [] },
	{ id: 2, name: 'Azure', code: 'azure', languageIds: [] },
	{ id: 3, name: 'Gladia', code: 'gladia', languageIds: [1, 2] },
];

/** type=multimodal and type=dualplex answer {id, name, code}; type=llm (the default) the LLM list. */
export const SPEECH_MODELS: Record<'multimodal' | 'dualplex', Array<{ id: number; name: string; code: string }>> = {
	multimodal: [
		{ id: 101, name: 'GPT-4o Realtime', code: 'gpt-4o-realtime' },
		{ id: 102, name: 'Gemini Live', code: 'gemini-live' },
	],
	dualplex: [{ id: 201, name: 'GPT-4o Realtime (dualplex)', code: 'gpt-4o-realtime-dualplex' }],
};

export function providersFor(list: Provider[], languageId: number | undefined): Array<{ id: number; name: string; code: string }> {
	return list
		.filter((p) => languageId === undefined || p.languageIds.length === 0 || p.languageIds.includes(languageId))
		.map(({ id, name, code }) => ({ id, name, code }));
}
