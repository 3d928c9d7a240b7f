import type { Pacer } from '../../transport/pacer';
import { pacerFor } from '../../transport/pacers';

/** Polling may use at most this share of every rate-limit window, so a bulk run beside it keeps its pace. */
export const WAITING_SHARE = 0.2;

interface Window {
	limit: number;
	ms: number;
}

/**
 * The polling budget of one credential: a sliding log of poll requests held to WAITING_SHARE of each
 * window the credential's pacer paces by (the documented 100/min and 20/10 s until the server has
 * proved shorter windows by accepting more than their limit, windowProof.ts, so a different plan or
 * a time-scaled test server is followed). The pacer still paces every request; this only keeps
 * polls from taking more than their share.
 */
export class PollBudget {
	/** each request: when it was taken, and when it stops counting against a window's start (its answer; undefined while in flight) */
	private sent: Array<{ at: number; until?: number }> = [];

	/** share: the part of every window this log may take (the polling trigger keeps to less than waiting calls). */
	constructor(
		private readonly pacer: Pacer,
		private readonly share = WAITING_SHARE,
	) {}

	/** Average spacing the share allows: the shortest sensible poll interval. */
	spacingMs(): number {
		return Math.max(...this.windows().map((window) => window.ms / allowance(window.limit, this.share)));
	}

	/** How long until one more poll fits into every window (0: now). */
	waitMs(now: number): number {
		let wait = 0;
		for (const window of this.windows()) {
			// A request in flight holds its place until its answer is a window old (it may be counted late).
			const frees = this.sent.map(({ at, until }) => (until === undefined ? Math.max(now, at + HOLD_CAP_MS) : until) + window.ms).filter((at) => at > now);
			const allowed = allowance(window.limit, this.share);
			if (frees.length >= allowed) wait = Math.max(wait, frees.sort((a, b) => a - b)[frees.length - allowed] - now);
		}
		return wait;
	}

	/** Records a poll sent now, counted from now (a wait's poll: its answer time is not reported). */
	take(now: number): void {
		this.sent.push({ at: now, until: now });
		this.prune(now);
	}

	/**
	 * Records a request sent now that holds its place until the returned function is called with its
	 * answer time (the polling trigger: its share must hold on a busy machine, see RequestShare.settled).
	 */
	hold(now: number): (answeredAt: number) => void {
		const entry: { at: number; until?: number } = { at: now };
		this.sent.push(entry);
		this.prune(now);
		return (answeredAt) => {
			entry.until = Math.max(entry.at, answeredAt);
		};
	}

	private prune(now: number): void {
		const longest = Math.max(...this.windows().map((window) => window.ms));
		this.sent = this.sent.filter(({ at, until }) => (until ?? at + HOLD_CAP_MS) > now - longest);
	}

	private windows(): Window[] {
		return this.pacer.state().windows.filter((window) => Number.isFinite(window.limit) && window.limit > 0);
	}
}

/** A request never reported answered (it cannot happen through apiRequest) stops holding its place after this. */
const HOLD_CAP_MS = 10 * 60_000;

function allowance(limit: number, share: number): number {
	return Math.max(1, Math.floor(limit * share));
}

const waitBudgets = new Map<string, PollBudget>();

/**
 * The one polling budget of a credential (its pacer's key) that every wait of this process shares:
 * Make's Wait for Call to End and Add Document's Wait Until Processed together stay within WAITING_SHARE.
 */
export function waitBudget(credential: string): PollBudget {
	let budget = waitBudgets.get(credential);
	if (!budget) {
		budget = new PollBudget(pacerFor(credential));
		waitBudgets.set(credential, budget);
	}
	return budget;
}
