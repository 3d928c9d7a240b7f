/**
 * n8n on a CPU-starved machine, in simulated time (test/transport/virtualTime.ts), for the polling
 * share's tests (issue #39). What a starved event loop does to the timestamps the node records:
 * - every continuation runs late (a timer fires late, a request leaves a while after the pacer gave it
 *   its slot, an answer is read a while after it arrived): `turn()`;
 * - now and then the whole process stops (a long pause: swapping, a throttled container, a paused
 *   VM); whatever was due meanwhile runs when it resumes: `stall()`;
 * - the platform (the sandbox in its own process) counts a request when it gets to it, and its Date
 *   header is Node's cached second, stale while its own loop is late.
 * Date.now, the pacer's clock and n8n's polling clock all read the simulated time.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { pacerClock } from '../../nodes/VoiceAssistant/transport/pacerClock';
import { pollingClock } from '../../nodes/VoiceAssistant/polling/clock';
import { createRng } from '../../sandbox/prng';
import { RateLimiter } from '../../sandbox/rateLimit';
import { VirtualTime } from '../transport/virtualTime';

export const MINUTE = 60_000;

export class BusyMachine {
	readonly time = new VirtualTime();
	/** when the platform counted each list request (its own clock, which is the machine's) */
	readonly counted: number[] = [];
	private readonly rng: () => number;
	private resumesAt = 0;
	private readonly limiter = new RateLimiter();
	private stallOn?: { count: number; ms: number };
	private restore: Array<() => void> = [];

	/** lateMs: the longest a continuation runs late (most run far less: the lag is skewed towards 0) */
	constructor(
		seed: number,
		private readonly lateMs: number,
	) {
		this.rng = createRng(seed);
		this.limiter.configure({ perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 1 });
	}

	/** Date.now, the pacer's clock and sleep, and n8n's polling clock read and wait on the simulation. */
	install(): void {
		const real = { ...pacerClock };
		const realPolling = pollingClock.now;
		pacerClock.now = () => this.time.now;
		pacerClock.sleep = async (ms) => await this.turn(ms);
		pollingClock.now = () => this.time.now;
		const now = jest.spyOn(Date, 'now').mockImplementation(() => this.time.now);
		this.restore.push(() => Object.assign(pacerClock, real), () => (pollingClock.now = realPolling), () => now.mockRestore());
	}

	uninstall(): void {
		for (const undo of this.restore.splice(0)) undo();
	}

	/** The process stops for `ms` right after the platform counts its `count`-th list request. */
	stallAfter(count: number, ms: number): void {
		this.stallOn = { count, ms };
	}

	/** n8n's next turn `ms` from now: late by the loop's lag, and not before a stall ends. */
	async turn(ms = 0): Promise<void> {
		await this.time.sleep(ms + this.lag());
		while (this.time.now < this.resumesAt) await this.time.sleep(this.resumesAt - this.time.now);
	}

	/** n8n's HTTP helper: the request leaves on a later turn, the platform answers, n8n reads it on a later turn. */
	context(token: string): IExecuteFunctions {
		return {
			getCredentials: async () => ({ apiToken: token, baseUrl: 'https://platform.test/api' }),
			getNode: () => ({ name: 'Voice Assistant Polling Trigger', type: 'voiceAssistantPollingTrigger', typeVersion: 1, position: [0, 0], parameters: {} }),
			helpers: { httpRequestWithAuthentication: async () => await this.exchange(token) },
		} as unknown as IExecuteFunctions;
	}

	private async exchange(token: string) {
		await this.turn();
		// The platform's own loop is a little late too: it counts the request when it gets to it.
		await this.time.sleep(1 + this.lag() / 4);
		const at = this.time.now;
		const decision = this.limiter.check(token, at);
		this.counted.push(at);
		if (this.stallOn && this.counted.length === this.stallOn.count) this.resumesAt = at + this.stallOn.ms;
		const headers: Record<string, string> = Object.fromEntries(Object.entries(decision?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
		// Node's cached Date header is refreshed by a timer, which a late loop fires late.
		headers.date = new Date(at - this.lag() / 2).toUTCString();
		await this.time.sleep(1);
		await this.turn();
		const allowed = !decision || decision.allowed;
		return { statusCode: allowed ? 200 : 429, headers, body: allowed ? { data: [], last_page: 1 } : { message: 'Too Many Attempts.', retry_after: decision.retryAfter } };
	}

	/** Most list requests the platform counted in any window of `ms`. */
	peak(ms: number): number {
		return Math.max(0, ...this.counted.map((start) => this.counted.filter((at) => at >= start && at < start + ms).length));
	}

	/** A lag skewed towards 0: most turns are a little late, a few very late. */
	private lag(): number {
		return Math.floor(this.rng() ** 3 * this.lateMs);
	}
}
