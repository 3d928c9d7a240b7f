/**
 * How Add Leads reads the answer to a bulk request: per-lead rows when they line up with what was sent
 * (the sandbox's reading), else the request's documented counts for every lead and an unknown status,
 * unless the counts leave no doubt.
 */
import { leadMessage, leadShares } from '../../nodes/VoiceAssistant/platform2/everyday/addLeadsAnswer';

const sent = ['+4915120000001', '+4915120000002', '+4915120000003'].map((phone_number) => ({ phone_number }));

it('rows in request order: each lead its own status, id and reason', () => {
	const shares = leadShares(
		{
			data: [
				{ status: 'created', id: 'a', phone_number: '+4915120000001' },
				{ status: 'dnc_flagged', id: 'b', phone_number: '+4915120000002' },
				{ status: 'invalid', phone_number: '+4915120000003', reason: 'not callable' },
			],
			meta: { created: 2, dnc_flagged: 1, invalid: 1 },
		},
		sent,
	);
	expect(shares.map((share) => [share.status, share.lead_id, share.reason])).toEqual([
		['created', 'a', undefined],
		['dnc_flagged', 'b', undefined],
		['invalid', undefined, 'not callable'],
	]);
	expect(leadMessage(shares[2])).toBe('Refused by the platform: not callable (lead 3 of 3 in its request)');
});

it('only counts (or rows that do not line up): every lead gets the counts and says its own status is unknown', () => {
	const countsOnly = leadShares({ data: [], meta: { created: 2, dnc_flagged: 0, invalid: 1 } }, sent);
	const misaligned = leadShares({ data: [{ status: 'created', phone_number: '+4915120000002' }, {}, {}], meta: { created: 2, dnc_flagged: 0, invalid: 1 } }, sent);
	for (const shares of [countsOnly, misaligned]) {
		expect(shares.map((share) => share.status)).toEqual(['unknown', 'unknown', 'unknown']);
		expect(shares[1].request).toEqual({ leads: 3, position: 1, created: 2, dnc_flagged: 0, invalid: 1 });
	}
	expect(leadMessage(countsOnly[0])).toMatch(/only counts for the request this lead was in \(2 created, 0 flagged do-not-call, 1 invalid\); whether this lead was created, flagged or refused is unknown/);
	expect(leadShares(null, sent)[0]).toEqual({ status: 'unknown', request: { leads: 3, position: 0 } });
});

it('counts that leave no doubt decide every lead', () => {
	expect(leadShares({ meta: { created: 3, dnc_flagged: 0, invalid: 0 } }, sent).map((share) => share.status)).toEqual(['created', 'created', 'created']);
	expect(leadShares({ meta: { created: 0, dnc_flagged: 0, invalid: 3 } }, sent)[0].status).toBe('invalid');
	expect(leadShares({ meta: { created: 3, dnc_flagged: 3, invalid: 0 } }, sent)[0].status).toBe('dnc_flagged');
});
