/**
 * The platform's timestamps as numbers on the platform's own clock. Call timestamps are
 * `YYYY-MM-DD HH:MM:SS` in the server's zone, with no offset, and the server's clock may be off:
 * they are read as if they were UTC and only ever compared with each other, never with n8n's clock,
 * so a zone or a skewed server clock moves every value alike and changes no decision.
 */
const PLAIN = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/** Milliseconds on the server's clock, or undefined for anything that is not a timestamp. */
export function serverTime(value: unknown): number | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const text = value.trim();
	const plain = PLAIN.exec(text);
	// An ISO timestamp with Z or an offset is absolute; a plain one is the server's wall clock.
	const ms = plain ? Date.parse(`${plain[1]}T${plain[2]}Z`) : Date.parse(text);
	return Number.isFinite(ms) ? ms : undefined;
}

/** The `date_from` filter that certainly includes every call created at or after `ms` (server clock). */
export function dateFromFilter(ms: number): string {
	// One day earlier: the list's date filter may count days in a zone other than the timestamps'.
	return new Date(ms - 86_400_000).toISOString().slice(0, 10);
}
