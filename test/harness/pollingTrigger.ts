/**
 * The polling trigger against the sandbox, both clocks in the test's hands, for either account kind
 * (test/polling/helpers.ts: classic; test/platform2/polling/helpers.ts: Platform 2.0):
 * - the platform's (`serverNow`): each kind's helpers write records at the times the test chooses;
 * - n8n's (`n8nNow`): pollingClock.now, a minute further each poll unless told, so the trigger's
 *   share of the rate limit is measured on a clock that moves without waiting. It only moves forward
 *   (the share is kept per token for the whole process).
 * `poll()` keeps the static data of one running n8n (`memory`); `saved` is what n8n would have saved
 * (on emit and after the activation poll); `restart()` loads it into a new node instance.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { VoiceAssistantPollingTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node';
import { pollingClock } from '../../nodes/VoiceAssistant/polling/clock';
import { resetPacers } from '../../nodes/VoiceAssistant/transport/pacers';
import { runPoll, type RunPollResult } from './poll';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export interface PollOptions {
	parameters?: IDataObject;
	activationPoll?: boolean;
	mode?: 'trigger' | 'manual';
	/** n8n's clock moves this much before the poll (default a minute) */
	after?: number;
	/** the node's version (default: the latest) */
	typeVersion?: number;
	/** credential fields beside the kind's own (e.g. the Account Time Zone) */
	credentials?: IDataObject;
}

export interface PollingTrigger {
	sb: Sandbox;
	/** the platform's clock (ms, as its timestamps read) */
	serverNow: number;
	/** n8n's clock as the trigger reads it */
	n8nNow: number;
	/** the static data of the running n8n */
	memory: IDataObject;
	/** what n8n saved to its database */
	saved: IDataObject;
	/** one poll of the active workflow */
	poll(options?: PollOptions): Promise<RunPollResult>;
	/** n8n restarts: memory is lost, what was saved is loaded by a new node instance */
	restart(): void;
}

export interface PollingKind {
	sandbox?: SandboxOptions;
	/** the platform's "now" when a test starts */
	serverStart: number;
	/** n8n's clock before the first test */
	n8nStart: number;
	/** the node's parameters every poll starts from (a poll's own parameters go over them) */
	parameters: IDataObject;
	credentialType?: string;
	credentials(sb: Sandbox): IDataObject;
	/** what else a test starts from (after the sandbox's reset) */
	beforeEach?(sb: Sandbox): void;
}

export function usePollingTrigger<T extends PollingTrigger>(kind: PollingKind): T {
	const t = { memory: {}, saved: {} } as T;
	let node = new VoiceAssistantPollingTrigger();
	const realNow = pollingClock.now;
	beforeAll(async () => {
		t.sb = await startSandbox({ port: 0, quiet: true, rateLimit: false, ...kind.sandbox });
		pollingClock.now = () => t.n8nNow;
	});
	afterAll(async () => {
		pollingClock.now = realNow;
		await t.sb.stop();
	});
	beforeEach(() => {
		t.sb.reset();
		resetPacers();
		kind.beforeEach?.(t.sb);
		t.serverNow = kind.serverStart;
		t.n8nNow = (t.n8nNow ?? kind.n8nStart) + HOUR;
		t.memory = {};
		t.saved = {};
		node = new VoiceAssistantPollingTrigger();
	});
	t.poll = async (options = {}) => {
		t.n8nNow += options.after ?? MINUTE;
		const result = await runPoll(node, {
			parameters: { ...kind.parameters, ...options.parameters } as never,
			credentials: { ...kind.credentials(t.sb), ...options.credentials } as ICredentialDataDecryptedObject,
			...(kind.credentialType ? { credentialType: kind.credentialType } : {}),
			staticData: options.mode === 'manual' ? structuredClone(t.memory) : t.memory,
			mode: options.mode,
			activationPoll: options.activationPoll,
			typeVersion: options.typeVersion,
		});
		if (result.persisted) t.saved = structuredClone(t.memory);
		return result;
	};
	t.restart = () => {
		t.memory = structuredClone(t.saved);
		node = new VoiceAssistantPollingTrigger();
	};
	return t;
}
