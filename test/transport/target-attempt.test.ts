/**
 * The two halves of the HTTP door below the policy: the target (where a context's requests go, read
 * once per execution) and one attempt (paced, sent through n8n with the credential, told back as a
 * tagged outcome). Both with a stand-in for n8n's context, so nothing but their own rule is tested.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { credentialKey } from '../../nodes/VoiceAssistant/shared/platforms';
import { attempt } from '../../nodes/VoiceAssistant/transport/attempt';
import { Pacer } from '../../nodes/VoiceAssistant/transport/pacer';
import { requestTarget } from '../../nodes/VoiceAssistant/transport/target';

function context(credentials: Record<string, unknown>, answer: (options: IHttpRequestOptions) => unknown) {
	const sent: IHttpRequestOptions[] = [];
	let reads = 0;
	const ctx = {
		getNode: () => ({ name: 'Voice Assistant', type: 'voiceAssistant', typeVersion: 1 }),
		getCredentials: async () => {
			reads++;
			return credentials;
		},
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions) => {
				sent.push(options);
				return answer(options);
			},
		},
	} as unknown as IExecuteFunctions;
	return { ctx, sent, reads: () => reads };
}

describe('requestTarget', () => {
	it('reads the credential once per context and keys it by Base URL and token hash', async () => {
		const { ctx, reads } = context({ platform: 'sondosAi', apiToken: 'secret-token' }, () => ({}));
		const [a, b] = await Promise.all([requestTarget(ctx), requestTarget(ctx)]);
		expect(a).toBe(b);
		expect(reads()).toBe(1);
		expect(a.baseUrl).toBe('https://app.sondos-ai.com/api');
		expect(a.key).toBe(credentialKey('https://app.sondos-ai.com/api', 'secret-token'));
		expect(a.key).not.toContain('secret-token');
		expect(a.problem).toBeUndefined();
	});

	it('carries the URL rule\'s verdict', async () => {
		const { ctx } = context({ baseUrl: 'http://platform.example/api', apiToken: 't' }, () => ({}));
		expect((await requestTarget(ctx)).problem).toContain('plain http://');
	});
});

describe('attempt', () => {
	const target = { credentials: { apiToken: 't' }, baseUrl: 'https://platform.example/api', key: 'k', token: 't' };

	it('sends to the target without following redirects and tags the answer (text parsed as JSON)', async () => {
		const { ctx, sent } = context({}, () => ({ statusCode: 201, headers: { 'x-ratelimit-remaining': '7' }, body: '{"id":4}' }));
		const outcome = await attempt(ctx, target, new Pacer(), { method: 'POST', endpoint: '/user/lead', body: { a: 1 }, timeoutMs: 500 });
		expect(sent[0]).toMatchObject({ method: 'POST', url: 'https://platform.example/api/user/lead', body: { a: 1 }, disableFollowRedirect: true, timeout: 500 });
		expect(outcome).toMatchObject({ kind: 'answer', status: 201, body: { id: 4 }, rawBody: '{"id":4}', info: { remaining: 7 } });
	});

	it('tags a request that got no answer with what kind of failure it was', async () => {
		const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
		const { ctx } = context({}, () => {
			throw refused;
		});
		const outcome = await attempt(ctx, target, new Pacer(), { method: 'GET', endpoint: '/user/me', timeoutMs: 500 });
		expect(outcome).toEqual({ kind: 'no-answer', failure: { kind: 'not-sent', code: 'ECONNREFUSED' }, error: refused });
	});

	it('a refusal before sending is thrown and nothing is sent', async () => {
		const { ctx, sent } = context({}, () => ({ statusCode: 200, headers: {}, body: {} }));
		const refusal = new NodeOperationError(ctx.getNode(), 'not now');
		await expect(attempt(ctx, target, new Pacer(), { method: 'POST', endpoint: '/user/make_call', timeoutMs: 500, beforeSend: () => refusal })).rejects.toBe(refusal);
		expect(sent).toHaveLength(0);
	});
});
