/**
 * P8 — what Skip If Called Within costs: 300 Call → Make items with the rule on, at the documented
 * limits (100/min, 20/10 s) time-scaled 10x, against call histories of different sizes. Counts the
 * history reads (GET /user/calls) beside the make_call requests; target: the check is ≤ 5 % of the
 * run's requests. The second run of the same batch shows the rule at work (0 calls placed).
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import type { Call } from '../sandbox/records';
import { runNode } from '../test/harness';
import { emit, loadVoiceAssistant, log, phoneNumber, round, targetLine, type BenchRow } from './lib';

const COUNT = Number(process.env.BENCH_P8_COUNT ?? 300);
const TIME_SCALE = 10;
const LIMITS = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: TIME_SCALE };
const VoiceAssistant = loadVoiceAssistant();

/** Outbound calls of assistant 1 within the last 20 hours, to numbers outside the batch. */
function seedHistory(sb: Sandbox, count: number): void {
	const template = sb.store.calls.find((c) => c.type === 'outbound') as Call;
	for (let i = 0; i < count; i++) {
		sb.store.calls.push({ ...template, id: 5_000_000 + i, user_id: sb.users.alice, assistant_id: 1, client_phone_number: phoneNumber(i, 9), created_at: Date.now() - (i % 20) * 3_600_000 });
	}
}

async function run(sb: Sandbox, phones: string[]): Promise<{ history: number; calls: number; skipped: number; seconds: number }> {
	sb.clearRequests();
	const started = Date.now();
	const result = await runNode({
		node: VoiceAssistant,
		parameters: {
			resource: 'call',
			operation: 'make',
			assistantId: { __rl: true, mode: 'id', value: '1' },
			phoneNumber: '={{ $json.phone }}',
			variablesInput: 'none',
			skipIfCalledRecently: true,
			calledWithinHours: 24,
		},
		credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
		items: phones.map((phone): IDataObject => ({ phone })),
	});
	if (result.error) throw result.error;
	const api = sb.requests.filter((r) => r.path.startsWith('/api/'));
	return {
		history: api.filter((r) => r.path === '/api/user/calls').length,
		calls: api.filter((r) => r.path === '/api/user/make_call').length,
		skipped: result.items.filter((item) => item.json.skipped === true).length,
		seconds: round((Date.now() - started) / 1000, 1),
	};
}

async function main(): Promise<void> {
	const rows: BenchRow[] = [];
	let worstFirstRun = 0;
	for (const seeded of [0, 1000, 3000]) {
		const sb = await startSandbox({ quiet: true, rateLimit: LIMITS, callTiming: { stepMs: 50 } });
		try {
			seedHistory(sb, seeded);
			const phones = Array.from({ length: COUNT }, (_, i) => phoneNumber(i, 8));
			for (const label of ['first run', 'same batch again']) {
				log(`[p8] ${seeded} calls in the window, ${label}`);
				const r = await run(sb, phones);
				const share = (100 * r.history) / (r.history + r.calls);
				if (label === 'first run') worstFirstRun = Math.max(worstFirstRun, seeded <= 1000 ? share : 0);
				rows.push({
					client: `${seeded} other calls in the window, ${label}`,
					'history reads': r.history,
					'make_call requests': r.calls,
					skipped: r.skipped,
					'history share %': round(share, 1),
					'time s (10x scaled)': r.seconds,
				});
			}
		} finally {
			await sb.waitForIdle();
			await sb.stop();
		}
	}
	const pass = worstFirstRun <= 5;
	emit({
		figure: 'P8',
		title: `Skip If Called Within on ${COUNT} Call → Make items, documented limits time-scaled ${TIME_SCALE}x`,
		columns: ['history reads', 'make_call requests', 'skipped', 'history share %', 'time s (10x scaled)'],
		rows,
		summary: targetLine('P8', pass, `the history check is ${round(worstFirstRun, 1)} % of a ${COUNT}-item run's requests with up to 1,000 other calls in the window (target ≤ 5 %)`),
		pass,
		notes: [
			'history reads: 1 page of 100, then the remaining pages or one read per number, whichever is fewer',
			'"same batch again": every number was just called, so nothing is placed',
		],
	});
}

main().catch((error: unknown) => {
	log(String((error as Error)?.stack ?? error));
	process.exit(1);
});
