/** A sandbox for the wait tests: calls that take a few hundred ms, and the documented limits 100x faster. */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { useSandbox, type UseSandboxOptions } from '../helpers/sandbox';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { runNode, type RunNodeResult } from '../harness';

export const SCALED_LIMITS = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 100 } as const;

export interface WaitSandbox {
	sb: Sandbox;
	run(
		parameters: IDataObject,
		options?: { items?: IDataObject[]; continueOnFail?: boolean; signal?: AbortSignal; retryOnFail?: boolean },
	): Promise<RunNodeResult>;
}

/**
 * One sandbox per describe block (each has its own base URL, so its own pacer and poller): useSandbox
 * with calls of 100 ms a step and the scaled limits; nothing is reset between tests.
 */
export function useWaitSandbox(options: UseSandboxOptions = {}): WaitSandbox {
	const sb = useSandbox({ callTiming: { stepMs: 100 }, rateLimit: SCALED_LIMITS, reset: 'none', ...options });
	const ctx = { sb } as WaitSandbox;
	ctx.run = async (parameters, options = {}) =>
		await runNode({
			node: VoiceAssistant,
			parameters: { resource: 'call', operation: 'make', assistantId: { __rl: true, mode: 'id', value: '1' }, ...parameters } as never,
			credentials: { apiToken: ctx.sb.tokens.alice, baseUrl: ctx.sb.baseUrl },
			items: options.items,
			continueOnFail: options.continueOnFail,
			signal: options.signal,
			nodeSettings: options.retryOnFail ? { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 } : undefined,
		});
	return ctx;
}

/** Call → Make with waiting on, for one item per customer (phone, name). */
export function waitParams(extra: IDataObject = {}): IDataObject {
	return {
		phoneNumber: '={{ $json.phone }}',
		variablesInput: 'pairs',
		variables: { pairs: [{ name: 'customer_name', value: '={{ $json.name }}' }] },
		waitForEnd: true,
		...extra,
	};
}

export function makeCallRequests(sb: Sandbox) {
	return sb.requests.filter((r) => r.method === 'POST' && r.path === '/api/user/make_call');
}
