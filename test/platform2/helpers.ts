/**
 * Set-up for the Platform 2.0 node tests: the file's sandbox and the action node run through the
 * harness (n8n-core's real engine) with the Account Kind on Platform 2.0 and its credential.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PLATFORM2_KEYS, type RequestLogEntry, type Sandbox } from '../../sandbox';
import { listSearch, runNode, type RunNodeResult } from '../harness';
import { useSandbox, type UseSandboxOptions } from '../helpers/sandbox';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';

export const CREDENTIAL_TYPE = 'voiceAssistantPlatform2Api';
export type KeyName = keyof typeof PLATFORM2_KEYS;

export interface Platform2TestContext {
	sb: Sandbox;
	credentials(key?: KeyName): { apiKey: string; origin: string };
	/** Runs the action node on Platform 2.0 with these parameters (resource + operation included). */
	run(parameters: IDataObject, options?: { items?: IDataObject[]; continueOnFail?: boolean; key?: KeyName; nodeSettings?: IDataObject }): Promise<RunNodeResult>;
	listSearch(method: string, filter?: string, paginationToken?: string): ReturnType<typeof listSearch>;
	/** the /api/v1 requests received since the last clearRequests() */
	requests(): RequestLogEntry[];
}

export function usePlatform2Node(options: UseSandboxOptions = {}): Platform2TestContext {
	const sb = useSandbox({ resetPacers: true, ...options });
	const credentials = (key: KeyName = 'full') => ({ apiKey: PLATFORM2_KEYS[key], origin: sb.origin });
	return {
		sb,
		credentials,
		run: async (parameters, opts = {}) =>
			await runNode({
				node: VoiceAssistant,
				parameters: { accountKind: 'platform2', ...parameters } as INodeParameters,
				credentials: credentials(opts.key),
				credentialType: CREDENTIAL_TYPE,
				items: opts.items,
				continueOnFail: opts.continueOnFail,
				nodeSettings: opts.nodeSettings,
			}),
		listSearch: async (method, filter, paginationToken) =>
			await listSearch(VoiceAssistant, method, {
				parameters: { accountKind: 'platform2' },
				credentials: credentials(),
				credentialType: CREDENTIAL_TYPE,
				filter,
				paginationToken,
			}),
		requests: () => sb.requests.filter((entry) => entry.path.startsWith('/api/v1/')),
	};
}

/** A resource locator set By ID. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
