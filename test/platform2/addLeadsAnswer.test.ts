/**
 * How Add Leads reads the answer to a bulk request, as the API reference states it: `data` is the array
 * of created lead records (a Do-Not-Call number created with status `do_not_call`), `meta` counts
 * created, dnc_flagged and invalid. Records are matched back to the leads sent by their phone in E.164;
 * a lead without a record is invalid when `meta.invalid` agrees, else unknown — never a guess.
 */
import { leadMessage, leadShares } from '../../nodes/VoiceAssistant/actions/platform2/everyday/addLeadsAnswer';

const sent = ['+4915120000001', '+4915120000002', '+4915120000003'].map((phone) => ({ phone }));

it('created records matched by phone, whatever their order; do_not_call is flagged; the lead without a record is invalid, said in words', () => {
	const answer = {
		data: [
			{ id: 'b', phone: '+4915120000002', status: 'do_not_call' },
			{ id: 'a', phone: '+49 151 20000001', status: 'pending' },
		],
		meta: { created: 2, dnc_flagged: 1, invalid: 1 },
	};
	const shares = leadShares(answer, sent);
	expect(shares.map((share) => [share.status, share.lead_id])).toEqual([
		['created', 'a'],
		['dnc_flagged', 'b'],
		['invalid', undefined],
	]);
	expect(shares[0].lead).toEqual(answer.data[1]);
	expect(leadMessage(shares[0], '+4915120000001')).toBe('Added to the campaign as lead a (lead 1 of 3 in its request)');
	expect(leadMessage(shares[1], '+4915120000002')).toMatch(/^Added, but with status "do_not_call": \+4915120000002 is on the workspace's Do-Not-Call list, so the campaign will not call it/);
	expect(leadMessage(shares[2], '+4915120000003')).toMatch(
		/^Not added: the platform created no lead for \+4915120000003 \(the answer counts 2 created, 1 flagged do-not-call, 1 invalid in this request\)\. The API reference names the reasons: .*a contact with the same phone number or e-mail already in the workspace/,
	);
	expect(leadMessage(shares[2], '+4915120000003')).not.toContain('Refused by the platform');
});

it('the same number twice in one request: the record goes to the lead whose name agrees, the other is invalid and says which lead was added', () => {
	const twins = [{ phone: '+4915120000001', name: 'Ada' }, { phone: '+4915120000001', name: 'Grace' }];
	const byName = leadShares({ data: [{ id: 'g', phone: '+4915120000001', name: 'Grace' }], meta: { created: 1, dnc_flagged: 0, invalid: 1 } }, twins);
	expect(byName.map((share) => share.status)).toEqual(['invalid', 'created']);
	expect(leadMessage(byName[0], '+4915120000001')).toMatch(/^Not added: lead 2 of the same request has the same number \+4915120000001 and was added/);
	// no name to tell them apart: the first in input order
	const first = leadShares({ data: [{ id: 'x', phone: '+4915120000001' }], meta: { created: 1, dnc_flagged: 0, invalid: 1 } }, twins);
	expect(first.map((share) => share.status)).toEqual(['created', 'invalid']);
});

it('counts that disagree with the records, or records that cannot be matched: unknown, with the counts, never a guess', () => {
	const disagree = leadShares({ data: [{ id: 'a', phone: '+4915120000001' }], meta: { created: 1, dnc_flagged: 0, invalid: 1 } }, sent);
	expect(disagree.map((share) => share.status)).toEqual(['created', 'unknown', 'unknown']);
	expect(leadMessage(disagree[1], '+4915120000002')).toMatch(/^Unknown whether this lead was added: the answer counts 1 invalid, but 2 leads of the request have no created record/);
	const foreign = leadShares({ data: [{ id: 'z', phone: '+4915129999999' }], meta: { created: 1, dnc_flagged: 0, invalid: 2 } }, sent);
	const noPhone = leadShares({ data: [{ id: 'z' }], meta: { created: 1 } }, sent);
	for (const shares of [foreign, noPhone]) expect(shares.map((share) => share.status)).toEqual(['unknown', 'unknown', 'unknown']);
	expect(leadShares(null, sent)[0]).toMatchObject({ status: 'unknown', request: { leads: 3, position: 0 } });
});

it('no records at all: only counts that leave no doubt decide; an empty data list means none was created', () => {
	expect(leadShares({ meta: { created: 3, dnc_flagged: 0, invalid: 0 } }, sent).map((share) => share.status)).toEqual(['created', 'created', 'created']);
	expect(leadShares({ meta: { created: 3, dnc_flagged: 3, invalid: 0 } }, sent)[0].status).toBe('dnc_flagged');
	expect(leadShares({ meta: { created: 2, dnc_flagged: 0, invalid: 1 } }, sent)[0].status).toBe('unknown');
	expect(leadShares({ data: [], meta: { created: 0, dnc_flagged: 0, invalid: 3 } }, sent).map((share) => share.status)).toEqual(['invalid', 'invalid', 'invalid']);
	// one lead sent as a list, the record answered alone: matched the same way
	expect(leadShares({ data: { id: 'a', phone: '+4915120000001', status: 'pending' } }, sent.slice(0, 1))[0]).toMatchObject({ status: 'created', lead_id: 'a' });
});
