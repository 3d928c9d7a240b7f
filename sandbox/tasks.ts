/**
 * Book-keeping of background work (simulated calls, campaign dialing, webhook deliveries) so that
 * waitForIdle() can resolve when nothing is pending and stop() can cancel every timer.
 */
export class Tasks {
	private pending = 0;
	private idleWaiters: Array<() => void> = [];
	private timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
	stopped = false;

	/** Runs `work` as a pending task; errors are reported, never thrown into the caller. */
	run(work: () => Promise<unknown>, onError: (err: unknown) => void = () => {}): void {
		if (this.stopped) return;
		this.pending++;
		work()
			.catch(onError)
			.finally(() => {
				this.pending--;
				if (this.pending === 0) this.flush();
			});
	}

	/** Resolves after `ms` (or at once when stopped). Check `stopped` after awaiting. */
	sleep(ms: number): Promise<void> {
		if (this.stopped) return Promise.resolve();
		return new Promise((resolve) => {
			const entry = {
				resolve,
				timer: setTimeout(() => {
					this.timers.delete(entry);
					resolve();
				}, ms),
			};
			this.timers.add(entry);
		});
	}

	get busy(): boolean {
		return this.pending > 0;
	}

	waitForIdle(): Promise<void> {
		if (this.pending === 0 || this.stopped) return Promise.resolve();
		return new Promise((resolve) => this.idleWaiters.push(resolve));
	}

	stop(): void {
		this.stopped = true;
		for (const entry of this.timers) {
			clearTimeout(entry.timer);
			entry.resolve();
		}
		this.timers.clear();
		this.flush();
	}

	private flush(): void {
		const waiters = this.idleWaiters;
		this.idleWaiters = [];
		for (const resolve of waiters) resolve();
	}
}
