/**
 * Deterministic demo data. Everything derives from the seed (mulberry32) and a fixed base date, so two
 * sandboxes started with the same seed hold the same records. Users: alice (rich account), bob (a second
 * tenant for isolation checks), carol (zero balance: exercises the insufficient-balance paths).
 */
import {
	answeredBy,
	answered,
	costsFor,
	durationFor,
	evaluationFor,
	extractedVariables,
	finalStatus,
	formatTranscript,
	outcomeFor,
	transcriptFor,
	type Outcome,
} from './conversation';
import { assistantWithDefaults } from './defaults';
import { regionOf } from './numberInventory';
import { createRng, hex, intBetween, pick, uuid, type Rng } from './prng';
import type { Assistant, Call, Campaign, Lead, PhoneNumber, SmsRecord, User, Voice } from './records';
import { segmentInfo, segmentPrice, round } from './sms';
import type { SeedData } from './store';

/** 2025-06-02 09:00:00 UTC: seeded history lies before this instant. */
export const SEED_BASE = Date.UTC(2025, 5, 2, 9, 0, 0);
const DAY = 86_400_000;
const HOUR = 3_600_000;

export const TOKENS = {
	alice: 'demo-token-alice',
	bob: 'demo-token-bob',
	carol: 'demo-token-carol',
	aliceReadOnly: 'demo-token-alice-readonly',
} as const;
export const USER_IDS = { alice: 1, bob: 2, carol: 3 } as const;

function users(): User[] {
	return [
		{ id: 1, name: 'Alice Example', email: 'alice@example.com', token: TOKENS.alice, readOnlyTokens: [TOKENS.aliceReadOnly], balance: 250 },
		{ id: 2, name: 'Bob Example', email: 'bob@example.com', token: TOKENS.bob, readOnlyTokens: [], balance: 80 },
		{ id: 3, name: 'Carol Example', email: 'carol@example.com', token: TOKENS.carol, readOnlyTokens: [], balance: 0 },
	];
}

function phoneNumbers(): PhoneNumber[] {
	const n = (
		id: number,
		user_id: number,
		phone_number: string,
		country_code: string,
		type_label: PhoneNumber['type_label'],
		sms_capable: boolean,
		subscription_expires_at: number | null = null,
	): PhoneNumber => ({ id, user_id, phone_number, country_code, type_label, sms_capable, subscription_expires_at, region: regionOf(country_code), created_at: SEED_BASE - (120 - id) * DAY });
	return [
		n(1, 1, '+4915792345601', 'DE', 'Normal', true),
		n(2, 1, '+493022334455', 'DE', 'Normal', false),
		n(3, 1, '+498912345670', 'DE', 'SIP', false),
		n(4, 1, '+4915792345604', 'DE', 'Caller ID', false),
		n(5, 1, '+4915792345605', 'DE', 'Normal', true, SEED_BASE - 30 * DAY),
		n(6, 1, '+14155552671', 'US', 'Normal', true),
		n(7, 1, '+41446681800', 'CH', 'SIP', false),
		n(8, 2, '+4369912345678', 'AT', 'Normal', true),
		n(9, 2, '+41446681801', 'CH', 'SIP', false),
		n(10, 2, '+4369912345610', 'AT', 'Caller ID', false),
		n(11, 3, '+4915792345611', 'DE', 'Normal', true),
	];
}

function voices(): Voice[] {
	const v = (id: number, name: string, mode: Voice['mode'], user_id: number | null = null): Voice => ({ id, name, mode, user_id });
	return [
		v(1, 'Anna (German, warm)', 'pipeline'),
		v(2, 'Lukas (German, calm)', 'pipeline'),
		v(3, 'Sophie (English, bright)', 'pipeline'),
		v(4, 'James (English, deep)', 'pipeline'),
		v(5, 'Alloy', 'multimodal'),
		v(6, 'Echo', 'multimodal'),
		v(7, 'Shimmer', 'multimodal'),
		v(8, 'Sage', 'multimodal'),
		v(9, "Alice's cloned voice", 'pipeline', 1),
		v(10, "Bob's cloned voice", 'multimodal', 2),
	];
}

const LANGUAGES = [
	['English', 'en'],
	['German', 'de'],
	['Spanish', 'es'],
	['French', 'fr'],
	['Italian', 'it'],
	['Dutch', 'nl'],
	['Portuguese', 'pt'],
	['Polish', 'pl'],
	['Turkish', 'tr'],
] as const;

const MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1', 'gpt-4.1-mini', 'claude-3-5-sonnet', 'gemini-2.0-flash', 'llama-3.3-70b'];

function assistants(rng: Rng): Assistant[] {
	const base = (
		id: number,
		user_id: number,
		name: string,
		type: Assistant['type'],
		mode: Assistant['mode'],
		extra: Partial<Assistant> = {},
	) =>
		assistantWithDefaults({
			id,
			uuid: uuid(rng),
			user_id,
			name,
			type,
			mode,
			voice_id: mode === 'multimodal' ? 5 : 1,
			language_id: 2,
			language: 'German',
			llm_model_id: 1,
			timezone: 'Europe/Berlin',
			initial_message: `Hallo, hier ist ${name}. Wie kann ich helfen?`,
			system_prompt: `You are "${name}", a friendly and concise phone assistant.`,
			created_at: SEED_BASE - (60 - id) * DAY,
			...extra,
		});
	const list: Assistant[] = [
		base(1, 1, 'Sales Outreach', 'outbound', 'pipeline', {
			phone_number_id: 1,
			record: true,
			post_call_evaluation: true,
			post_call_schema: [
				{ name: 'customer_name', type: 'string', description: 'Full name of the customer' },
				{ name: 'appointment_date', type: 'string', description: 'Agreed appointment' },
				{ name: 'interested', type: 'bool', description: 'Whether the customer is interested' },
			],
			variables: { company: 'Acme GmbH', product: 'Solar panels' },
			initial_message: 'Hallo, hier ist Anna von Acme. Haben Sie kurz Zeit?',
			tools: [{ type: 'end_call', description: 'End the call when the customer says goodbye.' }],
		}),
		base(2, 1, 'Reception', 'inbound', 'pipeline', { phone_number_id: 2, wait_for_customer: true, voice_id: 2 }),
		base(3, 1, 'Appointment Reminder', 'outbound', 'multimodal', {
			phone_number_id: 4,
			language_id: 1,
			language: 'English',
			llm_model_id: 2,
			timezone: 'Europe/London',
			initial_message: 'Hi, this is a quick reminder about your appointment tomorrow.',
		}),
		base(4, 1, 'Survey Bot (old)', 'outbound', 'pipeline', { status: 'inactive', voice_id: 9 }),
		base(5, 1, 'Support Hotline', 'inbound', 'multimodal', { voice_id: 6, language_id: 1, language: 'English' }),
	];
	for (let i = 1; i <= 7; i++) {
		list.push(base(5 + i, 1, `Lead Qualifier ${i}`, i % 3 === 0 ? 'inbound' : 'outbound', i % 2 ? 'pipeline' : 'multimodal'));
	}
	list.push(
		base(13, 2, "Bob's Dialer", 'outbound', 'pipeline', { phone_number_id: 8, voice_id: 3, language_id: 1, language: 'English', timezone: 'Europe/Vienna' }),
		base(14, 2, "Bob's Front Desk", 'inbound', 'multimodal', { phone_number_id: 9, voice_id: 10, timezone: 'Europe/Zurich' }),
		base(15, 3, "Carol's Caller", 'outbound', 'pipeline', { phone_number_id: 11 }),
	);
	return list;
}

function campaigns(): Campaign[] {
	const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
	const c = (id: number, user_id: number, assistant_id: number, name: string, status: string, extra: Partial<Campaign> = {}): Campaign => ({
		id,
		user_id,
		assistant_id,
		name,
		status,
		max_calls_in_parallel: 2,
		mark_complete_when_no_leads: false,
		allowed_hours_start_time: '09:00:00',
		allowed_hours_end_time: '18:00:00',
		allowed_days: weekdays,
		max_retries: 2,
		retry_interval: 300,
		created_at: SEED_BASE - (40 - id) * DAY,
		updated_at: SEED_BASE - (40 - id) * DAY + HOUR,
		...extra,
	});
	return [
		c(1, 1, 1, 'Spring Promotion', 'draft', { mark_complete_when_no_leads: true }),
		c(2, 1, 3, 'Customer Feedback Q2', 'stopped', { max_calls_in_parallel: 5, allowed_days: [...weekdays, 'saturday'] }),
		c(3, 1, 1, 'Winback 2024', 'completed', { max_retries: 3, retry_interval: 600 }),
		c(4, 1, 1, 'Webinar Follow-up', 'draft', { allowed_hours_start_time: '10:00:00', allowed_hours_end_time: '16:30:00' }),
		c(5, 2, 13, 'Bob Renewals', 'draft', { max_calls_in_parallel: 1 }),
		c(6, 3, 15, 'Carol Launch', 'draft'),
	];
}

function leads(): Lead[] {
	let contactId = 1;
	const l = (
		id: number,
		user_id: number,
		campaign_id: number,
		phone_number: string,
		variables: Record<string, unknown>,
		status = 'created',
		secondary: Array<[string, Record<string, unknown>]> = [],
	): Lead => {
		const created_at = SEED_BASE - (20 - id) * DAY;
		return {
			id,
			user_id,
			campaign_id,
			phone_number,
			variables,
			status,
			attempts: status === 'created' ? 0 : 1,
			secondary_contacts: secondary.map(([phone, vars]) => ({
				id: contactId++,
				phone_number: phone,
				variables: vars,
				status: 'created',
				created_at,
				updated_at: created_at,
			})),
			created_at,
			updated_at: created_at + HOUR,
		};
	};
	return [
		l(1, 1, 1, '+4917612345670', { customer_name: 'Jonas Weber', email: 'jonas.weber@example.com' }, 'created', [
			['+4917612345671', { relation: 'office' }],
		]),
		l(2, 1, 1, '+4917612345681', { customer_name: 'Lea Schmidt' }),
		l(3, 1, 1, '+4917612345687', { customer_name: 'Paul Fischer', email: 'paul@example.com' }, 'created', [
			['+493012345672', { relation: 'home' }],
			['+4917612345673', { relation: 'partner', customer_name: 'Eva Fischer' }],
		]),
		l(4, 1, 1, '+4917612345692', { customer_name: 'Mia Wagner' }),
		l(5, 1, 2, '+4915112345670', { customer_name: 'Tim Becker' }, 'completed'),
		l(6, 1, 2, '+4915112345678', { customer_name: 'Nina Hoffmann' }, 'reached-max-retries'),
		l(7, 1, 2, '+4915112345674', { customer_name: 'Ben Koch' }),
		l(8, 1, 3, '+4916012345671', { customer_name: 'Clara Richter' }, 'completed'),
		l(9, 1, 3, '+4916012345672', { customer_name: 'Felix Klein' }, 'completed'),
		l(10, 2, 5, '+4369912345601', { customer_name: 'Anton Gruber' }, 'created', [['+4369912345602', { relation: 'office' }]]),
		l(11, 2, 5, '+4369912345603', { customer_name: 'Sarah Huber' }),
		l(12, 3, 6, '+4915792345699', { customer_name: 'Carol Test Lead' }),
	];
}

const NAMES = ['Jonas', 'Lea', 'Paul', 'Mia', 'Tim', 'Nina', 'Ben', 'Clara', 'Felix', 'Emma', 'Lukas', 'Hanna'];

function calls(rng: Rng, all: Assistant[], camps: Campaign[], phones: PhoneNumber[], origin: string): Call[] {
	const out: Call[] = [];
	let id = 1;
	const make = (userId: number, count: number, start: number) => {
		const mine = all.filter((a) => a.user_id === userId && a.status === 'active');
		let t = start;
		for (let i = 0; i < count; i++) {
			t -= intBetween(rng, 3, 30) * HOUR + intBetween(rng, 0, 59) * 60_000;
			const assistant = pick(rng, mine);
			const inbound = assistant.type === 'inbound';
			const type: Call['type'] = inbound ? (rng() < 0.3 ? 'web' : 'inbound') : 'outbound';
			// Inbound callers always get through; outbound outcomes follow the documented last-digit rule.
			const lastDigit = inbound ? intBetween(rng, 0, 5) : intBetween(rng, 0, 9);
			const client = `+49176${String(intBetween(rng, 1000000, 9999999))}${lastDigit}`;
			const outcome: Outcome = outcomeFor(client);
			const duration = durationFor(outcome, client, assistant);
			const inputVariables = type === 'outbound' ? { customer_name: pick(rng, NAMES) } : {};
			const items = transcriptFor(outcome, assistant, inputVariables, t, duration);
			const campaign = !inbound && i % 4 === 0 ? camps.find((c) => c.user_id === userId && c.assistant_id === assistant.id) : undefined;
			let status = finalStatus(outcome, assistant);
			if (type === 'web' && status === 'completed') status = 'ended';
			const finished = t + (duration + 20) * 1000;
			out.push({
				id: id++,
				user_id: userId,
				assistant_id: assistant.id,
				campaign_id: campaign?.id ?? null,
				lead_id: null,
				assistant_name: assistant.name,
				campaign_name: campaign?.name ?? null,
				type,
				duration,
				assistant_phone_number: type === 'web' ? null : (phones.find((p) => p.id === assistant.phone_number_id)?.phone_number ?? null),
				client_phone_number: client,
				status,
				transcript: formatTranscript(items),
				transcript_items: items,
				variables: extractedVariables(outcome, assistant, inputVariables),
				input_variables: inputVariables,
				evaluation: evaluationFor(outcome, assistant),
				webhook_response: null,
				inbound_webhook_response: null,
				...costsFor(duration),
				answered_by: answeredBy(outcome),
				recording_url: assistant.record && answered(outcome) ? `${origin}/recordings/${hex(rng, 24)}.mp3` : null,
				created_at: t,
				updated_at: finished,
				finished_at: finished,
			});
		}
	};
	make(1, 40, SEED_BASE);
	make(2, 6, SEED_BASE - 2 * HOUR);
	// Ids ascend with time like a real table.
	out.sort((a, b) => a.created_at - b.created_at);
	out.forEach((call, i) => (call.id = i + 1));
	return out;
}

function sms(rng: Rng): SmsRecord[] {
	const bodies = [
		['+4917612345670', 'Hallo Jonas, Ihr Termin am Dienstag um 15 Uhr ist bestätigt.'],
		['+4917612345681', 'Reminder: your appointment is tomorrow at 10:00. Reply STOP to opt out.'],
		['+14155550199', 'Thanks for your call! 👋 Here is the link we talked about: https://example.com/offer'],
	] as const;
	return bodies.map(([to, body], i) => {
		const { segments } = segmentInfo(body);
		const price = segmentPrice(to.startsWith('+1') ? 'US' : 'DE');
		const at = SEED_BASE - (5 - i) * DAY;
		return {
			id: i + 1,
			phone_number_id: i === 2 ? 6 : 1,
			to,
			body,
			user_id: 1,
			segments,
			segment_price: price,
			total_cost: round(price * segments),
			status: 'sent',
			sms_sid: `SM${hex(rng, 32)}`,
			created_at: at,
			updated_at: at,
		};
	});
}

export function buildSeed(seed: number, origin: string): SeedData {
	const rng = createRng(seed);
	const phones = phoneNumbers();
	const assistantList = assistants(rng);
	const campaignList = campaigns();
	return {
		users: users(),
		phoneNumbers: phones,
		voices: voices(),
		languages: LANGUAGES.map(([name, iso_2], i) => ({ id: i + 1, name, iso_2 })),
		models: MODELS.map((name, i) => ({ id: i + 1, name })),
		assistants: assistantList,
		campaigns: campaignList,
		leads: leads(),
		calls: calls(rng, assistantList, campaignList, phones, origin),
		sms: sms(rng),
	};
}
