/**
 * The platform counts requests, not pages: while it answers 500, the polling trigger's retries of a
 * page come out of its 10 % share like the page itself (a retry the share has no room for is not
 * sent, and the poll fails with the platform's error). Polls every 5 s on n8n's clock (the test's),
 * for two minutes of a failing platform, then it recovers and the call that ended meanwhile is
 * emitted once.
 */
import { POLLING_TRIGGER_SHARE } from '../../nodes/VoiceAssistant/polling/budget';
import { tuneRetries } from '../../nodes/VoiceAssistant/transport/policy';
import { MINUTE, usePollingSandbox } from './helpers';

/** The documented limits: 100 a minute, 20 per 10 s. */
const WINDOWS = [
	{ ms: 60_000, limit: 100 },
	{ ms: 10_000, limit: 20 },
];

/** Most requests in any window of `ms` starting at a sample (n8n's clock: a poll's requests all fall at its time). */
function peak(samples: Array<{ at: number; requests: number }>, ms: number): number {
	return Math.max(...samples.map((start) => samples.filter((s) => s.at >= start.at && s.at < start.at + ms).reduce((sum, s) => sum + s.requests, 0)));
}

describe('Voice Assistant Polling Trigger: its share holds while the platform fails', () => {
	const t = usePollingSandbox();
	// The backoff between retries in ms instead of seconds: the retries are what is counted, not their pace.
	beforeAll(() => tuneRetries({ backoffBaseMs: 5 }));
	afterAll(() => tuneRetries());

	it(`every request, retries included, within ${POLLING_TRIGGER_SHARE * 100} % of each window; the poll fails with the platform's error`, async () => {
		await t.poll({ activationPoll: true });
		const call = t.startCall();
		t.sb.setFaults([{ kind: 'status', status: 500, match: { method: 'GET', path: '/user/calls' } }]);
		const samples: Array<{ at: number; requests: number }> = [];
		const errors: string[] = [];
		for (let poll = 0; poll < 24; poll++) {
			const before = t.listRequests().length;
			await t.poll({ after: 5000 }).catch((error: Error) => errors.push(error.message));
			samples.push({ at: t.n8nNow, requests: t.listRequests().length - before });
		}
		const sent = samples.reduce((sum, s) => sum + s.requests, 0);
		for (const { ms, limit } of WINDOWS) expect(peak(samples, ms)).toBeLessThanOrEqual(limit * POLLING_TRIGGER_SHARE);
		// It keeps trying at its share: 10 a minute for two minutes (the shipped code sent 1 + 3 retries a poll: 8 per 10 s).
		expect(sent).toBe(2 * 100 * POLLING_TRIGGER_SHARE);
		expect(new Set(errors)).toEqual(new Set([expect.stringMatching(/500|server|internal/i)]));

		t.sb.setFaults([]);
		t.serverNow += 2 * MINUTE;
		t.endCall(call);
		const recovered = await t.poll({ after: 10_000 });
		expect(t.ids(recovered)).toEqual([call.id]);
		expect((await t.poll({ after: 10_000 })).items).toEqual([]);
	});

	it('a poll after a quiet spell still retries a failed page, as far as the share goes: 2 requests, not 1 + 3 retries', async () => {
		await t.poll({ activationPoll: true });
		t.sb.setFaults([{ kind: 'status', status: 500, match: { method: 'GET', path: '/user/calls' } }]);
		const before = t.listRequests().length;
		await expect(t.poll()).rejects.toThrow(/HTTP 500/);
		expect(t.listRequests().length - before).toBe(20 * POLLING_TRIGGER_SHARE);
		t.sb.setFaults([]);
	});
});
