/**
 * Reads under every fault the sandbox can inject: a read is safe to repeat, so one fault costs one
 * extra request and the item still succeeds with the same data; a fault that does not go away fails
 * the item after a bounded number of attempts.
 */
import type { IDataObject } from 'n8n-workflow';

import { tuneRetries, RETRY } from '../../nodes/VoiceAssistant/transport/policy';
import { FAULTS, TIMEOUT_SAID, errorOf, fault, useFaultSandbox, type FaultName } from './helpers';

const t = useFaultSandbox();

interface ReadCase {
	name: string;
	parameters: IDataObject;
	path: string;
}

const READS: ReadCase[] = [
	{ name: 'Reference → Get Models', parameters: { resource: 'reference', operation: 'getModels' }, path: '/api/user/assistants/models' },
	{ name: 'Call → Get Many (Return All)', parameters: { resource: 'call', operation: 'getMany', returnAll: true }, path: '/api/user/calls' },
];

async function cleanRun(read: ReadCase) {
	const result = await t.run(read.parameters);
	expect(result.error).toBeUndefined();
	const requests = t.requests('GET', read.path).length;
	t.sb.clearRequests();
	return { items: result.items.map((item) => item.json), requests };
}

describe.each(READS)('$name', (read) => {
	it.each(FAULTS)('one %s fault: retried once, same output as without it', async (name: FaultName) => {
		const clean = await cleanRun(read);
		expect(clean.items.length).toBeGreaterThan(0);

		t.sb.setFaults([fault(name, { method: 'GET', path: read.path })]);
		const result = await t.run(read.parameters);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual(clean.items);
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(t.requests('GET', read.path)).toHaveLength(clean.requests + 1);
	});
});

describe('a read fault that does not go away', () => {
	const read = READS[0];
	const expected: Record<FaultName, RegExp> = {
		'429': /rate limit \(HTTP 429\) did not clear/,
		'500': /failed to process the request \(HTTP 500\)/,
		'502': /failed to process the request \(HTTP 502\)/,
		'503': /failed to process the request \(HTTP 503\)/,
		html: /failed to process the request \(HTTP 502\)/,
		'malformed-json': /not JSON/,
		timeout: new RegExp(TIMEOUT_SAID),
		reset: /connection to the platform was cut/,
	};

	afterEach(() => tuneRetries({ backoffBaseMs: 20, backoffMaxMs: 100 }));

	it.each(FAULTS)('%s every time: the item fails after a bounded number of attempts', async (name: FaultName) => {
		// 429 retries wait the server's retry_after (1 s here): fewer of them keep the test short.
		tuneRetries({ backoffBaseMs: 20, backoffMaxMs: 100, maxRateLimitRetries: 2 });
		t.sb.setFaults([fault(name, { method: 'GET', path: read.path }, { count: 50 })]);
		const result = await t.run(read.parameters, { continueOnFail: true });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(errorOf(result.items[0])).toMatch(expected[name]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		const attempts = 1 + (name === '429' ? RETRY.maxRateLimitRetries : RETRY.maxReadRetries);
		// Bounded by the count of attempts, not by the clock (a busy machine only makes them slower).
		expect(t.requests('GET', read.path)).toHaveLength(attempts);
	});

	it('without Continue On Fail the node error names the item', async () => {
		t.sb.setFaults([fault('503', { method: 'GET', path: read.path }, { count: 50 })]);
		const result = await t.run(read.parameters, { items: [{}, {}] });
		expect(result.error?.message).toMatch(/HTTP 503/);
		expect((result.error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(0);
		// The first item used up its attempts; the second was never started.
		expect(t.requests('GET', read.path)).toHaveLength(1 + RETRY.maxReadRetries);
	});
});
