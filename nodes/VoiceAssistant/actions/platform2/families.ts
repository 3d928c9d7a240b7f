/** The names of the pickers' methods, and which fields take codes from a dropdown rather than records. */
/** The searchable-list method that lists a family's records, e.g. 'searchPlatform2Assistant'. */
export function familySearchMethod(family: string): string {
	return `searchPlatform2${family.charAt(0).toUpperCase()}${family.slice(1)}`;
}

/** The dropdown (loadOptions) method that lists a family's records for a list of IDs, e.g. 'loadPlatform2Tool'. */
export function familyOptionsMethod(family: string): string {
	return `loadPlatform2${family.charAt(0).toUpperCase()}${family.slice(1)}`;
}

/** The dropdowns (loadOptions) of values that are codes, not records: methods/platform2Options.ts. */
export const LANGUAGE_OPTIONS = 'getPlatform2Languages';
export const LLM_MODEL_OPTIONS = 'getPlatform2LlmModels';

/** Fields that take one of those codes (API key → method), in the operations where they mean it. */
export const CODE_DROPDOWNS: Readonly<Record<string, string>> = {
	primary_language: LANGUAGE_OPTIONS,
	secondary_languages: LANGUAGE_OPTIONS,
	stt_language: LANGUAGE_OPTIONS,
	language: LANGUAGE_OPTIONS,
	llm_model: LLM_MODEL_OPTIONS,
};
export const CODE_DROPDOWN_OPERATIONS: ReadonlySet<string> = new Set(['updateAssistant', 'replaceAssistant', 'listVoices']);
