/**
 * What polling costs: one request per poll while fewer than 100 calls are created between the oldest
 * call in progress and the newest; never more than the polling share (10 %) of any rate-limit window
 * of the token, however far behind the trigger is: a catch-up is spread over polls.
 */
import { POLLING_TRIGGER_SHARE } from '../../nodes/VoiceAssistant/polling/budget';
import { MINUTE, usePollingSandbox } from './helpers';

/** Most requests in any window of `ms` (sliding), from (time, count) samples. */
function peak(samples: Array<{ at: number; pages: number }>, ms: number): number {
	let most = 0;
	for (const start of samples) {
		const inWindow = samples.filter((s) => s.at >= start.at && s.at < start.at + ms).reduce((sum, s) => sum + s.pages, 0);
		most = Math.max(most, inWindow);
	}
	return most;
}

describe('Voice Assistant Polling Trigger: cost', () => {
	const t = usePollingSandbox();

	it('one request per poll in steady use (a call a minute, calls lasting a few minutes)', async () => {
		await t.poll({ activationPoll: true });
		const running = [];
		const before = t.listRequests().length;
		let emitted = 0;
		for (let minute = 0; minute < 30; minute++) {
			t.serverNow += MINUTE;
			running.push(t.startCall());
			if (running.length > 3) t.endCall(running.shift()!);
			emitted += (await t.poll()).items.length;
		}
		expect(t.listRequests().length - before).toBe(30);
		expect(emitted).toBe(27);
		expect(t.listRequests().every((query) => query.per_page === '100')).toBe(true);
	});

	it(`a catch-up of 1,000 calls keeps within ${POLLING_TRIGGER_SHARE * 100} % of every window and finishes`, async () => {
		await t.poll({ activationPoll: true });
		const ended = new Set<number>();
		for (let i = 0; i < 1000; i++) {
			t.serverNow += 5000;
			const call = t.startCall();
			t.endCall(call);
			ended.add(call.id);
		}
		const samples: Array<{ at: number; pages: number }> = [];
		const seen: number[] = [];
		// Polls every 5 s (n8n's clock) until everything is out.
		for (let poll = 0; poll < 200 && seen.length < ended.size; poll++) {
			const before = t.listRequests().length;
			seen.push(...t.ids(await t.poll({ after: 5000 })));
			samples.push({ at: t.n8nNow, pages: t.listRequests().length - before });
		}
		expect(new Set(seen)).toEqual(ended);
		expect(seen).toHaveLength(ended.size);
		// The documented limits: 100 a minute, 20 per 10 s; the share: 10 and 2.
		expect(peak(samples, 60_000)).toBeLessThanOrEqual(100 * POLLING_TRIGGER_SHARE);
		expect(peak(samples, 10_000)).toBeLessThanOrEqual(20 * POLLING_TRIGGER_SHARE);
		expect(samples.filter((s) => s.pages === 0).length).toBeGreaterThan(0);
	});

	it('polls that overlap in one n8n (a slow poll, the next tick) do not both read', async () => {
		await t.poll({ activationPoll: true });
		const call = t.startCall();
		t.serverNow += MINUTE;
		t.endCall(call);
		t.sb.setLatency(200);
		const [first, second] = await Promise.all([t.poll(), t.poll({ after: 1000 })]);
		expect([...t.ids(first), ...t.ids(second)]).toEqual([call.id]);
	});
});
