/**
 * Writes under every fault the sandbox can inject. A write is repeated only when the platform provably
 * did not act on it (429); after a timeout, a cut connection, a 5xx or an unreadable answer it may
 * have happened, so the item fails with a message that says so — and nothing is ever done twice.
 */
import type { IDataObject } from 'n8n-workflow';

import { FAULTS, TIMEOUT_SAID, byId, errorOf, fault, phone, useFaultSandbox, type FaultName } from './helpers';

const t = useFaultSandbox();

interface WriteCase {
	name: string;
	path: string;
	parameters(number: string): IDataObject;
	/** how many records the platform holds for this number (leads created / calls placed) */
	done(number: string): number;
	/** what the error message says may have happened */
	mayHave: RegExp;
}

let next = 0;
const ALICE_CAMPAIGN = 1;
const ALICE_OUTBOUND_ASSISTANT = 1;

const WRITES: WriteCase[] = [
	{
		name: 'Lead → Create',
		path: '/api/user/lead',
		parameters: (number) => ({ resource: 'lead', operation: 'create', campaignId: byId(ALICE_CAMPAIGN), phoneNumber: number }),
		done: (number) => t.sb.store.leads.filter((lead) => lead.phone_number === number).length,
		mayHave: /the lead may have been created: check before retrying/,
	},
	{
		name: 'Call → Make',
		path: '/api/user/make_call',
		parameters: (number) => ({ resource: 'call', operation: 'make', assistantId: byId(ALICE_OUTBOUND_ASSISTANT), phoneNumber: number }),
		done: (number) => t.sb.store.calls.filter((call) => call.client_phone_number === number).length,
		mayHave: /the call may have been placed: check before retrying/,
	},
];

/** Per fault, processed by the platform ('after', the default): outcome and requests seen. */
const AFTER: Record<FaultName, { ok: boolean; requests: number; message?: RegExp }> = {
	'429': { ok: true, requests: 2 },
	'500': { ok: false, requests: 1, message: /HTTP 500/ },
	'502': { ok: false, requests: 1, message: /HTTP 502/ },
	'503': { ok: false, requests: 1, message: /HTTP 503/ },
	html: { ok: false, requests: 1, message: /HTTP 502/ },
	'malformed-json': { ok: false, requests: 1, message: /accepted the request \(HTTP 200\) but its answer could not be read/ },
	timeout: { ok: false, requests: 1, message: new RegExp(TIMEOUT_SAID) },
	reset: { ok: false, requests: 1, message: /connection to the platform was cut/ },
};

describe.each(WRITES)('$name', (write) => {
	it('works without faults (one request, one record)', async () => {
		const number = phone(next++);
		const result = await t.run(write.parameters(number));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(t.requests('POST', write.path)).toHaveLength(1);
		expect(write.done(number)).toBe(1);
	});

	it.each(FAULTS)('%s after the platform acted: never done twice', async (name: FaultName) => {
		const number = phone(next++);
		t.sb.setFaults([fault(name, { method: 'POST', path: write.path })]);
		const result = await t.run(write.parameters(number), { continueOnFail: true });
		const expected = AFTER[name];

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(t.requests('POST', write.path)).toHaveLength(expected.requests);
		// 429 is always answered before processing; every other fault here hit a processed request.
		expect(write.done(number)).toBe(1);
		if (expected.ok) {
			expect(errorOf(result.items[0])).toBeUndefined();
		} else {
			expect(errorOf(result.items[0])).toMatch(expected.message!);
			if (name !== 'malformed-json') expect(errorOf(result.items[0])).toMatch(write.mayHave);
			expect(result.items[0].json.details).toMatch(/not repeated automatically.*Check on the platform before running this item again/);
		}
	});

	it.each(['500', '503', 'timeout', 'reset'] as FaultName[])(
		'%s before the platform acted: not repeated either (the node cannot tell)',
		async (name) => {
			const number = phone(next++);
			t.sb.setFaults([fault(name, { method: 'POST', path: write.path }, { phase: 'before' })]);
			const result = await t.run(write.parameters(number), { continueOnFail: true });
			expect(errorOf(result.items[0])).toMatch(write.mayHave);
			expect(t.requests('POST', write.path)).toHaveLength(1);
			expect(write.done(number)).toBe(0);
		},
	);
});

describe('many items with faults in between', () => {
	const write = WRITES[0];
	const numbers = (count: number) => Array.from({ length: count }, () => phone(next++));

	it.each([1, 4])(
		'with %i request(s) in parallel: every item accounted for, in input order, nothing created twice',
		async (parallel) => {
			// 18: below the documented burst of 20, which the pacer assumes once it has seen a 429.
			const list = numbers(18);
			t.sb.setFaults([
				fault('502', { method: 'POST', path: write.path }, { count: undefined, share: 0.2 }),
				fault('429', { method: 'POST', path: write.path }, { count: 2 }),
			]);
			const result = await t.run(
				{ ...write.parameters('={{ $json.phone }}'), phoneNumber: '={{ $json.phone }}' },
				{ items: list.map((number) => ({ phone: number })), continueOnFail: true, parallel },
			);
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(list.length);

			const posts = t.requests('POST', write.path);
			const failed: number[] = [];
			result.items.forEach((item, index) => {
				expect(item.pairedItem).toEqual({ item: index });
				const number = list[index];
				// Every item reached the platform exactly once (429s are rejected unprocessed).
				expect(write.done(number)).toBe(1);
				const seen = posts.filter((request) => (request.body as IDataObject).phone_number === number);
				if (errorOf(item) !== undefined) {
					failed.push(index);
					expect(errorOf(item)).toMatch(/HTTP 502.*the lead may have been created/);
					expect(seen.map((request) => request.status)).toEqual([502]);
				} else {
					expect(item.json.phone_number).toBe(number);
					expect(seen.filter((request) => request.status === 200)).toHaveLength(1);
				}
			});
			expect(failed.length).toBeGreaterThan(0);
			expect(failed.length).toBe(posts.filter((request) => request.status === 502).length);
			expect(posts.filter((request) => request.status === 429)).toHaveLength(2);
		},
	);

	it('On Error → error output: failed items go to the error branch with their pairedItem', async () => {
		const list = numbers(6);
		t.sb.setFaults([fault('503', { method: 'POST', path: write.path }, { count: undefined, share: 0.4 })]);
		const result = await t.run(
			{ ...write.parameters('={{ $json.phone }}'), phoneNumber: '={{ $json.phone }}' },
			{ items: list.map((number) => ({ phone: number })), onError: 'continueErrorOutput' },
		);
		expect(result.error).toBeUndefined();
		const [success, errors] = result.outputs;
		expect(errors.length).toBeGreaterThan(0);
		expect(success.length + errors.length).toBe(list.length);
		for (const item of errors) expect(String(item.json.error)).toMatch(/HTTP 503/);
		const indexes = [...success, ...errors].map((item) => (item.pairedItem as { item: number }).item).sort((a, b) => a - b);
		expect(indexes).toEqual([0, 1, 2, 3, 4, 5]);
		for (const item of success) expect(item.json.phone_number).toBe(list[(item.pairedItem as { item: number }).item]);
	});

	it('without Continue On Fail: stops at the failed item, names it, starts nothing after it', async () => {
		const list = numbers(3);
		t.sb.setFaults([fault('timeout', { method: 'POST', path: write.path })]);
		const result = await t.run(
			{ ...write.parameters('={{ $json.phone }}'), phoneNumber: '={{ $json.phone }}' },
			{ items: list.map((number) => ({ phone: number })) },
		);
		expect(result.error?.message).toMatch(new RegExp(`${TIMEOUT_SAID} — the lead may have been created`));
		expect((result.error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(0);
		expect(t.requests('POST', write.path)).toHaveLength(1);
		expect(list.map((number) => write.done(number))).toEqual([1, 0, 0]);
	});
});
