/**
 * Issue #19, finding 5: the write memory behind Retry On Fail held at most 200 runs per process, so
 * 200 other write runs waiting for their own retries evicted a Buy that "may have been bought", and
 * its retry bought again. It is now bounded by time and bytes: a run n8n may still retry is kept.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import {
	KEPT_ANSWERS_BUDGET_BYTES,
	MAX_KEPT_ANSWER_BYTES,
	forgetAllRuns,
	rememberedAnswerBytes,
	runMemoryFor,
} from '../../nodes/VoiceAssistant/engine/batch/retryMemory';
import { useSandbox } from '../helpers/sandbox';
import { runNode } from '../harness';

const PURCHASE = '/api/user/phone-numbers/purchase';

function otherRun(executionId: string): IExecuteFunctions {
	const node = { id: 'other-node', name: 'Send SMS', retryOnFail: true, maxTries: 5 } as INode;
	return { getNode: () => node, getExecutionId: () => executionId, runIndex: 0 } as unknown as IExecuteFunctions;
}

const sb = useSandbox({ quiet: true, forgetProcessMemories: false });
beforeEach(() => {
	forgetAllRuns();
});

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > end) throw new Error('timed out waiting');
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

it('a Buy waiting for its retry is not evicted by 200 other write runs: the retry does not buy again', async () => {
	const offer = await runNode({
		node: VoiceAssistant,
		parameters: { resource: 'phoneNumber', operation: 'searchAvailable', countryCode: 'CH', limit: 1 },
		credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
	});
	const number = String(offer.items[0].json.phone_number);
	sb.clearRequests();
	// The purchase goes through, but its answer is lost (502 after the platform acted).
	sb.setFaults([{ kind: 'status', status: 502, count: 1, phase: 'after', match: { path: '/user/phone-numbers/purchase' } }]);

	const buying = runNode({
		node: VoiceAssistant,
		parameters: { resource: 'phoneNumber', operation: 'buy', phoneNumber: number },
		credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
		nodeSettings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1500 },
	});
	// While n8n waits before the retry, 200 other write runs of the process wait for theirs.
	await until(() => sb.requests.some((r) => r.path === PURCHASE));
	for (let i = 0; i < 200; i++) {
		const memory = runMemoryFor(otherRun(`other-execution-${i}`))!;
		memory.remember(0, { kind: 'done', fingerprint: 'f', answer: { id: i } });
		memory.finish(true);
	}
	const result = await buying;

	expect(result.error?.message).toMatch(/the number may have been bought \(and charged\): check before retrying/);
	expect(sb.requests.filter((r) => r.path === PURCHASE)).toHaveLength(1);
	expect(sb.store.phoneNumbers.filter((p) => p.phone_number === number)).toHaveLength(1);
});

describe('bytes are bounded: fingerprints and small answers are kept, large answers only as "done"', () => {
	it(`an answer over ${MAX_KEPT_ANSWER_BYTES} bytes is kept as done with its size, never sent again`, () => {
		const memory = runMemoryFor(otherRun('large-answer'))!;
		memory.remember(0, { kind: 'done', fingerprint: 'f', answer: { transcript: 'x'.repeat(MAX_KEPT_ANSWER_BYTES) } });
		memory.remember(1, { kind: 'done', fingerprint: 'g', answer: { id: 1 } });
		memory.finish(true);
		const retry = runMemoryFor(otherRun('large-answer'))!;
		expect(retry.recall(0)).toEqual({ kind: 'done', fingerprint: 'f', droppedAnswerBytes: MAX_KEPT_ANSWER_BYTES + 17 });
		expect(retry.recall(1)).toEqual({ kind: 'done', fingerprint: 'g', answer: { id: 1 } });
		expect(rememberedAnswerBytes()).toBe(8);
	});

	it('past the process-wide budget new answers are kept as done only; finishing a run gives its bytes back', () => {
		const answer = { blob: 'y'.repeat(MAX_KEPT_ANSWER_BYTES - 20) };
		const runs = Math.ceil(KEPT_ANSWERS_BUDGET_BYTES / MAX_KEPT_ANSWER_BYTES) + 10;
		for (let i = 0; i < runs; i++) {
			const memory = runMemoryFor(otherRun(`budget-${i}`))!;
			memory.remember(0, { kind: 'done', fingerprint: 'f', answer });
			memory.finish(true);
		}
		expect(rememberedAnswerBytes()).toBeLessThanOrEqual(KEPT_ANSWERS_BUDGET_BYTES);
		const last = runMemoryFor(otherRun(`budget-${runs - 1}`))!;
		expect(last.recall(0)).toMatchObject({ kind: 'done', droppedAnswerBytes: expect.any(Number) });
		for (let i = 0; i < runs; i++) runMemoryFor(otherRun(`budget-${i}`))!.finish(false);
		expect(rememberedAnswerBytes()).toBe(0);
	});
});
