/**
 * What the polling figures (P9, P9b, P13) share: one sandbox without a rate limit, the polling clock in
 * the figure's hands for its cases and given back after, one row per case; and a figure's program that
 * prints its failure and exits 1.
 */
import { startSandbox, type Sandbox } from '../sandbox';
import { pollingClock } from '../nodes/VoiceAssistant/polling/clock';
import { log, type BenchRow } from './lib';

export async function pollingRows<T>(figure: string, cases: T[], nameOf: (c: T) => string, run: (sb: Sandbox, c: T) => Promise<BenchRow>): Promise<BenchRow[]> {
	const sb = await startSandbox({ quiet: true, rateLimit: false });
	const realNow = pollingClock.now;
	try {
		const rows: BenchRow[] = [];
		for (const c of cases) {
			log(`[${figure}] ${nameOf(c)}`);
			rows.push(await run(sb, c));
		}
		return rows;
	} finally {
		pollingClock.now = realNow;
		await sb.stop();
	}
}

export function runFigure(main: () => Promise<void>): void {
	void main().catch((error) => {
		log(String(error?.stack ?? error));
		process.exitCode = 1;
	});
}
