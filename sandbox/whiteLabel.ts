/**
 * The white-label admin API's state (Autocalls docs, "White-label admin API"): which users are
 * resellers (admins), whose users each reseller registered, and the minutes and credits balances the
 * transfers move (9 credits = 1 minute). Seeded: alice (1) is a reseller and carol (3) one of her users.
 */
import { DAY, SEED_BASE } from './time';

export const CREDITS_PER_MINUTE = 9;

export interface WhiteLabelClient {
	user_id: number;
	reseller_id: number;
	timezone: string;
	created_at: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

export class WhiteLabelStore {
	private admins = new Set<number>();
	private clients = new Map<number, WhiteLabelClient>();
	private minutes = new Map<number, number>();
	private credits = new Map<number, number>();

	load(): void {
		this.admins = new Set([1]);
		this.clients = new Map([[3, { user_id: 3, reseller_id: 1, timezone: 'Europe/Bucharest', created_at: SEED_BASE - 20 * DAY }]]);
		this.minutes = new Map([
			[1, 600],
			[3, 30],
		]);
		this.credits = new Map([[3, 90]]);
	}

	isAdmin(userId: number): boolean {
		return this.admins.has(userId);
	}

	clientsOf(resellerId: number): WhiteLabelClient[] {
		return [...this.clients.values()].filter((c) => c.reseller_id === resellerId).sort((a, b) => a.user_id - b.user_id);
	}

	clientOf(resellerId: number, userId: number): WhiteLabelClient | undefined {
		const client = this.clients.get(userId);
		return client && client.reseller_id === resellerId ? client : undefined;
	}

	addClient(client: WhiteLabelClient): void {
		this.clients.set(client.user_id, client);
	}

	balances(userId: number): { minutes_balance: number; credits_balance: number } {
		return { minutes_balance: this.minutes.get(userId) ?? 0, credits_balance: this.credits.get(userId) ?? 0 };
	}

	/**
	 * Moves `amount` minutes or credits between the reseller and one of its users; credits cost the
	 * reseller minutes at 9 credits a minute. Returns the refusal, or undefined when done.
	 */
	transfer(resellerId: number, userId: number, type: 'minutes' | 'credits', operation: 'add' | 'remove', amount: number): string | undefined {
		const pool = type === 'minutes' ? this.minutes : this.credits;
		const inMinutes = type === 'minutes' ? amount : amount / CREDITS_PER_MINUTE;
		const own = this.minutes.get(resellerId) ?? 0;
		const theirs = pool.get(userId) ?? 0;
		if (operation === 'add') {
			if (own < inMinutes) return 'Insufficient balance.';
			this.minutes.set(resellerId, round(own - inMinutes));
			pool.set(userId, round((pool.get(userId) ?? 0) + amount));
		} else {
			if (theirs < amount) return 'The user does not have enough balance.';
			pool.set(userId, round(theirs - amount));
			this.minutes.set(resellerId, round((this.minutes.get(resellerId) ?? 0) + inMinutes));
		}
		return undefined;
	}
}
