/**
 * Shared set-up for the action-node tests: the file's sandbox (useSandbox: fresh data before each
 * test) and the node run through the harness (n8n-core's real engine) against it.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { RequestLogEntry, Sandbox } from '../../sandbox';
import { listSearch, loadOptions, runNode, type RunNodeResult } from '../harness';
import { useSandbox, type UseSandboxOptions } from '../helpers/sandbox';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';

export { VoiceAssistant };

export interface NodeTestContext {
	sb: Sandbox;
	credentials: { apiToken: string; baseUrl: string };
	/** Runs the action node with these parameters (resource + operation included). */
	run(
		parameters: IDataObject,
		options?: { items?: IDataObject[]; continueOnFail?: boolean; token?: string; typeVersion?: number; credentials?: IDataObject },
	): Promise<RunNodeResult>;
	loadOptions(method: string, parameters?: IDataObject): ReturnType<typeof loadOptions>;
	listSearch(method: string, filter?: string, paginationToken?: string): ReturnType<typeof listSearch>;
	/** /api requests received since the last clearRequests(). */
	requests(): RequestLogEntry[];
}

/** Call at the top of a describe/file: useSandbox (calls take 20 ms a step) plus ways to run the node against it. */
export function useNodeSandbox(options: UseSandboxOptions = {}): NodeTestContext {
	const sb = useSandbox({ callTiming: { stepMs: 20 }, ...options });
	const ctx = { sb } as NodeTestContext;
	Object.defineProperty(ctx, 'credentials', { get: () => ({ apiToken: sb.tokens.alice, baseUrl: sb.baseUrl }) });
	ctx.run = async (parameters, options = {}) =>
		await runNode({
			node: VoiceAssistant,
			parameters: parameters as INodeParameters,
			credentials: { ...ctx.credentials, ...(options.token ? { apiToken: options.token } : {}), ...options.credentials },
			items: options.items,
			continueOnFail: options.continueOnFail,
			typeVersion: options.typeVersion,
		});
	ctx.loadOptions = async (method, parameters = {}) =>
		await loadOptions(VoiceAssistant, method, { parameters: parameters as INodeParameters, credentials: ctx.credentials });
	ctx.listSearch = async (method, filter, paginationToken) =>
		await listSearch(VoiceAssistant, method, { parameters: {}, credentials: ctx.credentials, filter, paginationToken });
	ctx.requests = () => ctx.sb.requests.filter((r) => r.path.startsWith('/api/'));
	return ctx;
}

export function jsonOf(items: INodeExecutionData[]): IDataObject[] {
	return items.map((item) => item.json);
}

/** Fails the test with the node's error message when a run did not succeed. */
export function expectOk(result: RunNodeResult): INodeExecutionData[] {
	if (result.error) throw new Error(`node failed: ${result.error.message}`);
	return result.items;
}

/** A resource-locator value as the editor stores it. */
export function byId(id: number | string): IDataObject {
	return { __rl: true, mode: 'id', value: String(id) };
}

export function fromList(id: number | string): IDataObject {
	return { __rl: true, mode: 'list', value: String(id) };
}

/** The required fields of Assistant → Create, valid against the seeded sandbox. */
export function assistantCreateParams(overrides: IDataObject = {}): IDataObject {
	return {
		resource: 'assistant',
		operation: 'create',
		name: 'Node Test Assistant',
		callsDirection: 'make',
		engineType: 'pipeline',
		voiceId: 1,
		language: 'German',
		llmModel: 'gpt-4o',
		timezone: 'Europe/Berlin',
		initialMessage: 'Hallo!',
		systemPrompt: 'You are helpful.',
		...overrides,
	};
}

/** The description (details) of a run's error, where n8n shows what went wrong at length. */
export function descriptionOf(result: RunNodeResult): string {
	return String((result.error as { description?: unknown } | undefined)?.description ?? '');
}
