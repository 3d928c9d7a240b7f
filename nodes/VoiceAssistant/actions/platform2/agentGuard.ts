import type { CatalogOperation, GuardKind } from './catalog/types';

/**
 * What an AI agent reads when a tool call is refused, per kind of operation the catalogue's rule guards
 * (scripts/lib/agent-guard.mjs): "Refused: "…" was asked for by an AI agent, and <reason>."
 */
const REASONS: Record<GuardKind, string> = {
	deletes: 'it deletes or removes something on the platform',
	releases: 'it gives up something the workspace holds',
	revokes: 'it revokes access',
	archives: 'it archives a record',
	cancels: 'it cancels something already arranged',
	transfers: 'it hands something over to someone else',
	access: 'it changes who may do what (roles, passwords, sign-ins)',
	credentials: 'it creates credentials (API keys, tokens, secrets)',
};

/**
 * Why an AI agent needs the user's switch for this operation, in the order the agent reads them: money,
 * undo and explicit confirmations (the catalogue's flags), then the kinds the rule found; [] when none.
 */
export function optInReasons(op: CatalogOperation): string[] {
	const reasons = [
		op.paid ? 'it costs credits' : undefined,
		op.irreversible ? 'it cannot be undone' : undefined,
		op.flags?.includes('confirm') ? 'it needs an explicit confirmation' : undefined,
		...(op.guard ?? []).map((kind) => REASONS[kind]),
	];
	return reasons.filter((reason): reason is string => reason !== undefined);
}
