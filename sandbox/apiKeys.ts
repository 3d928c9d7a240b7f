/**
 * API keys per user (Autocalls docs, "Account: API keys"; also the tokens the white-label admin API
 * creates). A key's token works as a bearer token for its user (store.userByToken). Tokens look like
 * the platform's Laravel Sanctum ones: `<id>|<secret>`.
 */
import { randomBytes } from 'node:crypto';

import { DAY, isoMicros, SEED_BASE } from './time';

export interface ApiKey {
	id: number;
	user_id: number;
	name: string;
	token: string;
	last_used_at: number | null;
	created_at: number;
}

export class ApiKeyStore {
	private keys: ApiKey[] = [];
	private nextId = 1;

	/** Re-seeds: alice (1) has two keys, bob (2) one. */
	load(): void {
		this.keys = [
			{ id: 1, user_id: 1, name: 'Zapier', token: '1|seeded-alice-key-zapier', last_used_at: SEED_BASE - DAY, created_at: SEED_BASE - 60 * DAY },
			{ id: 2, user_id: 1, name: 'Old script', token: '2|seeded-alice-key-old', last_used_at: null, created_at: SEED_BASE - 90 * DAY },
			{ id: 3, user_id: 2, name: 'Bob CRM', token: '3|seeded-bob-key-crm', last_used_at: null, created_at: SEED_BASE - 10 * DAY },
		];
		this.nextId = 4;
	}

	keysOf(userId: number): ApiKey[] {
		return this.keys.filter((k) => k.user_id === userId);
	}

	keyOf(userId: number, id: unknown): ApiKey | undefined {
		return this.keys.find((k) => k.id === Number(id) && k.user_id === userId);
	}

	add(userId: number, name: string): ApiKey {
		const id = this.nextId++;
		const key: ApiKey = { id, user_id: userId, name, token: `${id}|${randomBytes(20).toString('hex')}`, last_used_at: null, created_at: Date.now() };
		this.keys.push(key);
		return key;
	}

	remove(key: ApiKey): void {
		this.keys.splice(this.keys.indexOf(key), 1);
	}

	/** The user a key's token belongs to (and the key marked as used), or undefined. */
	ownerOf(token: string): number | undefined {
		const key = this.keys.find((k) => k.token === token);
		if (!key) return undefined;
		key.last_used_at = Date.now();
		return key.user_id;
	}
}

/** A key as GET /user/api-keys lists it: no token. */
export function apiKeyRecord(key: ApiKey) {
	return { id: key.id, name: key.name, last_used_at: key.last_used_at === null ? null : isoMicros(key.last_used_at), created_at: isoMicros(key.created_at) };
}
