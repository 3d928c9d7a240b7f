/**
 * Set-up for the fault-injection tests: one sandbox per file (no rate limit unless a test sets one),
 * our node run through the harness (n8n-core's real WorkflowExecute), short Timeout and backoff so a
 * whole file runs in seconds.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { FaultSpec, RequestLogEntry, Sandbox } from '../../sandbox';
import { runNode, type RunNodeResult } from '../harness';
import { useSandbox } from '../helpers/sandbox';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { tuneRetries } from '../../nodes/VoiceAssistant/transport/policy';

/** The node's Timeout option in these tests (ms): a held-open request fails fast, a slow answer on a busy CI machine still arrives. */
export const TIMEOUT_MS = 1000;
/** How the node's error words that Timeout. */
export const TIMEOUT_SAID = 'did not answer within 1 s';

export interface FaultContext {
	sb: Sandbox;
	run(parameters: IDataObject, options?: RunOptions): Promise<RunNodeResult>;
	/** /api requests of one method + path since the test started. */
	requests(method: string, path: string): RequestLogEntry[];
}

export interface RunOptions {
	items?: IDataObject[];
	continueOnFail?: boolean;
	onError?: 'continueErrorOutput' | 'continueRegularOutput' | 'stopWorkflow';
	parallel?: number;
	/** the node's Timeout (ms); TIMEOUT_MS unless a test without faults must not time out under load */
	timeout?: number;
}

/**
 * Call at the top of a file: useSandbox with the data kept between tests, but before each test a clear
 * request log, no faults, no rate limit, and pacers that know nothing (what a fresh n8n process knows).
 */
export function useFaultSandbox(): FaultContext {
	const sb = useSandbox({ callTiming: { stepMs: 20 }, reset: 'requests', resetPacers: true });
	const ctx = { sb } as FaultContext;
	beforeAll(() => tuneRetries({ backoffBaseMs: 20, backoffMaxMs: 100 }));
	afterAll(() => tuneRetries());
	beforeEach(() => {
		sb.setFaults([]);
		sb.setRateLimit(false);
	});
	ctx.run = async (parameters, options = {}) =>
		await runNode({
			node: VoiceAssistant,
			parameters: {
				...parameters,
				requestOptions: { timeout: options.timeout ?? TIMEOUT_MS, parallelRequests: options.parallel ?? 1 },
			},
			credentials: { apiToken: ctx.sb.tokens.alice, baseUrl: ctx.sb.baseUrl },
			items: options.items,
			continueOnFail: options.continueOnFail,
			onError: options.onError,
		});
	ctx.requests = (method, path) => ctx.sb.requests.filter((r) => r.method === method && r.path === path);
	return ctx;
}

export function byId(id: number): IDataObject {
	return { __rl: true, mode: 'id', value: String(id) };
}

/** A distinct valid German mobile number per index. */
export function phone(index: number, prefix = 176): string {
	return `+49${prefix}${String(4_000_000 + index).padStart(8, '0')}`;
}

export function errorOf(item: INodeExecutionData): string | undefined {
	return typeof item.json.error === 'string' ? item.json.error : undefined;
}

/** The faults the sandbox can inject, by name, for one method + path. */
export function fault(name: FaultName, match: FaultSpec['match'], extra: Partial<FaultSpec> = {}): FaultSpec {
	const base: Record<FaultName, FaultSpec> = {
		'429': { kind: 'rate-limit' },
		'500': { kind: 'status', status: 500 },
		'502': { kind: 'status', status: 502 },
		'503': { kind: 'status', status: 503 },
		html: { kind: 'html' },
		'malformed-json': { kind: 'malformed-json' },
		timeout: { kind: 'timeout' },
		reset: { kind: 'reset' },
	};
	return { ...base[name], match, count: 1, ...extra };
}

export const FAULTS = ['429', '500', '502', '503', 'html', 'malformed-json', 'timeout', 'reset'] as const;
export type FaultName = (typeof FAULTS)[number];
