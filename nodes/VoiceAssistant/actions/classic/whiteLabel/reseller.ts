import { NodeApiError } from 'n8n-workflow';
import type { JsonObject } from 'n8n-workflow';

import type { Api, ApiCall } from '../../../engine/operation';
import { answerOf } from '../../../transport/errors';
import { hidingSecrets } from '../../../shared/maskSecrets';

/**
 * A white-label admin request: only a reseller's own API token may make them, so the platform's 403
 * becomes an error that says which operation needs which token. `secret`: a write-only value of the
 * body (a new user's password), masked in any error, the 403's quote of the platform included.
 */
export async function resellerRequest(api: Api, call: ApiCall, operationName: string, secret?: string): Promise<unknown> {
	return await hidingSecrets(async () => await requestAsReseller(api, call, operationName), { values: [secret] });
}

async function requestAsReseller(api: Api, call: ApiCall, operationName: string): Promise<unknown> {
	const outcome = await api.request(call).then(
		(answer) => ({ answer }),
		(error: unknown) => ({ error }),
	);
	if ('answer' in outcome) return outcome.answer;
	const answer = answerOf(outcome.error);
	if (answer?.status !== 403) throw outcome.error;
	const body = answer.body !== null && typeof answer.body === 'object' ? (answer.body as JsonObject) : { message: 'Forbidden' };
	const said = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : undefined;
	throw new NodeApiError(api.ctx.getNode(), { message: 'Forbidden', ...(said ? { said: said.slice(0, 256) } : {}) } as JsonObject, {
		message: `White Label → ${operationName} needs the white-label admin (reseller) token; this credential's token is not one`,
		description: `${call.method} ${call.path} was refused (HTTP 403)${said ? `: "${said.slice(0, 256)}"` : ''}. Use a credential with the API token of the reseller account that owns the white label. Nothing was changed.`,
		httpCode: '403',
		itemIndex: api.itemIndex,
	});
}
