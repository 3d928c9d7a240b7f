/**
 * Platform 2.0 workspaces and their API keys. A key implies its workspace (there is no workspace
 * header); it is either a workspace service-account key or a user-owned key, and carries scopes
 * (none = full access). The seeded keys are constants, like the classic TOKENS, so tests in another
 * process (e2e) can use them; more are minted with `mint` (tests, control route, createApiKey).
 */
import { hex, uuid, type Rng } from '../prng';

export type KeyKind = 'user' | 'service';

export interface P2Workspace {
	id: string;
	name: string;
	plan: string;
	/** the white-label entitlement: without it, `whitelabel` operations answer 403 whitelabel_not_in_plan */
	whitelabel: boolean;
}

export interface P2Key {
	id: string;
	/** what goes after `Bearer ` */
	secret: string;
	workspaceId: string;
	name: string;
	kind: KeyKind;
	/** granted scopes; [] = no restriction (full access) */
	scopes: string[];
	revoked: boolean;
	created_at: string;
	expires_at: string | null;
}

export const PLATFORM2_WORKSPACES = {
	/** the demo workspace: lots of data, white-label plan */
	A: { id: '6f1c2a4e-0a11-4c3b-9d2e-00000000000a', name: 'Acme Voice GmbH', plan: 'agency', whitelabel: true },
	/** a second tenant for isolation checks, without the white-label plan */
	B: { id: '6f1c2a4e-0b22-4c3b-9d2e-00000000000b', name: 'Beta Calls Ltd', plan: 'starter', whitelabel: false },
} as const satisfies Record<string, P2Workspace>;

export const PLATFORM2_KEYS = {
	/** workspace A, user-owned, no scope restriction */
	full: 'fam_sandbox_a_full_user_key',
	/** workspace A, service-account key, no scope restriction (refused by `userKey` operations) */
	service: 'fam_sandbox_a_service_key',
	/** workspace A, user-owned, only `assistants:read` */
	assistantsRead: 'fam_sandbox_a_assistants_read_key',
	/** workspace B, user-owned, no scope restriction */
	otherWorkspace: 'fam_sandbox_b_full_user_key',
} as const;

export type SeededKeyName = keyof typeof PLATFORM2_KEYS;

export interface MintOptions {
	/** 'A', 'B' or a workspace id (default A) */
	workspace?: string;
	scopes?: string[];
	kind?: KeyKind;
	name?: string;
	expiresInDays?: number;
}

const SEEDED: Array<{ name: SeededKeyName; ws: P2Workspace; kind: KeyKind; scopes: string[]; id: string }> = [
	{ name: 'full', ws: PLATFORM2_WORKSPACES.A, kind: 'user', scopes: [], id: '0c6f7e1a-1111-4a2b-8c3d-000000000001' },
	{ name: 'service', ws: PLATFORM2_WORKSPACES.A, kind: 'service', scopes: [], id: '0c6f7e1a-1111-4a2b-8c3d-000000000002' },
	{ name: 'assistantsRead', ws: PLATFORM2_WORKSPACES.A, kind: 'user', scopes: ['assistants:read'], id: '0c6f7e1a-1111-4a2b-8c3d-000000000003' },
	{ name: 'otherWorkspace', ws: PLATFORM2_WORKSPACES.B, kind: 'user', scopes: [], id: '0c6f7e1a-1111-4a2b-8c3d-000000000004' },
];

export class KeyRing {
	readonly workspaces: P2Workspace[] = Object.values(PLATFORM2_WORKSPACES).map((w) => ({ ...w }));
	private keys: P2Key[] = [];

	constructor(private rng: Rng, createdAt: string) {
		for (const s of SEEDED) {
			this.keys.push({ id: s.id, secret: PLATFORM2_KEYS[s.name], workspaceId: s.ws.id, name: `Sandbox ${s.name}`, kind: s.kind, scopes: [...s.scopes], revoked: false, created_at: createdAt, expires_at: null });
		}
	}

	workspace(idOrLetter: string): P2Workspace | undefined {
		const letter = idOrLetter.toUpperCase();
		const id = letter === 'A' || letter === 'B' ? PLATFORM2_WORKSPACES[letter].id : idOrLetter;
		return this.workspaces.find((w) => w.id === id);
	}

	/** The live key a bearer secret names (revoked and expired keys are unknown). */
	bySecret(secret: string, now = Date.now()): P2Key | undefined {
		const key = this.keys.find((k) => k.secret === secret);
		if (!key || key.revoked || (key.expires_at !== null && Date.parse(key.expires_at) <= now)) return undefined;
		return key;
	}

	byId(workspaceId: string, id: string): P2Key | undefined {
		return this.keys.find((k) => k.id === id && k.workspaceId === workspaceId);
	}

	list(workspaceId: string): P2Key[] {
		return this.keys.filter((k) => k.workspaceId === workspaceId);
	}

	/** Throws on an unknown workspace or a malformed scope list. */
	mint(opts: MintOptions = {}): P2Key {
		const ws = this.workspace(opts.workspace ?? 'A');
		if (!ws) throw new Error(`No workspace ${opts.workspace}`);
		const scopes = opts.scopes ?? [];
		if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string' || !/^[a-z_]+:(read|write)$/.test(s))) {
			throw new Error('scopes must be a list like ["assistants:read", "calls:write"]');
		}
		const kind = opts.kind ?? 'user';
		if (kind !== 'user' && kind !== 'service') throw new Error("kind must be 'user' or 'service'");
		const now = new Date();
		const key: P2Key = {
			id: uuid(this.rng),
			secret: `fam_sandbox_${hex(this.rng, 32)}`,
			workspaceId: ws.id,
			name: opts.name ?? 'Minted key',
			kind,
			scopes: [...scopes],
			revoked: false,
			created_at: now.toISOString(),
			expires_at: opts.expiresInDays ? new Date(now.getTime() + opts.expiresInDays * 86_400_000).toISOString() : null,
		};
		this.keys.push(key);
		return key;
	}

	revoke(key: P2Key): void {
		key.revoked = true;
	}
}

/** A key as the API shows it: never the secret (shown once, by createApiKey). */
export function publicKey(key: P2Key): Record<string, unknown> {
	return {
		id: key.id,
		name: key.name,
		kind: key.kind,
		scopes: key.scopes,
		prefix: key.secret.slice(0, 12),
		revoked: key.revoked,
		created_at: key.created_at,
		expires_at: key.expires_at,
	};
}
