/**
 * The polling trigger against the sandbox, with both clocks in the test's hands:
 * - the platform's: calls are put into the sandbox's store with the creation and end times the
 *   test chooses (server clock, `serverNow`), and end when the test says so;
 * - n8n's: pollingClock.now is the test's `n8nNow`, so the trigger's share of the rate limit is
 *   measured on a clock that moves a minute per poll without waiting.
 * `poll()` keeps the static data of one running n8n; `persisted` is what n8n would have saved
 * (on emit and after the activation poll), for restarts.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import type { Call } from '../../sandbox/records';
import { VoiceAssistantPollingTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node';
import { pollingClock } from '../../nodes/VoiceAssistant/polling/clock';
import { runPoll, type RunPollResult } from '../harness/poll';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
/** The platform's "now" when a test starts: well after the sandbox's seeded history. */
export const SERVER_START = Date.UTC(2026, 0, 10, 12, 0, 0);

export interface PollingSandbox {
	sb: Sandbox;
	/** the platform's clock (ms, as its timestamps read) */
	serverNow: number;
	/** n8n's clock as the trigger reads it */
	n8nNow: number;
	/** the static data of the running n8n */
	memory: IDataObject;
	/** what n8n saved to its database */
	saved: IDataObject;
	/** a call of assistant 1 (or as given), created at serverNow, in progress */
	startCall(extra?: Partial<Call>): Call;
	/** ends a call at serverNow */
	endCall(call: Call, status?: string): void;
	/** one poll of the active workflow, a minute after the last on n8n's clock unless told */
	poll(options?: PollOptions): Promise<RunPollResult>;
	/** n8n restarts: memory is lost, what was saved is loaded by a new node instance */
	restart(): void;
	/** ids of the items a poll emitted */
	ids(result: { items: INodeExecutionData[] }): number[];
	/** requests the trigger made to the call list */
	listRequests(): IDataObject[];
}

export interface PollOptions {
	parameters?: IDataObject;
	activationPoll?: boolean;
	mode?: 'trigger' | 'manual';
	/** n8n's clock moves this much before the poll (default a minute) */
	after?: number;
	/** the node's version (default: the latest) */
	typeVersion?: number;
	/** credential fields beside the token and Base URL (e.g. the Account Time Zone) */
	credentials?: IDataObject;
}

export const DEFAULT_PARAMETERS: IDataObject = { event: 'callEnded', assistantId: { __rl: true, mode: 'id', value: '1' } };

export function usePollingSandbox(options: SandboxOptions = {}): PollingSandbox {
	const t = { memory: {}, saved: {} } as PollingSandbox;
	let node = new VoiceAssistantPollingTrigger();
	const realNow = pollingClock.now;
	beforeAll(async () => {
		t.sb = await startSandbox({ port: 0, quiet: true, rateLimit: false, ...options });
		pollingClock.now = () => t.n8nNow;
	});
	afterAll(async () => {
		pollingClock.now = realNow;
		await t.sb.stop();
	});
	beforeEach(() => {
		t.sb.reset();
		t.serverNow = SERVER_START;
		// n8n's clock only moves forward (the rate-limit share is kept per token for the whole process).
		t.n8nNow = (t.n8nNow ?? Date.UTC(2030, 0, 1)) + HOUR;
		t.memory = {};
		t.saved = {};
		node = new VoiceAssistantPollingTrigger();
	});
	t.startCall = (extra = {}) => {
		const { store } = t.sb;
		const call: Call = {
			id: store.nextId('call'),
			user_id: 1,
			assistant_id: 1,
			campaign_id: null,
			lead_id: null,
			assistant_name: 'Sales Agent',
			campaign_name: null,
			type: 'outbound',
			duration: 0,
			assistant_phone_number: '+4930123456',
			client_phone_number: `+4917612${String(store.calls.length).padStart(6, '0')}`,
			status: 'in-progress',
			transcript: '',
			transcript_items: [],
			variables: {},
			input_variables: {},
			evaluation: {},
			webhook_response: null,
			inbound_webhook_response: null,
			carrier_cost: 0,
			total_cost: 0,
			answered_by: 'unknown',
			recording_url: null,
			created_at: t.serverNow,
			updated_at: t.serverNow,
			finished_at: null,
			...extra,
		};
		store.calls.push(call);
		return call;
	};
	t.endCall = (call, status = 'completed') => {
		Object.assign(call, {
			status,
			duration: Math.round((t.serverNow - call.created_at) / 1000),
			transcript: `Assistant: Hello\nUser: Bye (${call.id})`,
			variables: { summary: `Call ${call.id}`, interested: true },
			answered_by: 'human',
			total_cost: 0.12,
			updated_at: t.serverNow,
			finished_at: t.serverNow,
		});
	};
	t.poll = async (options = {}) => {
		t.n8nNow += options.after ?? MINUTE;
		const result = await runPoll(node, {
			parameters: { ...DEFAULT_PARAMETERS, ...options.parameters } as never,
			credentials: { apiToken: t.sb.tokens.alice, baseUrl: t.sb.baseUrl, ...options.credentials },
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
	t.ids = (result) => result.items.map((item) => Number(item.json.call_id ?? item.json.id));
	t.listRequests = () => t.sb.requests.filter((r) => r.method === 'GET' && r.path === '/api/user/calls').map((r) => r.query);
	return t;
}
