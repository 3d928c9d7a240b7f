/** The memory behind "Retry On Fail never repeats a side effect": per run, bounded, freed when n8n will not retry. */
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import {
	forgetAllRuns,
	rememberedRuns,
	runMemoryFor,
} from '../../nodes/VoiceAssistant/engine/batch/retryMemory';

function context(executionId: string, node: Partial<INode> = {}, runIndex = 0): IExecuteFunctions {
	const full = { id: 'node-1', name: 'Voice Assistant', retryOnFail: true, maxTries: 3, ...node } as INode;
	return { getNode: () => full, getExecutionId: () => executionId, runIndex } as unknown as IExecuteFunctions;
}

afterEach(() => {
	// Forget whatever a test left, so counts start from zero.
	forgetAllRuns();
});

it('keeps nothing when Retry On Fail is off', () => {
	expect(runMemoryFor(context('e1', { retryOnFail: false }))).toBeUndefined();
	expect(rememberedRuns()).toBe(0);
});

it('a retry of the same run sees what the earlier try did; another run (a loop pass) does not', () => {
	const first = runMemoryFor(context('e2'))!;
	first.remember(4, { kind: 'done', fingerprint: 'f', answer: { ok: true } });
	first.finish(true);
	expect(runMemoryFor(context('e2'))!.recall(4)).toEqual({ kind: 'done', fingerprint: 'f', answer: { ok: true } });
	expect(runMemoryFor(context('e2', {}, 1))!.recall(4)).toBeUndefined();
	expect(runMemoryFor(context('e3'))!.recall(4)).toBeUndefined();
});

it('an item\'s idempotency key is made once per run: a retry gets the same one, another item, run or execution a new one', () => {
	let made = 0;
	const make = () => `key-${++made}`;
	const first = runMemoryFor(context('k1'))!;
	expect(first.keyFor(0, make)).toBe('key-1');
	expect(first.keyFor(1, make)).toBe('key-2');
	first.finish(true);
	const retry = runMemoryFor(context('k1'))!;
	expect([retry.keyFor(0, make), retry.keyFor(1, make)]).toEqual(['key-1', 'key-2']);
	retry.finish(false);
	expect(runMemoryFor(context('k1'))!.keyFor(0, make)).toBe('key-3');
	expect(runMemoryFor(context('k1', {}, 1))!.keyFor(0, make)).toBe('key-4');
	expect(runMemoryFor(context('k2'))!.keyFor(0, make)).toBe('key-5');
});

it('forgets a run once it succeeded, or once its last try is over', () => {
	const done = runMemoryFor(context('e4'))!;
	done.remember(0, { kind: 'done', fingerprint: 'f', answer: 1 });
	done.finish(false);
	expect(runMemoryFor(context('e4'))!.recall(0)).toBeUndefined();

	for (let attempt = 1; attempt <= 3; attempt++) {
		const memory = runMemoryFor(context('e5'))!;
		if (attempt === 1) memory.remember(0, { kind: 'done', fingerprint: 'f', answer: 1 });
		else expect(memory.recall(0)).toBeDefined();
		memory.finish(true);
	}
	// Three tries of three: n8n stops here, so the run is gone although the node failed.
	expect(runMemoryFor(context('e5'))!.recall(0)).toBeUndefined();
});

it('keeps every run n8n may still retry, however many other runs are waiting (issue #19, finding 5)', () => {
	for (let i = 0; i < 250; i++) {
		const memory = runMemoryFor(context(`bulk-${i}`))!;
		memory.remember(0, { kind: 'done', fingerprint: 'f', answer: i });
		memory.finish(true);
	}
	expect(rememberedRuns()).toBe(250);
	expect(runMemoryFor(context('bulk-0'))!.recall(0)).toBeDefined();
	expect(runMemoryFor(context('bulk-249'))!.recall(0)).toBeDefined();
});
