/**
 * The polling trigger on Platform 2.0 against the sandbox's 2.0 mode (test/harness/pollingTrigger.ts:
 * both clocks in the test's hands, memory, saved, restart): records are written at the times the test
 * chooses (`serverNow`, through the sandbox's recordAt: created_at / updated_at / ended_at are the
 * platform's). `listOrder`: the order the sandbox answers its paged lists in (newest first unless told;
 * the catalogue states none).
 */
import type { IDataObject } from 'n8n-workflow';

import { PLATFORM2_KEYS } from '../../../sandbox';
import { recordAt, type RecordAt } from '../../../sandbox/platform2/behaviours/pollingTimeline';
import type { P2Record } from '../../../sandbox/platform2/records';
import type { RunPollResult } from '../../harness/poll';
import { usePollingTrigger, type PollingTrigger } from '../../harness/pollingTrigger';

export { HOUR, MINUTE, type PollOptions as Poll2Options } from '../../harness/pollingTrigger';
export const SERVER_START = Date.UTC(2026, 2, 10, 12, 0, 0);

export interface Polling2 extends PollingTrigger {
	/** a record written at serverNow (created, or changed when `id` names one) */
	at(change: Omit<RecordAt, 'at'>): P2Record;
	startCall(fields?: Record<string, unknown>): P2Record;
	finishCall(call: P2Record, status?: string): P2Record;
	ids(result: RunPollResult): string[];
	/** GET requests to this 2.0 path since the last call (and forgets them) */
	requestsTo(path: string): Array<Record<string, string>>;
}

export const LIST_ORDERS = ['newest', 'oldest'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

export function usePolling2(defaults: IDataObject, options: { listOrder?: ListOrder } = {}): Polling2 {
	let seen = 0;
	const t = usePollingTrigger<Polling2>({
		serverStart: SERVER_START,
		n8nStart: Date.UTC(2031, 0, 1),
		parameters: { accountKind: 'platform2', ...defaults },
		credentialType: 'voiceAssistantPlatform2Api',
		credentials: (sb) => ({ apiKey: PLATFORM2_KEYS.full, origin: sb.origin }),
		beforeEach: (sb) => {
			if (options.listOrder) sb.platform2.setListOrder(options.listOrder);
			seen = 0;
		},
	});
	t.at = (change) => recordAt(t.sb.platform2, { ...change, at: t.serverNow });
	t.startCall = (fields = {}) =>
		t.at({ collection: '/calls', fields: { status: 'in_progress', direction: 'outbound', to_number: '+4915112345670', ended_at: null, ...fields } });
	t.finishCall = (call, status = 'completed') => t.at({ collection: '/calls', id: String(call.id), fields: { status, ended_at: new Date(t.serverNow).toISOString() } });
	t.ids = (result) => result.items.map((item) => String(item.json.id));
	t.requestsTo = (path) => {
		const all = t.sb.requests.filter((r) => r.method === 'GET' && r.path === `/api/v1${path}`);
		const fresh = all.slice(seen);
		seen = all.length;
		return fresh.map((r) => r.query);
	};
	return t;
}
