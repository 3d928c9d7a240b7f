/**
 * A minimal client around one Pacer, for testing the pacer alone against a real rate limiter: wait
 * for a slot, send, tell the pacer what came back, repeat on 429 (which the platform answers
 * unprocessed). No n8n in between, so timings show the pacer's own behaviour.
 */
import axios from 'axios';

import type { Pacer } from '../../nodes/VoiceAssistant/transport/pacer';
import { readRateInfo } from '../../nodes/VoiceAssistant/transport/rateHeaders';

export interface DriverStats {
	sent: number;
	rejected: number;
	ok: number;
	startedAt: number;
	finishedAt: number;
}

export function newStats(): DriverStats {
	return { sent: 0, rejected: 0, ok: 0, startedAt: Date.now(), finishedAt: 0 };
}

export async function send(pacer: Pacer, url: string, token: string, stats: DriverStats, signal?: AbortSignal): Promise<number> {
	for (let attempt = 0; attempt < 20; attempt++) {
		const ticket = await pacer.acquire(signal);
		stats.sent++;
		const res = await axios.get(url, {
			headers: { Authorization: `Bearer ${token}` },
			validateStatus: () => true,
		});
		const at = Date.now();
		ticket.settle(res.status, readRateInfo(res.status, res.headers as Record<string, unknown>, res.data, at), at);
		if (res.status !== 429) {
			stats.ok++;
			stats.finishedAt = Math.max(stats.finishedAt, at);
			return res.status;
		}
		stats.rejected++;
	}
	throw new Error('still rate limited after 20 attempts');
}

/** `count` requests over `lanes` parallel lanes sharing one pacer. */
export async function sendMany(
	pacer: Pacer,
	url: string,
	token: string,
	count: number,
	lanes = 1,
	stats = newStats(),
): Promise<DriverStats> {
	let next = 0;
	const statuses: number[] = [];
	await Promise.all(
		Array.from({ length: lanes }, async () => {
			while (next < count) {
				next++;
				statuses.push(await send(pacer, url, token, stats));
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
