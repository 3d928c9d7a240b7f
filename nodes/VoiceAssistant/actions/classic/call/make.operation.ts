import type { IDataObject } from 'n8n-workflow';

import { phoneField, variablesFields } from '../../../shared/fields';
import { assistantLocator } from '../../../shared/locators';
import { writeAnswer } from '../../../engine/answers';
import type { Api, Operation, Prepared } from '../../../engine/operation';
import { abandonSnapshot, snapshotBeforeCall, waitForCallEnd, type CallSnapshot } from './wait';
import { AUTOMATIC_CALLS_IN_PROGRESS, readMaxWaitMs, waitFields } from '../../../engine/wait/fields';
import { asObject } from '../../../shared/objects';
// Calling rules (#20): decided in prepare/resolve, applied in send, shown in output.
import { callRuleFields, checkRecentCalls, localTimeFields, sendUnderRules, type Held, type RuleDecision } from '../../../engine/callingRules';
import { PHONE_FIELD, decideCallRules } from './rules';

interface MakeCall extends Prepared {
	assistantId: number;
	phone: string;
	variables?: IDataObject;
	/** set when Wait for Call to End is on */
	maxWaitMs?: number;
	rules: RuleDecision;
}

/** What the send step did: the platform's answer, and what was known before the call (to find it later). */
interface Placed {
	answer: unknown;
	snapshot?: CallSnapshot;
}

/**
 * POST /user/make_call {phone_number, assistant_id, variables} → {message, data: {}}; some deployments
 * also answer call_id and status, which are passed through. With Wait for Call to End, the send step
 * also takes a snapshot of the number's calls before placing (remembered with the call, so Retry On
 * Fail never places it again) and the output step waits for the call's end (wait/index.ts).
 */
export const operation: Operation<MakeCall> = {
	value: 'make',
	name: 'Make',
	description:
		'Have an outbound assistant call a phone number now. With Wait for Call to End on, waits until the call has ended and returns its status, duration, transcript and extracted variables.',
	action: 'Make a call',
	defaultCountry: true,
	write: {
		mayHaveHappened: 'the call may have been placed',
		done: ['call placed', 'calls placed'],
		agent: { reaches: ({ phone }) => phone },
	},
	fields: [
		assistantLocator({ searchListMethod: 'searchOutboundAssistants', description: 'The outbound assistant that places the call' }),
		phoneField({ name: 'phoneNumber', displayName: 'Customer Phone Number', required: true, description: 'The number to call; sent in E.164 format' }),
		...variablesFields('Values the assistant can use in this call, e.g. customer_name.'),
		...waitFields,
		...callRuleFields,
	],
	// A waiting item holds its call for minutes: fewer at once than the automatic ceiling.
	automaticLimit: ({ maxWaitMs }) => (maxWaitMs === undefined ? undefined : AUTOMATIC_CALLS_IN_PROGRESS),
	prepare(item) {
		const assistantId = item.locatorId('assistantId', 'Assistant');
		const phone = item.phone(item.get(PHONE_FIELD.name), PHONE_FIELD.displayName);
		const variables = item.variables();
		const body: IDataObject = { phone_number: phone, assistant_id: assistantId };
		if (variables) body.variables = variables;
		return {
			assistantId,
			phone,
			variables,
			maxWaitMs: readMaxWaitMs(item),
			rules: decideCallRules(item, phone),
			request: { method: 'POST', path: '/user/make_call', body, notFound: `Assistant ${assistantId}` },
		};
	},
	async resolve(prepared, lookup) {
		// Skip If Called Within: one history read for the numbers of the whole batch, as prepared
		return { ...prepared, rules: await checkRecentCalls(prepared.rules, prepared, lookup) };
	},
	async send(prepared, api): Promise<Held<Placed>> {
		return await sendUnderRules(prepared.rules, api, async () => await placeCall(prepared, api));
	},
	async output(sent, { assistantId, phone, variables, maxWaitMs, rules }, api) {
		const held = sent as Held<Placed>;
		if (!held.sent) return [held.skip];
		const { answer, snapshot } = held.answer;
		const { data, message, ...rest } = writeAnswer(answer);
		const extra = asObject(data);
		const localTime = localTimeFields(rules, held.sentAt);
		if (snapshot && maxWaitMs !== undefined) {
			const callId = Number(extra.call_id ?? rest.call_id ?? extra.id);
			return [
				{
					...(await waitForCallEnd(api.ctx, {
						assistantId,
						phoneNumber: phone,
						callId: Number.isInteger(callId) && callId > 0 ? callId : undefined,
						snapshot,
						maxWaitMs,
						itemIndex: api.itemIndex,
						inputVariables: variables,
					})),
					...localTime,
				},
			];
		}
		return [
			{
				assistant_id: assistantId,
				phone_number: phone,
				...(variables ? { variables } : {}),
				...rest,
				...extra,
				message: typeof message === 'string' ? message : 'Call initiated successfully',
				...localTime,
			},
		];
	},
};

/** The send step itself: with Wait for Call to End, a snapshot of the number's calls first. */
async function placeCall({ assistantId, phone, maxWaitMs, request }: MakeCall, api: Api): Promise<Placed> {
	if (maxWaitMs === undefined) return { answer: await api.request(request) };
	const snapshot = await snapshotBeforeCall(api.ctx, { assistantId, phoneNumber: phone, itemIndex: api.itemIndex });
	let placed = false;
	try {
		const answer = await api.request(request);
		placed = true;
		return { answer, snapshot };
	} finally {
		if (!placed) abandonSnapshot(snapshot);
	}
}
