/** The matching rule of docs/wait-for-call.md, on its own. */
import { assignCalls, type MatchEntry } from '../../nodes/VoiceAssistant/actions/classic/call/wait/match';

const call = (id: number, status = 'ringing') => ({ id, status, client_phone_number: '+4917612345670' });
const entry = (seq: number, knownIds: number[] | null, extra: Partial<MatchEntry> = {}): MatchEntry => ({
	seq,
	knownIds: knownIds ? new Set(knownIds) : null,
	pending: false,
	...extra,
});

describe('assignCalls', () => {
	it('takes the call that was not there before, never an older one', () => {
		expect([...assignCalls([entry(1, [10, 11])], [call(12), call(11, 'completed'), call(10, 'busy')], new Set())]).toEqual([[1, 12]]);
	});

	it('gives two items on one number two calls, the earlier snapshot the older call', () => {
		const result = assignCalls([entry(2, [10]), entry(1, [10])], [call(21), call(20), call(10)], new Set());
		expect(result.get(1)).toBe(20);
		expect(result.get(2)).toBe(21);
	});

	it('skips calls claimed by others (e.g. ones whose id make_call answered)', () => {
		expect([...assignCalls([entry(3, [10])], [call(30), call(31)], new Set([30]))]).toEqual([[3, 31]]);
	});

	it('an item still placing its call holds back the call it would get', () => {
		const result = assignCalls([entry(1, [10], { pending: true }), entry(2, [10])], [call(40)], new Set());
		expect(result.size).toBe(0);
		const later = assignCalls([entry(1, [10], { pending: true }), entry(2, [10])], [call(40), call(41)], new Set());
		expect([...later]).toEqual([[2, 41]]);
	});

	it('without a snapshot, only a call still running counts as new', () => {
		expect([...assignCalls([entry(1, null)], [call(50, 'completed'), call(51, 'in-progress')], new Set())]).toEqual([[1, 51]]);
	});

	it('waits while the new call is not listed yet', () => {
		expect(assignCalls([entry(1, [10])], [call(10, 'completed')], new Set()).size).toBe(0);
	});
});
