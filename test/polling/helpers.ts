/**
 * The classic polling trigger against the sandbox (test/harness/pollingTrigger.ts: both clocks in the
 * test's hands, memory, saved, restart): calls are put into the sandbox's store with the creation and
 * end times the test chooses (server clock, `serverNow`), and end when the test says so.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { SandboxOptions } from '../../sandbox';
import type { Call } from '../../sandbox/records';
import { usePollingTrigger, type PollingTrigger } from '../harness/pollingTrigger';

export { HOUR, MINUTE, type PollOptions } from '../harness/pollingTrigger';
/** The platform's "now" when a test starts: well after the sandbox's seeded history. */
export const SERVER_START = Date.UTC(2026, 0, 10, 12, 0, 0);

export interface PollingSandbox extends PollingTrigger {
	/** a call of assistant 1 (or as given), created at serverNow, in progress */
	startCall(extra?: Partial<Call>): Call;
	/** ends a call at serverNow */
	endCall(call: Call, status?: string): void;
	/** ids of the items a poll emitted */
	ids(result: { items: INodeExecutionData[] }): number[];
	/** requests the trigger made to the call list */
	listRequests(): IDataObject[];
}

export const DEFAULT_PARAMETERS: IDataObject = { event: 'callEnded', assistantId: { __rl: true, mode: 'id', value: '1' } };

export function usePollingSandbox(options: SandboxOptions = {}): PollingSandbox {
	const t = usePollingTrigger<PollingSandbox>({
		sandbox: options,
		serverStart: SERVER_START,
		n8nStart: Date.UTC(2030, 0, 1),
		parameters: DEFAULT_PARAMETERS,
		credentials: (sb) => ({ apiToken: sb.tokens.alice, baseUrl: sb.baseUrl }),
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
	t.ids = (result) => result.items.map((item) => Number(item.json.call_id ?? item.json.id));
	t.listRequests = () => t.sb.requests.filter((r) => r.method === 'GET' && r.path === '/api/user/calls').map((r) => r.query);
	return t;
}
