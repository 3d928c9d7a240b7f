/**
 * Simulated time for the pacer (transport/pacerClock.ts): `now` moves only when everything waits,
 * straight to the next wake-up. A run is then the same on an idle and on a busy machine, and takes
 * milliseconds however many simulated seconds it covers.
 */
import { pacerClock } from '../../nodes/VoiceAssistant/transport/pacerClock';

interface Sleeper {
	at: number;
	order: number;
	wake: () => void;
}

export class VirtualTime {
	now = Date.UTC(2030, 0, 1);
	private sleepers: Sleeper[] = [];
	private order = 0;

	readonly sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
		new Promise<void>((resolve, reject) => {
			if (signal?.aborted) return reject(signal.reason);
			const sleeper: Sleeper = { at: this.now + Math.max(0, ms), order: this.order++, wake: resolve };
			this.sleepers.push(sleeper);
			signal?.addEventListener('abort', () => {
				this.sleepers = this.sleepers.filter((other) => other !== sleeper);
				reject(signal.reason);
			});
		});

	/** Runs `work` to its end, moving the clock to the next wake-up whenever nothing else can happen. */
	async run<T>(work: () => Promise<T>): Promise<T> {
		let outcome: { value: T } | { error: unknown } | undefined;
		work().then(
			(value) => (outcome = { value }),
			(error: unknown) => (outcome = { error }),
		);
		for (;;) {
			// Promise chains settle within a turn of the event loop; no real I/O is involved.
			for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
			if (outcome) break;
			if (this.sleepers.length === 0) throw new Error('Simulated time: the work waits for nothing that will ever happen');
			this.sleepers.sort((a, b) => a.at - b.at || a.order - b.order);
			const next = this.sleepers.shift()!;
			this.now = Math.max(this.now, next.at);
			next.wake();
		}
		if ('error' in outcome) throw outcome.error;
		return outcome.value;
	}
}

/** The pacer reads and waits on `time` until the returned function puts the real clock back. */
export function usePacerOn(time: VirtualTime): () => void {
	const real = { ...pacerClock };
	pacerClock.now = () => time.now;
	pacerClock.sleep = time.sleep;
	return () => Object.assign(pacerClock, real);
}
