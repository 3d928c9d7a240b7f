/**
 * Who may call an operation: the key's scopes against the catalogue's requirements, user-owned keys
 * for `userKey` operations, the white-label plan for `whitelabel` ones. `admin` and `plan:*` flags are
 * not enforced: every seeded key acts as the workspace owner on a plan with every other feature.
 */
import { errorDetail, WHITELABEL_NOT_IN_PLAN, type Problem } from './answers';
import type { P2Operation } from './catalog';
import type { P2Key, P2Workspace } from './keys';

/**
 * The alternatives of one requirement. The data lists them split (`["calls:read", "leads:read"]`) but
 * a joined `"calls:read|leads:read"` or the short `"calls:read|write"` mean the same.
 */
export function alternatives(requirement: string[]): string[] {
	const out: string[] = [];
	for (const entry of requirement) {
		let family = '';
		for (const part of entry.split('|')) {
			const [f, level] = part.includes(':') ? part.split(':') : [family, part];
			family = f;
			out.push(`${f}:${level}`);
		}
	}
	return out;
}

/** The unmet requirements (each as its alternatives) for a key; [] when it may call the operation. */
export function missingScopes(op: P2Operation, key: P2Key): string[][] {
	if (op.scopes === null || key.scopes.length === 0) return [];
	return op.scopes.map(alternatives).filter((alts) => !alts.some((a) => key.scopes.includes(a)));
}

export function checkAccess(op: P2Operation, key: P2Key, workspace: P2Workspace): Problem {
	const missing = missingScopes(op, key);
	if (missing.length) {
		const required = missing.flat();
		const wording = missing.map((alts) => (alts.length > 1 ? `one of ${alts.join(', ')}` : alts[0])).join(' and ');
		return errorDetail(403, 'insufficient_scope', `This API key needs ${wording} for ${op.id}`, { required_scopes: required });
	}
	if (op.flags.includes('userKey') && key.kind !== 'user') {
		return errorDetail(403, 'user_key_required', `${op.id} needs a user-owned API key; service-account keys cannot call it`);
	}
	if (op.flags.includes('whitelabel') && !workspace.whitelabel) return WHITELABEL_NOT_IN_PLAN;
	return null;
}
