/** Public JSON shapes of stored records, exactly as the reference lists them. */
import type { Assistant, Call, Campaign, Lead, PhoneNumber, SmsRecord } from './records';
import type { SandboxStore } from './store';
import { isoMicros, sqlTime } from './time';

export function assistantRecord(assistant: Assistant) {
	const { extras, ...a } = assistant;
	return {
		...a,
		...extras,
		variables: a.variables,
		created_at: isoMicros(a.created_at),
		updated_at: isoMicros(a.updated_at),
		deleted_at: a.deleted_at === null ? null : isoMicros(a.deleted_at),
	};
}

export function outboundAssistantRecord(a: Assistant) {
	return {
		id: a.id,
		user_id: a.user_id,
		name: a.name,
		type: a.type,
		mode: a.mode,
		status: a.status,
		voice_id: a.voice_id,
		language_id: a.language_id,
		timezone: a.timezone,
		initial_message: a.initial_message,
		system_prompt: a.system_prompt,
		variables: a.variables,
		webhook_url: a.webhook_url,
		is_webhook_active: a.is_webhook_active,
		created_at: isoMicros(a.created_at),
		updated_at: isoMicros(a.updated_at),
	};
}

/** The create/update response body's `data`. */
export function assistantSummary(a: Assistant) {
	return { id: a.id, name: a.name, status: a.status, type: a.type, mode: a.mode };
}

export function campaignRecord(c: Campaign) {
	return {
		id: c.id,
		name: c.name,
		status: c.status,
		max_calls_in_parallel: c.max_calls_in_parallel,
		mark_complete_when_no_leads: c.mark_complete_when_no_leads,
		allowed_hours_start_time: c.allowed_hours_start_time,
		allowed_hours_end_time: c.allowed_hours_end_time,
		allowed_days: [...c.allowed_days],
		max_retries: c.max_retries,
		retry_interval: c.retry_interval,
		created_at: isoMicros(c.created_at),
		updated_at: isoMicros(c.updated_at),
	};
}

/** The campaign object inside the post-call payload. */
export function campaignPayload(c: Campaign) {
	const record: Partial<ReturnType<typeof campaignRecord>> = campaignRecord(c);
	delete record.mark_complete_when_no_leads;
	return record;
}

export function leadRecord(l: Lead, store: SandboxStore) {
	const campaign = store.campaigns.find((c) => c.id === l.campaign_id);
	return {
		id: l.id,
		campaign_id: l.campaign_id,
		phone_number: l.phone_number,
		variables: l.variables,
		status: l.status,
		created_at: sqlTime(l.created_at),
		updated_at: sqlTime(l.updated_at),
		campaign: campaign ? { id: campaign.id, name: campaign.name } : null,
		secondary_contacts: l.secondary_contacts.map((s) => ({
			id: s.id,
			phone_number: s.phone_number,
			variables: s.variables,
			status: s.status,
			created_at: sqlTime(s.created_at),
			updated_at: sqlTime(s.updated_at),
		})),
	};
}

/** The lead object inside the post-call payload. */
export function leadPayload(l: Lead) {
	return {
		id: l.id,
		phone_number: l.phone_number,
		variables: l.variables,
		status: l.status,
		created_at: sqlTime(l.created_at),
		updated_at: sqlTime(l.updated_at),
	};
}

/**
 * offsetMs: the server clock's distance from UTC (SandboxOptions.clockOffsetMs). decimalCosts: the
 * 2026 docs' examples write costs as decimal strings ("0.08000000"); the reference as numbers.
 * zone: the account's time zone (User.timeZone), whose clock the times are written on.
 */
export function callRecord(c: Call, offsetMs = 0, decimalCosts = false, zone?: string | null) {
	const cost = (n: number) => (decimalCosts ? n.toFixed(8) : n);
	return {
		id: c.id,
		assistant_name: c.assistant_name,
		campaign_name: c.campaign_name,
		type: c.type,
		duration: c.duration,
		assistant_phone_number: c.assistant_phone_number,
		client_phone_number: c.client_phone_number,
		status: c.status,
		transcript: c.transcript,
		variables: c.variables,
		evaluation: c.evaluation,
		webhook_response: c.webhook_response,
		carrier_cost: cost(c.carrier_cost),
		total_cost: cost(c.total_cost),
		answered_by: c.answered_by,
		recording_url: c.recording_url,
		created_at: sqlTime(c.created_at + offsetMs, zone),
		updated_at: sqlTime(c.updated_at + offsetMs, zone),
	};
}

export function smsRecord(s: SmsRecord) {
	return { ...s, created_at: sqlTime(s.created_at), updated_at: sqlTime(s.updated_at) };
}

export function phoneNumberRecord(p: PhoneNumber, store: SandboxStore) {
	return {
		id: p.id,
		phone_number: p.phone_number,
		country_code: p.country_code,
		type_label: p.type_label,
		is_available: store.isPhoneAvailable(p.id),
	};
}

const NUMBER_TYPES: Record<PhoneNumber['type_label'], string> = { Normal: 'purchased', SIP: 'sip', 'Caller ID': 'caller_id' };

/** A number as GET /user/phone-numbers/all lists it (platform facts). */
export function ownedPhoneNumberRecord(p: PhoneNumber, now: number) {
	return {
		id: p.id,
		phone_number: p.phone_number,
		country_code: p.country_code,
		type: NUMBER_TYPES[p.type_label],
		type_label: p.type_label,
		sms_capable: p.sms_capable,
		region: p.region,
		nickname: p.nickname ?? null,
		has_active_subscription: p.subscription_expires_at === null || p.subscription_expires_at > now,
		created_at: isoMicros(p.created_at),
	};
}

/** POST /user/campaigns answers the campaign with what was set on it. */
export function createdCampaignRecord(c: Campaign) {
	return {
		...campaignRecord(c),
		assistant_id: c.assistant_id,
		timezone: c.timezone ?? null,
		retry_on_voicemail: c.retry_on_voicemail ?? false,
		retry_on_goal_incomplete: c.retry_on_goal_incomplete ?? false,
		goal_completion_variable: c.goal_completion_variable ?? null,
		phone_number_ids: [...(c.phone_number_ids ?? [])],
	};
}
