/**
 * The platform's limits, in one place: the reference's Limits table plus the documented rate limits.
 * Field definitions (min/max in the UI) and the pre-send validation both read from here, so the
 * editor and the checks can never disagree.
 */

export interface NumericRange {
	min: number;
	max: number;
	integer: boolean;
	/** shown in messages, e.g. "seconds" */
	unit?: string;
}

/** Numeric assistant fields (request names) and their allowed ranges. */
export const ASSISTANT_RANGES: Record<string, NumericRange> = {
	endpoint_sensitivity: { min: 0, max: 5, integer: false },
	interrupt_sensitivity: { min: 0, max: 5, integer: false },
	ambient_sound_volume: { min: 0, max: 1, integer: false },
	llm_temperature: { min: 0, max: 1, integer: false },
	voice_stability: { min: 0, max: 1, integer: false },
	voice_similarity: { min: 0, max: 1, integer: false },
	speech_speed: { min: 0.7, max: 1.2, integer: false },
	min_interrupt_words: { min: 0, max: 10, integer: true },
	re_engagement_interval: { min: 7, max: 600, integer: true, unit: 'seconds' },
	max_call_duration: { min: 20, max: 1200, integer: true, unit: 'seconds' },
	max_silence_duration: { min: 1, max: 120, integer: true, unit: 'seconds' },
	// 2026 docs
	turn_detection_threshold: { min: 0, max: 1, integer: false },
	ringing_time: { min: 1, max: 60, integer: true, unit: 'seconds' },
	max_initial_silence_duration: { min: 1, max: 120, integer: true, unit: 'seconds' },
	conversation_inactivity_timeout: { min: 1, max: 1440, integer: true, unit: 'minutes' },
};

/** Maximum string lengths (request names). */
export const MAX_LENGTH = {
	assistant_name: 255,
	language: 100,
	llm_model: 100,
	'end_call_tool.description': 500,
	reengagement_prompt: 1000,
	voice_mail_message: 1000,
	smsBody: 300,
} as const;

export const PAGE_SIZE = {
	assistants: { min: 1, max: 100, default: 10 },
	calls: { min: 1, max: 100, default: 15 },
	conversations: { min: 1, max: 100, default: 15 },
	/** 2026 docs (hosts of the reference's generation send every lead at once) */
	leads: { min: 1, max: 100, default: 15 },
	/** folders and labels (GET /user/folders, /user/labels) */
	groups: { min: 1, max: 100, default: 15 },
} as const;

/** SMS billing: characters per segment (GSM-7 text vs text needing Unicode). */
export const SMS_SEGMENT_CHARS = { gsm7: 160, unicode: 70 } as const;

/** Documented per-token rate limits (docs/platform-facts.md, "Rate limits and headers"). */
export const RATE_LIMIT = {
	perMinute: 100,
	burst: 20,
	burstWindowSeconds: 10,
} as const;

export const CALL_STATES = [
	'initiated',
	'ringing',
	'busy',
	'in-progress',
	'ended',
	'completed',
	'ended_by_customer',
	'ended_by_assistant',
	'no-answer',
	'failed',
] as const;

export const LEAD_STATES = ['created', 'completed', 'reached-max-retries'] as const;

/** The states the 2026 docs list for leads (a filter of Get Many; the reference's three are among them). */
export const LEAD_LIST_STATES = ['created', 'scheduled', 'processing', 'completed', 'rescheduled', 'reached-max-retries', 'blacklisted'] as const;

export const CALL_TYPES = ['inbound', 'outbound', 'web'] as const;

export const POST_CALL_SCHEMA_TYPES = ['string', 'number', 'bool'] as const;

/** post_call_schema item names: alphanumerics and underscores only. */
export const POST_CALL_SCHEMA_NAME = /^[A-Za-z0-9_]+$/;

/** Days a campaign may call on, as the platform spells them. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/**
 * Campaign numbers. The platform documents no ranges for them; these are what makes sense (no
 * negative retries, at least one call at a time, an interval of at least a minute), and it checks again.
 */
export const CAMPAIGN_RANGES = {
	max_calls_in_parallel: { min: 1, max: 1000, integer: true },
	max_retries: { min: 0, max: 100, integer: true },
	retry_interval: { min: 1, max: 525_600, integer: true, unit: 'minutes' },
} satisfies Record<string, NumericRange>;

/** Mid-call tools (docs/platform-facts.md, "Mid-call tools"). */
export const TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const TOOL_PARAMETER_TYPES = ['string', 'number', 'boolean'] as const;
/** A tool's name: lowercase letters and underscores, starting with a letter. */
export const TOOL_NAME = /^[a-z][a-z_]*$/;
/** A tool parameter's name: 2 to 32 letters or underscores, starting with a letter. */
export const TOOL_PARAMETER_NAME = /^[A-Za-z][A-Za-z_]{1,31}$/;
export const TOOL_RANGES = {
	timeout: { min: 1, max: 30, integer: true, unit: 'seconds' },
} satisfies Record<string, NumericRange>;
export const TOOL_TEXT = { description: 255, parameterDescription: { min: 3, max: 255 } } as const;

/** Folder and label colours (docs/platform-facts.md, "Folders and labels"); names are at most 255 characters. */
export const GROUP_COLORS = ['gray', 'slate', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'purple', 'pink'] as const;
export const GROUP_NAME_MAX = 255;
