import type { Pacer } from '../../transport/pacer';
import { pacerFor } from '../../transport/pacers';

/** Polling may use at most this share of every rate-limit window, so a bulk run beside it keeps its pace. */
export const POLL_SHARE = 0.2;

interface Window {
	limit: number;
	ms: number;
}

/**
 * The polling budget of one credential: a sliding log of poll requests held to POLL_SHARE of each
 * window the credential's pacer models (the documented 100/min and 20/10 s until the server's
 * headers or a 429 say otherwise, so a different plan or a time-scaled test server is followed).
 * The pacer still paces every request; this only keeps polls from taking more than their share.
 */
export class PollBudget {
	private sent: number[] = [];

	/** share: the part of every window this log may take (the polling trigger keeps to less than waiting calls). */
	constructor(
		private readonly pacer: Pacer,
		private readonly share = POLL_SHARE,
	) {}

	/** Average spacing the share allows: the shortest sensible poll interval. */
	spacingMs(): number {
		return Math.max(...this.windows().map((window) => window.ms / allowance(window.limit, this.share)));
	}

	/** How long until one more poll fits into every window (0: now). */
	waitMs(now: number): number {
		let wait = 0;
		for (const window of this.windows()) {
			const inWindow = this.sent.filter((at) => at > now - window.ms);
			const allowed = allowance(window.limit, this.share);
			if (inWindow.length >= allowed) wait = Math.max(wait, inWindow[inWindow.length - allowed] + window.ms - now);
		}
		return wait;
	}

	/** Records a poll about to be sent. */
	take(now: number): void {
		this.sent.push(now);
		const longest = Math.max(...this.windows().map((window) => window.ms));
		while (this.sent.length > 0 && this.sent[0] <= now - longest) this.sent.shift();
	}

	private windows(): Window[] {
		return this.pacer.state().windows.filter((window) => Number.isFinite(window.limit) && window.limit > 0);
	}
}

function allowance(limit: number, share: number): number {
	return Math.max(1, Math.floor(limit * share));
}

const waitBudgets = new Map<string, PollBudget>();

/**
 * The one polling budget of a credential (its pacer's key) that every wait of this process shares:
 * Make's Wait for Call to End and Add Document's Wait Until Processed together stay within POLL_SHARE.
 */
export function waitBudget(credential: string): PollBudget {
	let budget = waitBudgets.get(credential);
	if (!budget) {
		budget = new PollBudget(pacerFor(credential));
		waitBudgets.set(credential, budget);
	}
	return budget;
}
