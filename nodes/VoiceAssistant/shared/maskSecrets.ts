/**
 * The one place that hides secrets from what the node hands back: output items and errors, which n8n
 * stores with the execution and shows to everyone who can open it.
 *
 * - Known secrets (a SIP password, a new user's password, a trigger's delivery secret) are masked
 *   wherever they are quoted; keys whose values must never reach an output (`sip_password`, `token`)
 *   are dropped at any depth: `maskSecrets`, `maskSecretsInError`.
 * - `secret=` values in URLs (a trigger's URL on an assistant record, in error texts) are masked
 *   without knowing the secret: `maskUrlSecrets`, `maskSecretValues`.
 *
 * Everything here makes masked copies and never changes what it is given: records and errors can
 * hold objects of the workflow itself (parameters as the user typed them), which must stay as they are.
 */
import type { IDataObject } from 'n8n-workflow';

export const MASK = '***';

/** What to hide. */
export interface Secrets {
	/** values replaced by *** in every text, however quoted (as is, inside JSON, URL-encoded); empty ones are ignored */
	values?: ReadonlyArray<string | undefined>;
	/** keys dropped at any depth, with their values */
	keys?: readonly string[];
}

/** Objects nested deeper than this are replaced by a note: an error's cause can be a whole HTTP client. */
const MAX_DEPTH = 8;

/** Each secret in the shapes a text may quote it: as is, inside JSON (escaped), URL-encoded. */
function quotedForms(values: Secrets['values']): string[] {
	const forms = new Set<string>();
	for (const value of values ?? []) {
		if (typeof value !== 'string' || value === '') continue;
		forms.add(value);
		forms.add(JSON.stringify(value).slice(1, -1));
		forms.add(encodeURIComponent(value));
	}
	// Longest first: a shorter form inside a longer one must not leave the rest of the longer behind.
	return [...forms].sort((a, b) => b.length - a.length);
}

function maskText(text: string, forms: string[]): string {
	return forms.reduce((masked, form) => masked.split(form).join(MASK), text);
}

/**
 * A copy of `value` with the secrets hidden: keys dropped, values masked in every string (keys too).
 * Errors inside become plain records of their own properties (message and stack included); cycles
 * and depths past MAX_DEPTH become a note. `value` itself is never changed.
 */
export function maskSecrets<T>(value: T, secrets: Secrets): T {
	const forms = quotedForms(secrets.values);
	const keys = new Set(secrets.keys ?? []);
	const inProgress = new Set<object>();
	const copy = (inner: unknown, depth: number): unknown => {
		if (typeof inner === 'string') return maskText(inner, forms);
		if (inner === null || typeof inner !== 'object') return typeof inner === 'function' ? undefined : inner;
		if (inProgress.has(inner)) return '[circular]';
		if (depth >= MAX_DEPTH) return '[details removed]';
		inProgress.add(inner);
		try {
			if (Array.isArray(inner)) return inner.map((element: unknown) => copy(element, depth + 1));
			const names = inner instanceof Error ? Object.getOwnPropertyNames(inner) : Object.keys(inner);
			const record: Record<string, unknown> = {};
			for (const name of names) {
				if (keys.has(name)) continue;
				const field = copy((inner as Record<string, unknown>)[name], depth + 1);
				if (field !== undefined) record[maskText(name, forms)] = field;
			}
			return record;
		} finally {
			inProgress.delete(inner);
		}
	};
	return copy(value, 0) as T;
}

/**
 * The error with the secrets hidden in everything it carries (message, description, stack, the
 * platform's answer, context, cause...): each field is replaced by a masked copy. The error object
 * stays the same one (the transport marks errors by identity: a write that may have happened is
 * never sent again), and its `node` is left alone: that is n8n's copy of the workflow's node, whose
 * parameters hold the values as the user typed them.
 */
export function maskSecretsInError<E>(error: E, secrets: Secrets): E {
	if (error === null || typeof error !== 'object' || quotedForms(secrets.values).length === 0) return error;
	const fields = error as Record<string, unknown>;
	for (const name of Object.getOwnPropertyNames(error)) {
		if (name === 'node') continue;
		const descriptor = Object.getOwnPropertyDescriptor(error, name);
		if (!descriptor || !('value' in descriptor) || !descriptor.writable || typeof descriptor.value === 'function') continue;
		fields[name] = maskSecrets(descriptor.value, secrets);
	}
	return error;
}

/**
 * Sends nothing itself: runs `attempt` and, if it fails, hides the secrets in its error before
 * passing it on (a host or proxy may quote the request it was given).
 */
export async function hidingSecrets<T>(attempt: () => Promise<T>, secrets: Secrets): Promise<T> {
	try {
		return await attempt();
	} catch (error) {
		throw maskSecretsInError(error, secrets);
	}
}

const SECRET_IN_URL = /([?&]secret=)[^&#\s"]+/gi;
/**
 * Any `secret=` value in free text, also URL-encoded (`secret%3D…`, as a platform may quote the URL
 * inside another one) and without a leading ? or &: error texts quote URLs in every shape.
 */
const SECRET_IN_TEXT = /(secret(?:=|%3D))(?!\*\*\*)[^&#\s"'<>\\%]+/gi;

/** Text with every `secret=` value (plain or URL-encoded) replaced by ***. */
export function maskSecretValues(text: string): string {
	return text.replace(SECRET_IN_TEXT, `$1${MASK}`);
}

function maskUrls(value: unknown): unknown {
	if (typeof value === 'string') return value.replace(SECRET_IN_URL, `$1${MASK}`);
	if (Array.isArray(value)) return value.map(maskUrls);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskUrls(inner)]));
	}
	return value;
}

/**
 * A copy of the record with every `secret=` query value in its strings replaced by ***: assistant
 * records carry the URLs the platform delivers to, and a Voice Assistant Trigger's holds its secret.
 */
export function maskUrlSecrets<T extends IDataObject>(record: T): T {
	return maskUrls(record) as T;
}
