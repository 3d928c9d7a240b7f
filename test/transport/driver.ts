/**
 * A minimal client around one Pacer, for testing the pacer alone against a rate limiter in simulated
 * time (virtualTime.ts): wait for a slot, send (half the latency there, half back), tell the pacer
 * what came back, repeat on 429 (which the platform answers unprocessed). No n8n and no sockets in
 * between, so the timings are the pacer's own behaviour and the same on any machine.
 */
import type { Pacer } from '../../nodes/VoiceAssistant/transport/pacer';
import { readRateInfo } from '../../nodes/VoiceAssistant/transport/rateHeaders';
import type { RateLimiter } from '../../sandbox/rateLimit';
import type { VirtualTime } from './virtualTime';

/** What a server answers a request that reaches it at `now` (header names as HTTP clients hand them over: lower case). */
export type Server = (now: number) => { status: number; headers: Record<string, string>; body: unknown };

/** One-way trip, ms: a request reaches the server this long after it leaves, and its answer comes back as long after. */
export const TRIP_MS = 1;

export interface DriverStats {
	sent: number;
	rejected: number;
	ok: number;
	startedAt: number;
	finishedAt: number;
}

export function newStats(time: VirtualTime): DriverStats {
	return { sent: 0, rejected: 0, ok: 0, startedAt: time.now, finishedAt: 0 };
}

/** The sandbox's rate limiter (sandbox/rateLimit.ts) answering as its server does (server.ts: retry_after in the 429's body). */
export function limiterServer(limiter: RateLimiter, token = 'token'): Server & { received: number } {
	const server = Object.assign(
		(now: number) => {
			server.received++;
			const decision = limiter.check(token, now);
			const headers = Object.fromEntries(Object.entries(decision?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
			if (!decision || decision.allowed) return { status: 200, headers, body: [] };
			return { status: 429, headers, body: { message: 'Too Many Attempts.', retry_after: decision.retryAfter } };
		},
		{ received: 0 },
	);
	return server;
}

export async function send(time: VirtualTime, pacer: Pacer, server: Server, stats: DriverStats, signal?: AbortSignal): Promise<number> {
	for (let attempt = 0; attempt < 20; attempt++) {
		const ticket = await pacer.acquire(signal);
		stats.sent++;
		await time.sleep(TRIP_MS);
		const answer = server(time.now);
		await time.sleep(TRIP_MS);
		const at = time.now;
		ticket.settle(answer.status, readRateInfo(answer.status, answer.headers, answer.body, at), at);
		if (answer.status !== 429) {
			stats.ok++;
			stats.finishedAt = Math.max(stats.finishedAt, at);
			return answer.status;
		}
		stats.rejected++;
	}
	throw new Error('still rate limited after 20 attempts');
}

/** `count` requests over `lanes` parallel lanes sharing one pacer. */
export async function sendMany(
	time: VirtualTime,
	pacer: Pacer,
	server: Server,
	count: number,
	lanes = 1,
	stats = newStats(time),
): Promise<DriverStats> {
	let next = 0;
	const statuses: number[] = [];
	await Promise.all(
		Array.from({ length: lanes }, async () => {
			while (next < count) {
				next++;
				statuses.push(await send(time, pacer, server, stats));
			}
		}),
	);
	if (statuses.some((status) => status !== 200)) throw new Error(`unexpected statuses ${[...new Set(statuses)].join(', ')}`);
	return stats;
}

/**
 * The earliest time the last of `count` requests can be admitted by a sliding-window limiter that
 * answers 429 with an exact retry_after: a greedy client that sends the instant a slot frees.
 */
export function theoreticalMs(
	check: (now: number) => { allowed: boolean; retryAfter?: number } | null,
	count: number,
): number {
	const start = 1e12;
	let now = start;
	for (let admitted = 0; admitted < count; ) {
		const decision = check(now);
		if (!decision || decision.allowed) admitted++;
		else now += (decision.retryAfter ?? 1) * 1000;
	}
	return now - start;
}
