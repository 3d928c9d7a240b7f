/**
 * Which Platform 2.0 operations an AI agent may not run on its own word, beyond the catalogue's paid,
 * irreversible and confirm flags (issue #36): decided by rule from the catalogue's facts (method, the
 * operation ID's verb and nouns, the path, the summary, the `action` options, the `secretOnce` flag and a
 * `scopes` body field), never by a hand-kept list. Read by scripts/generate-platform2.mjs, which writes
 * each operation's kinds into the generated catalogue (`guard`); actions/platform2/agentGuard.ts says them in words.
 *
 * A kind is one reason; an operation may have several. Every DELETE is guarded (as `deletes` when no
 * other kind says better what it does).
 */

/** The kinds, in the order their reasons are said. */
export const GUARD_KINDS = ['deletes', 'releases', 'revokes', 'archives', 'cancels', 'transfers', 'access', 'credentials'];

/** "deleteKnowledgeBase" → "delete" */
const verbOf = (id) => /^[a-z]+/.exec(id)?.[0] ?? '';
/** The values of the body's `action` field, e.g. whatsAppTemplatesAction: create, …, delete. */
const actionsOf = (op) => (op.body?.fields ?? []).find((field) => field.name === 'action')?.enum?.map(String) ?? [];
const anyAction = (op, pattern) => actionsOf(op).some((action) => pattern.test(action));

const RULES = {
	deletes: (op, verb) => ['delete', 'remove', 'erase', 'disconnect', 'merge'].includes(verb) || anyAction(op, /^(delete|remove)$|_remove$/),
	releases: (op, verb) => verb === 'release',
	revokes: (op, verb) => ['revoke', 'logout'].includes(verb) || /^signOut/.test(op.id) || /\brevoke/i.test(op.summary),
	archives: (op, verb) => verb === 'archive',
	cancels: (op, verb) => verb === 'cancel' || /\bcancel/i.test(op.summary) || anyAction(op, /^cancel/),
	transfers: (op, verb) => verb === 'transfer' || /ownership/i.test(op.path),
	access: (op) => /Role|Password|Passkey|Ownership/.test(op.id) || /\/(team-members|passkeys|sessions|password)\b/.test(op.path),
	credentials: (op) =>
		(op.flags ?? []).includes('secretOnce') ||
		/\bmints?\b|\bcredential/i.test(op.summary) ||
		(['create', 'set', 'rotate'].includes(verbOf(op.id)) && /(ApiKey|Token|Secret)$/.test(op.id)) ||
		(op.body?.fields ?? []).some((field) => field.name === 'scopes') ||
		anyAction(op, /token|secret/),
};

/** The guard kinds of one catalogue operation (an entry of nodes/VoiceAssistant/actions/platform2/catalog/operations.json); [] for a read. */
export function guardKinds(op) {
	if (op.method === 'GET') return [];
	const verb = verbOf(op.id);
	const kinds = GUARD_KINDS.filter((kind) => RULES[kind](op, verb));
	if (op.method === 'DELETE' && kinds.length === 0) kinds.push('deletes');
	return kinds;
}
