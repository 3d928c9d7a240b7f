/**
 * Skip If Called Within on Call → Make: the platform's call history read once before the batch, in
 * as few requests as it allows; a second run of the same batch places 0 calls.
 */
import type { Call } from '../../sandbox/records';
import { expectOk, historyReads, jsonOf, makeCalls, makeParams, phones, resetRulesClock, setRulesClock, useSandbox } from './helpers';
import { byId } from '../nodes/helpers';

const t = useSandbox();
afterEach(() => {
	resetRulesClock();
	t.sb.setClockOffset(0);
});

const HOUR = 3_600_000;
const rule = (extra = {}) => makeParams({ skipIfCalledRecently: true, calledWithinHours: 24, ...extra });
let next = 0;
/** numbers no other test calls */
const fresh = (count: number) => Array.from({ length: count }, () => `+1212555${String(1000 + next++).padStart(4, '0')}`);

describe('Skip If Called Within', () => {
	it('a second run of the same batch places 0 calls; each skipped item names the earlier call', async () => {
		const numbers = fresh(3);
		const first = jsonOf(expectOk(await t.run(rule(), { items: phones(...numbers) })));
		expect(makeCalls(t.sb)).toHaveLength(3);
		expect(historyReads(t.sb)).toHaveLength(1);
		t.sb.clearRequests();

		const second = await t.run(rule(), { items: phones(...numbers) });
		const out = jsonOf(expectOk(second));
		expect(makeCalls(t.sb)).toHaveLength(0);
		expect(historyReads(t.sb)).toHaveLength(1);
		expect(historyReads(t.sb)[0].query).toMatchObject({ assistant_id: '1', type: 'outbound', per_page: '100' });
		out.forEach((item, index) => {
			expect(item).toMatchObject({
				skipped: true,
				skip_reason: 'called_recently',
				phone_number: numbers[index],
				earlier_call: { id: first[index].call_id ?? expect.any(Number), status: expect.any(String), created_at: expect.any(String) },
				allowed_from: expect.any(String),
			});
		});
		expect(expectOk(second).map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('the same number twice in one batch is called once: the later item is skipped naming the first', async () => {
		const [a, b] = fresh(2);
		const out = jsonOf(expectOk(await t.run(rule(), { items: phones(a, b, a) })));
		expect(makeCalls(t.sb).map((c) => c.phone_number)).toEqual([a, b]);
		expect(out[2]).toMatchObject({ skipped: true, skip_reason: 'called_recently', earlier_item: 0 });
	});

	it('scope: calls of another assistant count only with By Any Assistant', async () => {
		const numbers = fresh(2);
		await t.run(rule(), { items: phones(...numbers) });
		t.sb.clearRequests();
		await t.run(rule({ assistantId: byId(3) }), { items: phones(numbers[0]) });
		expect(makeCalls(t.sb)).toHaveLength(1); // assistant 3 had not called it
		t.sb.clearRequests();
		await t.run(rule({ assistantId: byId(3), calledByScope: 'any' }), { items: phones(numbers[1]) });
		expect(makeCalls(t.sb)).toHaveLength(0);
		expect(historyReads(t.sb)[0].query.assistant_id).toBeUndefined();
	});

	it('a call older than the window does not count (clock injected 25 h later)', async () => {
		const numbers = fresh(1);
		await t.run(rule(), { items: phones(...numbers) });
		t.sb.clearRequests();
		setRulesClock(new Date(Date.now() + 25 * HOUR).toISOString());
		await t.run(rule(), { items: phones(...numbers) });
		expect(makeCalls(t.sb)).toHaveLength(1);
		t.sb.clearRequests();
		await t.run(rule({ calledWithinHours: 26 }), { items: phones(...numbers) });
		expect(makeCalls(t.sb)).toHaveLength(0);
	});

	it.each([
		['14 h ahead of UTC', 14 * HOUR],
		['20 h behind UTC', -20 * HOUR],
	])('still finds the calls with the platform clock %s', async (_label, offset) => {
		t.sb.setClockOffset(offset);
		const numbers = fresh(2);
		await t.run(rule(), { items: phones(...numbers) });
		t.sb.clearRequests();
		await t.run(rule(), { items: phones(...numbers) });
		expect(makeCalls(t.sb)).toHaveLength(0);
	});

	it('reads one request per number when that is fewer than the pages of the history', async () => {
		seedCalls(450); // 5 pages of 100 in the window
		const numbers = fresh(2);
		await t.run(rule(), { items: phones(...numbers) });
		expect(historyReads(t.sb)).toHaveLength(3); // page 1, then 2 per-number reads instead of 4 more pages
		expect(historyReads(t.sb).slice(1).map((r) => r.query.phone_number)).toEqual(numbers);
		t.sb.clearRequests();
		const many = fresh(10);
		await t.run(rule(), { items: phones(...many) });
		expect(historyReads(t.sb)).toHaveLength(5); // ~460 calls in the window: 5 pages, fewer than 1 + 10 per-number reads
	});

	it('a history read that fails stops the batch before any call (Continue On Fail off)', async () => {
		t.sb.setFaults([{ kind: 'status', status: 422, match: { path: '/api/user/calls' } }]);
		const result = await t.run(rule(), { items: phones(...fresh(2)) });
		expect(result.error).toBeDefined();
		expect(makeCalls(t.sb)).toHaveLength(0);
		t.sb.setFaults([]);
	});
});

/** Outbound calls of assistant 1 placed within the last hours, to numbers no test uses. */
function seedCalls(count: number): void {
	const template = t.sb.store.calls.find((c) => c.type === 'outbound') as Call;
	for (let i = 0; i < count; i++) {
		t.sb.store.calls.push({ ...template, id: 900_000 + i, user_id: t.sb.users.alice, assistant_id: 1, client_phone_number: `+4917600${String(i).padStart(5, '0')}`, created_at: Date.now() - (i % 20) * HOUR });
	}
}
