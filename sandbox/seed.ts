/**
 * Deterministic demo data. Everything derives from the seed (mulberry32) and a fixed base date, so two
 * sandboxes started with the same seed hold the same records. Users: alice (rich account), bob (a second
 * tenant for isolation checks), carol (zero balance: exercises the insufficient-balance paths).
 */
import { assistantWithDefaults } from './defaults';
import { regionOf } from './numberInventory';
import { createRng, uuid, type Rng } from './prng';
import type { Assistant, Campaign, Lead, PhoneNumber, User, Voice } from './records';
import { DAY, HOUR, SEED_BASE, seededCalls, seededSms } from './seedHistory';
import type { SeedData } from './store';

export { SEED_BASE };

export const TOKENS = {
	alice: 'demo-token-alice',
	bob: 'demo-token-bob',
	carol: 'demo-token-carol',
	aliceReadOnly: 'demo-token-alice-readonly',
} as const;
export const USER_IDS = { alice: 1, bob: 2, carol: 3 } as const;

function users(): User[] {
	return [
		{ id: 1, name: 'Alice Example', email: 'alice@example.com', token: TOKENS.alice, readOnlyTokens: [TOKENS.aliceReadOnly], balance: 250, generation: 'reference' },
		{ id: 2, name: 'Bob Example', email: 'bob@example.com', token: TOKENS.bob, readOnlyTokens: [], balance: 80, generation: 'reference' },
		{ id: 3, name: 'Carol Example', email: 'carol@example.com', token: TOKENS.carol, readOnlyTokens: [], balance: 0, generation: 'reference' },
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
		calls: seededCalls(rng, assistantList, campaignList, phones, origin),
		sms: seededSms(rng),
	};
}
