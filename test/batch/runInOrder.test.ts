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
