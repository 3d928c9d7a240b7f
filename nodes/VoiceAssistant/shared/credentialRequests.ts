import { ApplicationError } from 'n8n-workflow';
import type { IAuthenticateRuleResponseCode, IHttpRequestOptions } from 'n8n-workflow';

/**
 * What both credentials (classic and Platform 2.0) do with a request: the URL rule's verdict applied
 * before anything is sent, the request pointed at the effective base URL (a relative URL such as the
 * Test button's is resolved against it), and the key as a bearer header, keeping the headers the
 * request already has.
 */
export function withBearer(target: { baseUrl: string; problem?: string }, token: unknown, requestOptions: IHttpRequestOptions): IHttpRequestOptions {
	if (target.problem) throw new ApplicationError(target.problem);
	return {
		...requestOptions,
		baseURL: target.baseUrl,
		headers: { ...requestOptions.headers, Authorization: `Bearer ${String(token ?? '')}` },
	};
}

/** The HTTP redirect statuses: the Test button never follows one (the key would go to wherever it points). */
const REDIRECTS = [301, 302, 303, 307, 308];

/** The Test button's rules that fail it on a redirect, in the words `say(status)` gives. */
export function redirectRules(say: (status: number) => string): IAuthenticateRuleResponseCode[] {
	return REDIRECTS.map((status) => ({ type: 'responseCode' as const, properties: { value: status, message: say(status) } }));
}
