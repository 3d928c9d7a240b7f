/**
 * A request's share of the rate limit (transport/share.ts): the platform counts requests, so every
 * attempt is taken from the share, retries included. Against a scripted server: the real apiRequest
 * and pacer, only n8n's HTTP helper replaced.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { tuneRetries } from '../../nodes/VoiceAssistant/transport/policy';
import { apiRequest } from '../../nodes/VoiceAssistant/transport/request';
import { ShareUsedUp, type RequestShare } from '../../nodes/VoiceAssistant/transport/share';

/** Answers each request with the next status of `statuses` (the last one repeats). */
function server(statuses: number[]) {
	const sent: number[] = [];
	const ctx = {
		getCredentials: async () => ({ apiToken: `token-${Math.random()}`, baseUrl: 'https://platform.test/api' }),
		getNode: () => ({ name: 'Voice Assistant Polling Trigger', type: 'voiceAssistantPollingTrigger', typeVersion: 1, position: [0, 0], parameters: {} }),
		helpers: {
			async httpRequestWithAuthentication() {
				const status = statuses[Math.min(sent.length, statuses.length - 1)];
				sent.push(status);
				return { statusCode: status, headers: {}, body: status === 200 ? { data: [] } : { message: 'Server Error' } };
			},
		},
	} as unknown as IExecuteFunctions;
	return { ctx, sent };
}

/** A share with room for `room` requests. */
function shareOf(room: number): RequestShare & { taken: number } {
	const share = {
		taken: 0,
		take: () => {
			if (share.taken >= room) return false;
			share.taken++;
			return true;
		},
	};
	return share;
}

beforeAll(() => tuneRetries({ backoffBaseMs: 1 }));
afterAll(() => tuneRetries());

it('every attempt comes out of the share: a read that fails once and then succeeds takes 2', async () => {
	const { ctx, sent } = server([500, 200]);
	const share = shareOf(10);
	await expect(apiRequest.call(ctx, 'GET', '/user/calls', { share })).resolves.toEqual({ data: [] });
	expect(sent).toEqual([500, 200]);
	expect(share.taken).toBe(2);
});

it('a retry the share has no room for is not sent: the request fails with the platform error that asked for it', async () => {
	const { ctx, sent } = server([500]);
	const share = shareOf(2);
	await expect(apiRequest.call(ctx, 'GET', '/user/calls', { share })).rejects.toThrow(/HTTP 500/);
	// Without a share: 1 + 3 retries.
	expect(sent).toEqual([500, 500]);
});

it('a first attempt the share has no room for is not sent: ShareUsedUp, so the caller can tell it from a failure', async () => {
	const { ctx, sent } = server([200]);
	await expect(apiRequest.call(ctx, 'GET', '/user/calls', { share: shareOf(0) })).rejects.toBeInstanceOf(ShareUsedUp);
	expect(sent).toEqual([]);
});
