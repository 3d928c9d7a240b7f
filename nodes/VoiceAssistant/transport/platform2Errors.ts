/**
 * Platform 2.0's refusals in the user's words. Its error bodies are `{error: "<code>"}` or
 * `{error: {code, message, …}}`; the code is kept and explained, with what to do. A 403 names the
 * scopes the catalogue says the operation needs, since the platform's answer may not.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Platform2Request } from './platform2Request';

/** What to do about the codes the catalogue names (docs/platform-facts.md, "Platform 2.0 error codes"). */
const HINTS: Record<string, string> = {
	revision_conflict: 'The record changed since its revision was read: get it again and send its current revision.',
	tool_in_use: 'The tool is still assigned to an assistant: remove it from every assistant (Set Assistant Tools) first.',
	destination_forbidden: 'The platform does not call this destination for this workspace (a blocked country or number): check the number, or the workspace\'s allowed destinations in the dashboard.',
	whitelabel_not_in_plan: 'The workspace\'s plan does not include white label: upgrade the plan, or use an account that has it.',
	price_changed: 'The price changed since the quote: get a new quote and confirm the new amount.',
	campaign_not_running: 'Only a running campaign can be stopped (paused): start it first, or leave it as it is.',
	recipient_suppressed: 'The number is on the workspace\'s suppression list (an opt-out): lift the opt-out (Remove Suppression Entry) only if the person asked for it.',
	caller_waiting_for_line: 'A caller is waiting for the line: try again once the line is free.',
	invalid_request: 'The platform found a field it does not accept: see the message for which one.',
	insufficient_scope: 'The API key lacks a scope this operation needs.',
	unauthenticated: 'The API key was not accepted: check the credential (key revoked, expired, or from another platform).',
	service_unavailable: 'The service is unavailable for the moment: try again later.',
	internal_error: 'The platform failed: try again later.',
};

/** 403 codes that refuse what was asked (a destination, the plan, an opt-out), not the key's scope. */
const POLICY_REFUSALS = new Set(['destination_forbidden', 'whitelabel_not_in_plan', 'recipient_suppressed']);

/** The code and words of a Platform 2.0 error body. */
export function platform2Error(body: unknown): { code?: string; said?: string } {
	if (body === null || typeof body !== 'object') return {};
	const data = body as IDataObject;
	const error = data.error;
	if (typeof error === 'string') return { code: error, said: typeof data.message === 'string' ? data.message : undefined };
	if (error !== null && typeof error === 'object' && !Array.isArray(error)) {
		const inner = error as IDataObject;
		return { code: typeof inner.code === 'string' ? inner.code : undefined, said: typeof inner.message === 'string' ? inner.message : undefined };
	}
	return { said: typeof data.message === 'string' ? data.message : undefined };
}

/** "assistants:read, and calls:write or leads:write" */
export function scopesInWords(scopes: string[][]): string {
	return scopes.map((alternatives) => alternatives.flatMap((entry) => entry.split('|')).join(' or ')).join(', and ');
}

/** The message and description of a Platform 2.0 refusal. */
export function platform2Refusal(status: number, body: unknown, request: Platform2Request): { message: string; description: string } {
	const { code, said } = platform2Error(body);
	const quoted = [code, said].filter(Boolean).join(': ');
	const hint = code ? HINTS[code] : undefined;
	const what = `"${request.operation}"`;
	if (status === 401) {
		return { message: `The API key was rejected (HTTP 401${code ? `, ${code}` : ''})`, description: `${HINTS.unauthenticated}${said ? ` The platform said: ${said}` : ''}` };
	}
	if (status === 403) {
		const needs = request.scopes && request.scopes.length > 0 ? ` ${what} needs the scope ${scopesInWords(request.scopes)}.` : '';
		const message = (code !== undefined && POLICY_REFUSALS.has(code))
			? `${what} was refused: ${code} (HTTP 403)`
			: `The API key is not allowed to do ${what} (HTTP 403${code ? `, ${code}` : ''})`;
		const fix = hint ?? 'Use a key with the scope named here (Settings → API Keys), or one owned by a user where the operation needs it.';
		return { message, description: `${fix}${(code !== undefined && POLICY_REFUSALS.has(code)) ? '' : needs}${said ? ` The platform said: ${said}` : ''}` };
	}
	if (status === 402) return { message: `${what} was refused: not enough credits or not in the plan (HTTP 402${code ? `, ${code}` : ''})`, description: said ?? 'Top up the balance or change the plan.' };
	if (status === 409 && request.conflict) return { message: `${request.conflict} (HTTP 409${code ? `, ${code}` : ''})`, description: hint ?? said ?? 'The record is in a state that does not allow this right now.' };
	if (status === 409) return { message: `${what} was refused: ${quoted || 'conflict'} (HTTP 409)`, description: hint ?? said ?? 'The record is in a state that does not allow this right now.' };
	return { message: `${what} was refused: ${quoted || `HTTP ${status}`}`, description: hint ? `${hint}${said && hint !== said ? ` The platform said: ${said}` : ''}` : (said ?? `HTTP ${status}`) };
}
