/**
 * Holds matching /api requests (logged, not yet answered) until the test lets them go. A test of how
 * many requests run at once counts them here at the moment they are all in, instead of hoping the
 * machine is quick enough for them to overlap: held requests are in flight by construction, and the
 * test decides when they end.
 */
export interface GateMatch {
	method?: string;
	/** a path prefix, with or without /api */
	path?: string;
}

export class RequestGate {
	private match: GateMatch | null = null;
	private waiting: Array<() => void> = [];
	private watchers: Array<{ count: number; resolve: () => void }> = [];
	/** most requests held at the same moment since hold() */
	most = 0;

	/** From now on, requests that match wait until released. */
	hold(match: GateMatch = {}): void {
		this.match = match;
		this.most = 0;
	}

	/** Requests waiting now. */
	get held(): number {
		return this.waiting.length;
	}

	/** Lets the earliest `count` held requests go on (all when not given). */
	release(count = this.waiting.length): void {
		for (const go of this.waiting.splice(0, count)) go();
	}

	/** Lets every held request go on and holds no more. */
	open(): void {
		this.match = null;
		this.release();
	}

	/** Resolves once `count` requests are held at the same moment (rejects after `timeoutMs`). */
	async whenHeld(count: number, timeoutMs = 10_000): Promise<void> {
		if (this.waiting.length >= count) return;
		await new Promise<void>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`The gate held ${this.waiting.length} requests, not ${count}, after ${timeoutMs} ms`)), timeoutMs);
			this.watchers.push({
				count,
				resolve: () => {
					clearTimeout(timer);
					resolve();
				},
			});
		});
	}

	/** Waits here if the request matches (server.ts calls this for every /api request). */
	async pass(method: string, path: string): Promise<void> {
		const match = this.match;
		if (!match || (match.method && match.method !== method) || (match.path && !path.startsWith(apiPath(match.path)))) return;
		await new Promise<void>((go) => {
			this.waiting.push(go);
			this.most = Math.max(this.most, this.waiting.length);
			const ready = this.watchers.filter((watcher) => watcher.count <= this.waiting.length);
			this.watchers = this.watchers.filter((watcher) => watcher.count > this.waiting.length);
			for (const watcher of ready) watcher.resolve();
		});
	}
}

function apiPath(path: string): string {
	return path.startsWith('/api') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
}
