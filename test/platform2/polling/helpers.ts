/**
 * The polling trigger on Platform 2.0 against the sandbox's 2.0 mode, both clocks in the test's hands:
 * - the platform's: records are written at the times the test chooses (`serverNow`, through the
 *   sandbox's recordAt: created_at / updated_at / ended_at are the platform's);
 * - n8n's: pollingClock.now is `n8nNow`, a minute further each poll (the rate-limit share).
 * `poll()` keeps the static data of one running n8n; `saved` is what n8n would have saved (on emit and
 * after the activation poll); `restart()` loads it into a new node instance. `listOrder`: the order the
 * sandbox answers its paged lists in (newest first unless told; the catalogue states none).
 */
import type { IDataObject } from 'n8n-workflow';

import { PLATFORM2_KEYS, startSandbox, type Sandbox } from '../../../sandbox';
import { recordAt, type RecordAt } from '../../../sandbox/platform2/behaviours/pollingTimeline';
import type { P2Record } from '../../../sandbox/platform2/records';
import { VoiceAssistantPollingTrigger } from '../../../nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node';
import { pollingClock } from '../../../nodes/VoiceAssistant/polling/clock';
import { resetPacers } from '../../../nodes/VoiceAssistant/transport/pacers';
import { runPoll, type RunPollResult } from '../../harness/poll';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const SERVER_START = Date.UTC(2026, 2, 10, 12, 0, 0);

export interface Poll2Options {
	parameters?: IDataObject;
	activationPoll?: boolean;
	mode?: 'trigger' | 'manual';
	/** the trigger's version (default: the newest) */
	typeVersion?: number;
}

export interface Polling2 {
	sb: Sandbox;
	serverNow: number;
	n8nNow: number;
	memory: IDataObject;
	saved: IDataObject;
	/** a record written at serverNow (created, or changed when `id` names one) */
	at(change: Omit<RecordAt, 'at'>): P2Record;
	startCall(fields?: Record<string, unknown>): P2Record;
	finishCall(call: P2Record, status?: string): P2Record;
	poll(options?: Poll2Options): Promise<RunPollResult>;
	restart(): void;
	ids(result: RunPollResult): string[];
	/** GET requests to this 2.0 path since the last call (and forgets them) */
	requestsTo(path: string): Array<Record<string, string>>;
}

export const LIST_ORDERS = ['newest', 'oldest'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

export function usePolling2(defaults: IDataObject, options: { listOrder?: ListOrder } = {}): Polling2 {
	const t = { memory: {}, saved: {} } as Polling2;
	let node = new VoiceAssistantPollingTrigger();
	const realNow = pollingClock.now;
	let seen = 0;
	beforeAll(async () => {
		t.sb = await startSandbox({ port: 0, quiet: true, rateLimit: false });
		pollingClock.now = () => t.n8nNow;
	});
	afterAll(async () => {
		pollingClock.now = realNow;
		await t.sb.stop();
	});
	beforeEach(() => {
		t.sb.reset();
		if (options.listOrder) t.sb.platform2.setListOrder(options.listOrder);
		resetPacers();
		seen = 0;
		t.serverNow = SERVER_START;
		t.n8nNow = (t.n8nNow ?? Date.UTC(2031, 0, 1)) + HOUR;
		t.memory = {};
		t.saved = {};
		node = new VoiceAssistantPollingTrigger();
	});
	t.at = (change) => recordAt(t.sb.platform2, { ...change, at: t.serverNow });
	t.startCall = (fields = {}) =>
		t.at({ collection: '/calls', fields: { status: 'in_progress', direction: 'outbound', to_number: '+4915112345670', ended_at: null, ...fields } });
	t.finishCall = (call, status = 'completed') => t.at({ collection: '/calls', id: String(call.id), fields: { status, ended_at: new Date(t.serverNow).toISOString() } });
	t.poll = async (options = {}) => {
		t.n8nNow += MINUTE;
		const result = await runPoll(node, {
			parameters: { accountKind: 'platform2', ...defaults, ...options.parameters } as never,
			credentials: { apiKey: PLATFORM2_KEYS.full, origin: t.sb.origin },
			credentialType: 'voiceAssistantPlatform2Api',
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
	t.ids = (result) => result.items.map((item) => String(item.json.id));
	t.requestsTo = (path) => {
		const all = t.sb.requests.filter((r) => r.method === 'GET' && r.path === `/api/v1${path}`);
		const fresh = all.slice(seen);
		seen = all.length;
		return fresh.map((r) => r.query);
	};
	return t;
}
