/**
 * Batches, as users bring them: 20 items, item 10 the odd one out. The whole batch is checked before
 * the first request; n8n's Retry On Fail never repeats a call, an SMS or a lead; a stop says where it
 * stopped. Counted where it matters: in the platform's own records (the sandbox store) and its
 * request log.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runNode, type RunNodeResult } from '../harness';
import { useSandbox } from '../helpers/sandbox';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { ranges } from '../../nodes/VoiceAssistant/engine/batch/report';
import { rememberedRuns } from '../../nodes/VoiceAssistant/engine/batch/retryMemory';
import { tuneRetries } from '../../nodes/VoiceAssistant/transport/policy';

const sb = useSandbox({ callTiming: { stepMs: 20 }, reset: 'requests', resetPacers: true });
let series = 0;

beforeAll(() => tuneRetries({ backoffBaseMs: 10, backoffMaxMs: 50 }));
afterAll(() => tuneRetries());
beforeEach(() => {
	sb.setFaults([]);
	sb.setBalance(1, 100_000);
	series++;
});

/** Twenty distinct numbers per test; a last digit of 1 makes a simulated call complete. */
function numbers(): string[] {
	return Array.from({ length: 20 }, (_, i) => `+49176${String(series).padStart(3, '0')}${String(i).padStart(3, '0')}1`);
}

interface BatchCase {
	name: string;
	path: string;
	parameters: IDataObject;
	/** the records the platform holds for one number */
	count(number: string): number;
	/** the number field as the error names it */
	field: string;
	done: RegExp;
}

const CASES: BatchCase[] = [
	{
		name: 'Call → Make',
		path: '/api/user/make_call',
		parameters: { resource: 'call', operation: 'make', assistantId: { __rl: true, mode: 'id', value: '1' }, phoneNumber: '={{ $json.phone }}', variablesInput: 'none' },
		count: (n) => sb.store.calls.filter((call) => call.client_phone_number === n).length,
		field: 'Customer Phone Number',
		done: /10 calls placed \(items 0–9\)/,
	},
	{
		name: 'SMS → Send',
		path: '/api/user/sms',
		parameters: { resource: 'sms', operation: 'send', from: 1, to: '={{ $json.phone }}', body: 'Your appointment is tomorrow at 10.' },
		count: (n) => sb.store.sms.filter((sms) => sms.to === n).length,
		field: 'To',
		done: /10 SMS sent \(items 0–9\)/,
	},
	{
		name: 'Lead → Create',
		path: '/api/user/lead',
		parameters: { resource: 'lead', operation: 'create', campaignId: { __rl: true, mode: 'id', value: '1' }, phoneNumber: '={{ $json.phone }}', variablesInput: 'none' },
		count: (n) => sb.store.leads.filter((lead) => lead.phone_number === n).length,
		field: 'Phone Number',
		done: /10 leads created \(items 0–9\)/,
	},
];

async function run(
	parameters: IDataObject,
	phones: string[],
	options: { continueOnFail?: boolean; retry?: boolean; parallel?: number } = {},
): Promise<RunNodeResult> {
	return await runNode({
		node: VoiceAssistant,
		parameters: { ...parameters, requestOptions: { timeout: 2_000, parallelRequests: options.parallel ?? 1 } } as INodeParameters,
		credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
		items: phones.map((phone) => ({ phone })),
		continueOnFail: options.continueOnFail,
		nodeSettings: options.retry ? { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 } : undefined,
	});
}

const perNumber = (c: BatchCase, phones: string[]) => phones.map((n) => c.count(n));
const description = (result: RunNodeResult) => String((result.error as { description?: unknown })?.description ?? '');

describe.each(CASES)('$name, 20 items', (c) => {
	it('item 10 invalid → nothing is sent, and the error names item 10 and its field', async () => {
		const phones = numbers();
		phones[10] = '+49 12';
		const result = await run(c.parameters, phones);
		expect(sb.requests.filter((r) => r.path.startsWith('/api/'))).toHaveLength(0);
		expect(result.error?.message).toBe(
			`1 item is invalid, so none of the 20 items was sent: ${c.field} "+49 12" is too short to be a phone number for DE [item 10]`,
		);
		expect(description(result)).toContain(`• item 10: ${c.field} "+49 12"`);
		expect(perNumber(c, phones).every((count) => count === 0)).toBe(true);
	});

	it('item 10 invalid with Continue On Fail → the 19 valid ones are sent, item 10 is an error item in its place', async () => {
		const phones = numbers();
		phones[10] = '+49 12';
		const result = await run(c.parameters, phones, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(20);
		expect(result.items.map((item) => item.pairedItem)).toEqual(phones.map((_, item) => ({ item })));
		expect(result.items[10].json.error).toContain(`${c.field} "+49 12" is too short`);
		expect(result.items.filter((item) => item.json.error !== undefined)).toHaveLength(1);
		expect(sb.requests.filter((r) => r.path === c.path)).toHaveLength(19);
		expect(perNumber(c, phones)).toEqual(phones.map((_, i) => (i === 10 ? 0 : 1)));
	});

	it('item 10 answering 500 after saving, Retry On Fail (3 tries) → 0–9 once, 10 once, 11–19 never; the error says so', async () => {
		const phones = numbers();
		const bodyKey = c.path.endsWith('/sms') ? 'to' : 'phone_number';
		sb.setFaults([{ kind: 'status', status: 500, match: { path: c.path, body: { [bodyKey]: phones[10] } } }]);
		const result = await run(c.parameters, phones, { retry: true });

		expect(perNumber(c, phones)).toEqual(phones.map((_, i) => (i <= 10 ? 1 : 0)));
		// One request per item on the first try; the two retries sent nothing at all.
		expect(sb.requests.filter((r) => r.path === c.path)).toHaveLength(11);
		expect(result.error?.message).toMatch(/may have been .*: check before retrying \[item 10\]$/);
		expect(description(result)).toMatch(c.done);
		expect(description(result)).toContain('10 of them in an earlier try of this run, not sent again');
		expect(description(result)).toContain('Not sent: 9 items (items 11–19)');
		expect(rememberedRuns()).toBe(0);
	});

	it('item 10 refused once (422), Retry On Fail → 0–9 once, item 10 sent twice (refused, then done), 11–19 once', async () => {
		const phones = numbers();
		const bodyKey = c.path.endsWith('/sms') ? 'to' : 'phone_number';
		sb.setFaults([{ kind: 'status', status: 422, count: 1, match: { path: c.path, body: { [bodyKey]: phones[10] } } }]);
		const result = await run(c.parameters, phones, { retry: true });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(20);
		expect(result.items.map((item) => item.pairedItem)).toEqual(phones.map((_, item) => ({ item })));
		expect(perNumber(c, phones)).toEqual(phones.map(() => 1));
		const sentTo = sb.requests.filter((r) => r.path === c.path).map((r) => (r.body as IDataObject)[bodyKey]);
		expect(sentTo.filter((n) => n === phones[10])).toHaveLength(2);
		expect(sentTo).toHaveLength(21);
		expect(rememberedRuns()).toBe(0);
	});
});

describe('a stop in the middle', () => {
	it('says how many calls were placed, which item failed and why, and how many were not sent', async () => {
		const phones = numbers().slice(0, 6);
		sb.setFaults([{ kind: 'status', status: 422, match: { path: '/api/user/make_call', body: { phone_number: phones[3] } } }]);
		const result = await run(CASES[0].parameters, phones);
		expect(result.error?.message).toBe('Insufficient balance [item 3]');
		expect(description(result)).toContain(
			'This run stopped at item 3 of 6 (items 0–5). Done: 3 calls placed (items 0–2). Not sent: 2 items (items 4–5).',
		);
		expect(description(result)).toContain('On Error → "Continue (using error output)"');
	});

	it('with items in flight, counts those that finished after the failure as done, and starts nothing new', async () => {
		sb.setLatency(40);
		try {
			const phones = numbers().slice(0, 10);
			sb.setFaults([{ kind: 'status', status: 422, match: { path: '/api/user/make_call', body: { phone_number: phones[1] } } }]);
			const result = await run(CASES[0].parameters, phones, { parallel: 3 });
			const placed = perNumber(CASES[0], phones).flatMap((count, index) => (count === 1 ? [index] : []));
			// Items 0 and 2 were in flight beside item 1 (at most one more started before its answer came).
			expect(placed.slice(0, 2)).toEqual([0, 2]);
			expect(placed.length).toBeLessThanOrEqual(3);
			const notSent = 10 - 1 - placed.length;
			expect(description(result)).toContain(`Done: ${placed.length} calls placed (items ${ranges(placed)}).`);
			expect(description(result)).toContain(`Not sent: ${notSent} items (items ${10 - notSent}–9).`);
		} finally {
			sb.setLatency(0);
		}
	});
});

describe('Retry On Fail and reads', () => {
	it('repeats reads as usual: a list read again on the next try', async () => {
		sb.setFaults([{ kind: 'status', status: 422, count: 1, match: { path: '/api/user/leads' } }]);
		const result = await runNode({
			node: VoiceAssistant,
			parameters: { resource: 'lead', operation: 'getMany', limit: 3 } as INodeParameters,
			credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
			nodeSettings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		expect(sb.requests.filter((r) => r.path === '/api/user/leads')).toHaveLength(2);
	});
});
