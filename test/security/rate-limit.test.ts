/**
 * Issue #14, point 2: one 429 with a huge wait must not freeze the token. The request that got it
 * fails at once ("rate limited, retry after …"); the next run, once the platform has recovered,
 * proceeds normally.
 */
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { credentialKey } from '../../nodes/VoiceAssistant/shared/platforms';
import { pacerClock } from '../../nodes/VoiceAssistant/transport/pacerClock';
import { pacerFor, resetPacers } from '../../nodes/VoiceAssistant/transport/pacers';
import { tuneRetries } from '../../nodes/VoiceAssistant/transport/policy';
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { runNode } from '../harness';

/**
 * The waits the pacer was asked for (ms), recorded around its real sleep: "fails at once" is "asked
 * for no wait", which a busy machine cannot change (a wall-clock bound could fail there).
 */
const waits: number[] = [];
const waited = () => waits.reduce((sum, ms) => sum + ms, 0);
const realSleep = pacerClock.sleep;

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ quiet: true });
	pacerClock.sleep = async (ms, signal) => {
		waits.push(ms);
		await realSleep(ms, signal);
	};
});
afterAll(async () => {
	pacerClock.sleep = realSleep;
	tuneRetries();
	await sb.stop();
});
beforeEach(() => {
	tuneRetries();
	resetPacers();
	sb.setFaults([]);
	sb.clearRequests();
	waits.length = 0;
});

const getModels = { resource: 'reference', operation: 'getModels' };
const run = async () =>
	await runNode({ node: VoiceAssistant, parameters: getModels, credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl } });

async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
	const started = Date.now();
	const result = await fn();
	return { result, ms: Date.now() - started };
}

/** Fails the promise if it has not settled within `ms` (a hung run would otherwise hang the test file). */
async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const limit = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms);
	});
	try {
		return await Promise.race([promise, limit]);
	} finally {
		clearTimeout(timer);
	}
}

it.each([
	['retry_after: 86400', 86_400, /retry after 24 h/],
	['Retry-After of ten years', 10 * 365 * 86_400, /retry after 87600 h/],
])('%s: the first run fails at once, the next run after recovery succeeds without waiting', async (_name, seconds, wait) => {
	sb.setFaults([{ kind: 'rate-limit', retryAfter: seconds, count: 1 }]);
	const first = await timed(run);
	expect(waited()).toBe(0);
	expect(first.result.error?.message).toMatch(/^Rate limited by the platform: /);
	expect(first.result.error?.message).toMatch(wait);

	// The platform has recovered (the fault fired once): the next execution on the token goes through.
	// (within: a run the pacer held for the 24 h would otherwise hang the file)
	const second = await within(20_000, timed(run));
	expect(second.result.error).toBeUndefined();
	expect(second.result.items.length).toBeGreaterThan(0);
	expect(waited()).toBe(0);
});

it('a wait inside the budget is honoured, and the shared block never outlives the budget', async () => {
	tuneRetries({ maxTotalRetryWaitMs: 1500 });
	sb.setFaults([{ kind: 'rate-limit', retryAfter: 1, count: 1 }]);
	const honoured = await timed(run);
	expect(honoured.result.error).toBeUndefined();
	expect(honoured.ms).toBeGreaterThanOrEqual(900);
	expect(waited()).toBeGreaterThanOrEqual(900);

	// A block asked for by anyone is cut to the budget from now.
	const pacer = pacerFor(credentialKey(sb.baseUrl, sb.tokens.alice));
	pacer.blockUntil(Date.now() + 86_400_000);
	expect(pacer.state().blockedUntil - Date.now()).toBeLessThanOrEqual(1500);
});

it('a wait longer than what the request has left fails it now instead of waiting it out', async () => {
	tuneRetries({ maxTotalRetryWaitMs: 1500 });
	sb.setFaults([{ kind: 'rate-limit', retryAfter: 3, count: 1 }]);
	const { result } = await timed(run);
	expect(result.error?.message).toMatch(/^Rate limited by the platform: retry after 3 s/);
	expect(waited()).toBe(0);
});
