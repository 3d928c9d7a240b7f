/**
 * Writes that the two generations of the classic API spell differently (docs/platform-facts.md,
 * "Writes spelled differently": the lead update path, the AI-reply path, the assistant body, folder and label
 * paths). Nobody can ask a host which generation it speaks, and white-label hosts may lag behind, so
 * the request goes in the form this host last accepted (the reference's form until then). When the
 * answer proves the host did not process it, the other form is sent once; which one worked is
 * remembered per host and token (the pacer's key: one account is served by one generation), so
 * later items send the right form first.
 *
 * Proof is narrow on purpose, because a write must never be repeated after an answer that may mean
 * "done": a 404 or 405 when the forms differ in method or path (the host has no such route, or no
 * such record: either way nothing happened), or a 422 whose field errors name a key that only the
 * other form carries (the host asked for the other generation's body). Once this host has accepted
 * a form, a plain 404 is taken to be about the record (no second request); only the router's own
 * 404 ("The route … could not be found."), a 405 or such a 422 still count. Timeouts, 5xx and every
 * other answer end the request as they would without a second form.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { answerOf } from './errors';

/** One way of writing a request. */
export interface RequestForm {
	method: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	/** the body's keys, where the body itself is only built when this form is sent */
	keys?: string[];
}

/** A request that has a second form on hosts of the other generation. */
export interface FormChoice {
	/** what differs between the forms, e.g. 'lead update path': the memory's key (with the host) */
	dialect: string;
	/** the reference's form first, the 2026 docs' form second */
	forms: [RequestForm, RequestForm];
}

/** Hosts × dialects remembered; the oldest entry goes first when full (memory stays bounded). */
const MAX_REMEMBERED = 1000;
const spoken = new Map<string, number>();
/** Keys whose form one request is finding out right now (settles when it has its answer). */
const learning = new Map<string, Promise<void>>();

function remember(key: string, index: number): void {
	spoken.delete(key);
	spoken.set(key, index);
	if (spoken.size > MAX_REMEMBERED) spoken.delete(spoken.keys().next().value as string);
}

/** Which form (0: the reference's, 1: the 2026 docs') this host last accepted for a dialect. */
export function spokenForm(targetKey: string, dialect: string): number {
	return spoken.get(`${targetKey}\n${dialect}`) ?? 0;
}

/**
 * Sends `choice` through `send` in the form the host speaks, and the other form once if the first is
 * proven unprocessed. `targetKey` is the credential's key (target.ts: Base URL + a hash of the token).
 */
export async function sendInForm<T>(targetKey: string, choice: FormChoice, send: (form: RequestForm) => Promise<T>): Promise<T> {
	const key = `${targetKey}\n${choice.dialect}`;
	// Until the host has accepted a form, one request at a time finds out (parallel items would each
	// pay the refused request); the others wait for it and then go in the form it learnt.
	while (!spoken.has(key)) {
		const pending = learning.get(key);
		if (!pending) break;
		await pending;
	}
	if (spoken.has(key)) return await sendKnowing(key, targetKey, choice, send);
	let settled = () => {};
	learning.set(key, new Promise<void>((resolve) => (settled = resolve)));
	try {
		return await sendKnowing(key, targetKey, choice, send);
	} finally {
		learning.delete(key);
		settled();
	}
}

async function sendKnowing<T>(key: string, targetKey: string, choice: FormChoice, send: (form: RequestForm) => Promise<T>): Promise<T> {
	const firstIndex = spokenForm(targetKey, choice.dialect);
	const first = choice.forms[firstIndex];
	const other = choice.forms[1 - firstIndex];
	const confirmed = spoken.has(key);
	const firstTry = await settle(send(first));
	if ('answer' in firstTry) {
		remember(key, firstIndex);
		return firstTry.answer;
	}
	if (!provesOtherForm(firstTry.error, first, other, confirmed)) throw firstTry.error;
	const otherTry = await settle(send(other));
	if ('answer' in otherTry) {
		remember(key, 1 - firstIndex);
		return otherTry.answer;
	}
	// Refused in both forms: the first answer is the one that speaks about the record (e.g. "Lead 5 was
	// not found") unless the second one is as specific (its form was understood and refused for cause).
	throw provesOtherForm(otherTry.error, other, first, false) ? firstTry.error : otherTry.error;
}

/** A request's answer or its error (the errors are the transport's own NodeApiErrors, passed on as they are). */
async function settle<T>(pending: Promise<T>): Promise<{ answer: T } | { error: unknown }> {
	return await pending.then(
		(answer) => ({ answer }),
		(error: unknown) => ({ error }),
	);
}

/**
 * Whether an error is an answer proving the host did not process `sent` and may speak `other`.
 * `confirmed`: the host accepted `sent`'s form before, so a 404 must name the route to count.
 */
export function provesOtherForm(error: unknown, sent: RequestForm, other: RequestForm, confirmed: boolean): boolean {
	const answer = answerOf(error);
	if (!answer) return false;
	const routeDiffers = sent.method !== other.method || sent.path !== other.path;
	if (routeDiffers && answer.status === 405) return true;
	if (routeDiffers && answer.status === 404) return !confirmed || isUnroutedAnswer(answer.body);
	if (answer.status !== 422) return false;
	const onlyInOther = (other.keys ?? Object.keys(other.body ?? {})).filter((key) => !(key in (sent.body ?? {})));
	const named = fieldErrorKeys(answer.body);
	return onlyInOther.some((key) => named.has(key));
}

/** Laravel's answer for a path it has no route for (a record's 404 names the record instead). */
function isUnroutedAnswer(body: unknown): boolean {
	const message = body !== null && typeof body === 'object' ? (body as IDataObject).message : undefined;
	return typeof message === 'string' && /^The route .* could not be found\.?$/.test(message);
}

/** The keys of a Laravel 422 body's `errors` object ({message, errors: {field: [texts]}}). */
function fieldErrorKeys(body: unknown): Set<string> {
	const errors = body !== null && typeof body === 'object' ? (body as IDataObject).errors : undefined;
	if (errors === null || typeof errors !== 'object' || Array.isArray(errors)) return new Set();
	// "tools.0.type" names the key "tools"
	return new Set(Object.keys(errors).map((key) => key.split('.')[0]));
}

/** Forget every host's form (tests start from a clean slate). */
export function resetForms(): void {
	spoken.clear();
	learning.clear();
}
