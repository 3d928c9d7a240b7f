/**
 * Stored records. Timestamps are epoch milliseconds; serialize.ts formats them per resource
 * (leads/SMS/calls `YYYY-MM-DD HH:MM:SS`, assistants/campaigns ISO 8601 with microseconds).
 */
import type { Generation } from './variants';

export interface User {
	id: number;
	name: string;
	email: string;
	token: string;
	/** Tokens that may read but not write (403 on writes). */
	readOnlyTokens: string[];
	balance: number;
	/** Which generation of the classic API this account's host speaks (types.ts). */
	generation: Generation;
	/** The account's time zone (IANA): its zone-less times are written on that clock. null/absent: UTC. */
	timeZone?: string | null;
}

export interface PhoneNumber {
	id: number;
	user_id: number;
	phone_number: string;
	country_code: string;
	type_label: 'Normal' | 'SIP' | 'Caller ID';
	sms_capable: boolean;
	/** null = no expiry. */
	subscription_expires_at: number | null;
	/** Where the number is registered (the number list of /user/phone-numbers/all shows it). */
	region: string | null;
	created_at: number;
	/** The owner's name for it (2026 docs; PUT /user/phone-numbers/{id}); absent = none. */
	nickname?: string | null;
	/** A dedicated number released (DELETE /user/phone-numbers/{id}): when that was; it goes at the period's end. */
	release_requested_at?: number;
}

export interface Voice {
	id: number;
	name: string;
	mode: 'pipeline' | 'multimodal';
	/** null = public voice. */
	user_id: number | null;
}

export interface Language {
	id: number;
	name: string;
	iso_2: string;
}

export interface LlmModel {
	id: number;
	name: string;
}

export interface Assistant {
	id: number;
	uuid: string;
	user_id: number;
	name: string;
	type: 'inbound' | 'outbound';
	/** dualplex: 2026 docs, hosts of that generation only */
	mode: 'pipeline' | 'multimodal' | 'dualplex';
	status: 'active' | 'inactive';
	phone_number_id: number | null;
	voice_id: number;
	language_id: number;
	language: string | null;
	llm_model_id: number | null;
	multimodal_model_id: number | null;
	engine_id: number | null;
	synthesizer_id: number | null;
	transcriber_id: number | null;
	instance_id: number | null;
	transcriber_provider_id: number | null;
	synthesizer_provider_id: number | null;
	flows_platform_id: number | null;
	knowledgebase_id: number | null;
	knowledgebase_mode: string;
	variables: Record<string, unknown>;
	post_call_evaluation: boolean;
	post_call_schema: Array<{ name: string; type: 'string' | 'number' | 'bool'; description: string }>;
	tools: Array<Record<string, unknown>>;
	fillers: number;
	filler_config: { neutral: string[]; negative: string[]; positive: string[]; question: string[] };
	is_webhook_active: boolean;
	webhook_url: string | null;
	inbound_webhook_url: string | null;
	/** where ended chat conversations are posted (enable-conversation-ended-webhook); shown in the record */
	conversation_ended_webhook_url?: string | null;
	send_webhook_only_on_completed: boolean;
	include_recording_in_webhook: boolean;
	max_duration: number;
	record: boolean;
	initial_message: string;
	system_prompt: string;
	timezone: string;
	max_silence_duration: number;
	reengagement_interval: number;
	end_call_on_voicemail: number;
	llm_temperature: string;
	voice_stability: string;
	voice_similarity: string;
	speech_speed: string;
	ambient_sound: string;
	ambient_sound_volume: string;
	allow_interruptions: boolean;
	enable_noise_cancellation: boolean;
	endpoint_sensitivity: number;
	interrupt_sensitivity: number;
	endpoint_type: 'vad' | 'ai';
	min_interrupt_words: number;
	wait_for_customer: boolean;
	widget_settings: Record<string, unknown>;
	created_at: number;
	updated_at: number;
	deleted_at: number | null;
	/** fields only the 2026 docs list (knowledge base, tools, folder, …), as the last write gave them */
	extras?: Record<string, unknown>;
}

export interface Campaign {
	id: number;
	user_id: number;
	/** Internal: the assistant that dials the campaign's leads (not in the public record). */
	assistant_id: number | null;
	name: string;
	status: string;
	max_calls_in_parallel: number;
	mark_complete_when_no_leads: boolean;
	allowed_hours_start_time: string;
	allowed_hours_end_time: string;
	allowed_days: string[];
	max_retries: number;
	retry_interval: number;
	/** Set by POST /user/campaigns (seeded campaigns leave them out; the list never shows them). */
	timezone?: string;
	retry_on_voicemail?: boolean;
	retry_on_goal_incomplete?: boolean;
	goal_completion_variable?: string | null;
	phone_number_ids?: number[];
	created_at: number;
	updated_at: number;
}

export interface SecondaryContact {
	id: number;
	phone_number: string;
	variables: Record<string, unknown>;
	status: string;
	created_at: number;
	updated_at: number;
}

export interface Lead {
	id: number;
	user_id: number;
	campaign_id: number;
	phone_number: string;
	variables: Record<string, unknown>;
	status: string;
	secondary_contacts: SecondaryContact[];
	/** Internal: dial attempts made by the campaign simulator. */
	attempts: number;
	created_at: number;
	updated_at: number;
}

export interface TranscriptItem {
	text: string;
	/** 'message'; a mid-call tool's call and answer: 'tool_call', 'tool_result' (midCallTools.ts) */
	type: string;
	/** 'tool': what a mid-call tool answered */
	sender: 'assistant' | 'customer' | 'tool';
	timestamp: string;
}

export interface Call {
	id: number;
	user_id: number;
	assistant_id: number | null;
	campaign_id: number | null;
	lead_id: number | null;
	assistant_name: string;
	campaign_name: string | null;
	type: 'inbound' | 'outbound' | 'web';
	duration: number;
	assistant_phone_number: string | null;
	client_phone_number: string;
	status: string;
	transcript: string;
	transcript_items: TranscriptItem[];
	variables: Record<string, unknown>;
	input_variables: Record<string, unknown>;
	evaluation: Record<string, unknown>;
	webhook_response: WebhookResponse | null;
	inbound_webhook_response: WebhookResponse | null;
	carrier_cost: number;
	total_cost: number;
	answered_by: 'human' | 'machine' | 'unknown';
	recording_url: string | null;
	created_at: number;
	updated_at: number;
	finished_at: number | null;
}

export interface SmsRecord {
	id: number;
	phone_number_id: number;
	to: string;
	body: string;
	user_id: number;
	segments: number;
	segment_price: number;
	total_cost: number;
	status: string;
	sms_sid: string;
	created_at: number;
	updated_at: number;
}

/** Every outgoing webhook POST, for tests and /sandbox/state. */
export interface WebhookDelivery {
	kind: 'post-call' | 'inbound' | 'inbound-before-connect' | 'conversation-ended' | 'read-receipt' | 'tool-call';
	/** the call's id; for 'conversation-ended' and 'read-receipt' 0 (see conversation_id, sender_id) */
	call_id: number;
	conversation_id?: string;
	/** 'read-receipt': the WhatsApp sender, and which attempt (1 = first, then the retries) */
	sender_id?: number;
	attempt?: number;
	assistant_id: number;
	/** 'tool-call': the mid-call tool called (url: the URL requested, payload: the values sent) */
	tool_id?: number;
	url: string;
	payload: unknown;
	response: WebhookResponse;
	at: number;
	/** how long the receiver took to answer (ringing inbound calls, tool calls) */
	ms?: number;
}

/** What a webhook answered: its status (null when it could not be reached), body or error. */
export interface WebhookResponse {
	status: number | null;
	body?: unknown;
	error?: string;
}
