/** The seeded history (past calls and SMS), before SEED_BASE; deterministic from the seed's generator. */
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
import { hex, intBetween, pick, type Rng } from './prng';
import type { Assistant, Call, Campaign, PhoneNumber, SmsRecord } from './records';
import { segmentInfo, segmentPrice, round } from './sms';

import { DAY, HOUR, SEED_BASE } from './time';

export { DAY, HOUR, SEED_BASE };

const NAMES = ['Jonas', 'Lea', 'Paul', 'Mia', 'Tim', 'Nina', 'Ben', 'Clara', 'Felix', 'Emma', 'Lukas', 'Hanna'];

export function seededCalls(rng: Rng, all: Assistant[], camps: Campaign[], phones: PhoneNumber[], origin: string): Call[] {
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

export function seededSms(rng: Rng): SmsRecord[] {
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
