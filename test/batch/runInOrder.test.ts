/** The per-item loop under the router: bounded parallelism, outcomes in input order, stop on failure. */
import type { INode } from 'n8n-workflow';

import { StopGate, runInOrder } from '../../nodes/VoiceAssistant/engine/batch/runInOrder';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('keeps input order although later items finish first', async () => {
	const result = await runInOrder(8, 4, async (i) => {
		await wait((8 - i) * 3);
		return i * 10;
	});
	expect(result.map((outcome) => outcome?.ok && outcome.value)).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
});

it.each([1, 3, 10])('never has more than %i in flight', async (limit) => {
	let active = 0;
	let peak = 0;
	await runInOrder(25, limit, async () => {
		active++;
		peak = Math.max(peak, active);
		await wait(2);
		active--;
	});
	expect(peak).toBe(Math.min(limit, 25));
});

it('on a failure starts nothing new, lets the started ones finish, and reports each index', async () => {
	const started: number[] = [];
	const finished: number[] = [];
	const failure = new Error('item 1 failed');
	const outcomes = await runInOrder(10, 3, async (i) => {
		started.push(i);
		if (i === 1) throw failure;
		await wait(10);
		finished.push(i);
		return i;
	});
	// 0, 1 and 2 start together (3 lanes); once 1 has failed, 3..9 are never started.
	expect(started).toEqual([0, 1, 2]);
	expect(finished.sort()).toEqual([0, 2]);
	expect(outcomes).toEqual([
		{ ok: true, value: 0 },
		{ ok: false, error: failure },
		{ ok: true, value: 2 },
		...Array(7).fill(undefined),
	]);
});

it('handles no items', async () => {
	expect(await runInOrder(0, 5, async () => 1)).toEqual([]);
});

describe('the stop gate (items still waiting for their first request)', () => {
	const node = { id: 'n', name: 'Voice Assistant', type: 'voiceAssistant', typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;

	it('after a failure, an item waiting at the pacer is not sent and counts as never started; sent ones finish', async () => {
		const gate = new StopGate();
		const sent: number[] = [];
		const failure = new Error('item 1 failed');
		const outcomes = await runInOrder(
			6,
			() => 6,
			async (i) => {
				if (i === 1) {
					await wait(5);
					throw failure;
				}
				// 0 and 2 leave before the failure; 3, 4, 5 are held back (a pacer) until after it.
				await wait(i < 3 ? 0 : 30);
				const refused = gate.refuse(node, i);
				if (refused) throw refused;
				sent.push(i);
				await wait(10);
				return i;
			},
			gate,
		);
		expect(sent.sort()).toEqual([0, 2]);
		expect(outcomes).toEqual([{ ok: true, value: 0 }, { ok: false, error: failure }, { ok: true, value: 2 }, undefined, undefined, undefined]);
	});

	it('without a failure the gate refuses nothing', async () => {
		const gate = new StopGate();
		const outcomes = await runInOrder(5, 2, async (i) => {
			const refused = gate.refuse(node, i);
			if (refused) throw refused;
			return i;
		}, gate);
		expect(outcomes.map((o) => o?.ok)).toEqual([true, true, true, true, true]);
	});

	it('reads the limit again as items end, so it may grow during the run', async () => {
		let limit = 1;
		let active = 0;
		const peaks: number[] = [];
		await runInOrder(12, () => limit, async (i) => {
			active++;
			peaks[i] = active;
			if (i === 2) limit = 4;
			await wait(3);
			active--;
		});
		expect(Math.max(...peaks.slice(0, 3))).toBe(1);
		expect(Math.max(...peaks)).toBe(4);
	});
});

describe('an item set aside (Calling Hours: Wait Until Allowed) gives its slot back', () => {
	const node = { id: 'n', name: 'Voice Assistant', type: 'voiceAssistant', typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;
	/** A wait the test ends by hand, instead of a timer a busy machine could fire late. */
	const manual = () => {
		let end!: () => void;
		const done = new Promise<void>((resolve) => (end = resolve));
		return { done, end };
	};
	const tick = () => new Promise((resolve) => setImmediate(resolve));

	it('the others run in its slot meanwhile, never more than the limit at once; it comes back before items not yet started', async () => {
		const morning = manual();
		const holding = new Set<number>();
		let peak = 0;
		const order: number[] = [];
		const releases = new Map<number, () => void>();
		const run = runInOrder(8, 2, async (i, slot) => {
			if (i < 2) await slot.aside(async () => await morning.done);
			holding.add(i);
			peak = Math.max(peak, holding.size);
			order.push(i);
			const own = manual();
			releases.set(i, own.end);
			await own.done;
			holding.delete(i);
			return i;
		});
		await tick();
		// 0 and 1 wait for the morning outside the limit of 2: 2 and 3 hold both slots.
		expect([...holding]).toEqual([2, 3]);
		morning.end();
		await tick();
		releases.get(2)?.();
		releases.get(3)?.();
		await tick();
		// Back from aside, 0 and 1 take the freed slots before 4 starts.
		expect([...holding].sort()).toEqual([0, 1]);
		for (let i = 0; i < 8; i++) {
			releases.get(i)?.();
			await tick();
		}
		const outcomes = await run;
		expect(outcomes.map((outcome) => outcome?.ok && outcome.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
		expect(order).toEqual([2, 3, 0, 1, 4, 5, 6, 7]);
		expect(peak).toBe(2);
	});

	it('after a failure, an item back from aside is refused by the gate and counts as never started', async () => {
		const gate = new StopGate();
		const morning = manual();
		const failure = new Error('item 1 failed');
		const sent: number[] = [];
		const run = runInOrder(
			3,
			2,
			async (i, slot) => {
				if (i === 1) throw failure;
				if (i === 0) {
					await tick();
					// item 1 has failed by now: its slot, and the one set aside here, start nothing new
					await slot.aside(async () => await morning.done);
				}
				const refused = gate.refuse(node, i);
				if (refused) throw refused;
				sent.push(i);
				return i;
			},
			gate,
		);
		await tick();
		morning.end();
		expect(await run).toEqual([undefined, { ok: false, error: failure }, undefined]);
		expect(sent).toEqual([]);
	});
});
