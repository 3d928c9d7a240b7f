import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { callRuleFields, checkRecentCalls, decideRules, localTimeFields, sendUnderRules, skipped, type Held, type RuleDecision, type Target } from '../../engine/callingRules';
import { itemParams, type ItemParams } from '../../engine/itemParams';
import type { AnyOperation, Api, Lookup, Operation, Prepared } from '../../engine/operation';
import { AUTOMATIC_CALLS_IN_PROGRESS, readMaxWaitMs, waitFields } from '../../engine/wait/fields';
import { variablesFields } from '../../shared/fields';
import type { CatalogOperation } from '../catalog/types';
import { catalogOperation } from '../operation';
import { dataOf, outboundAllowance, platform2History, suppressedNumbers } from './callReads';
import { waitForCall2 } from './callWait';

/** The number's field as errors and the rules name it (the generated field: to_number → toNumber). */
const TO = { name: 'toNumber', displayName: 'To Number' } as const;

interface CreateCall extends Prepared {
	assistantId: string;
	phone: string;
	variables?: IDataObject;
	maxWaitMs?: number;
	rules: RuleDecision;
	/** the node's Do Not Call choice, for a number on the workspace's suppression list */
	onDoNotCall: 'skip' | 'fail';
}

/**
 * Calls → Create Call, made by hand from its catalogue entry: the generated fields (assistant and
 * caller number from searchable lists, the number in E.164, lead) with classic Call → Make's Variables,
 * Wait for Call to End and calling rules (engine/wait, engine/callingRules: one implementation for both
 * API generations). Do Not Call also honours the workspace's suppression list, read once per batch;
 * Skip If Called Within reads listCalls. A refused destination or the daily outbound cap is explained.
 */
export function createCall(entry: CatalogOperation): AnyOperation {
	// Variables come from classic's Variables input (pairs or JSON), not from the generated JSON field.
	const generated = catalogOperation({ ...entry, fields: entry.fields.filter((field) => field.key !== 'variables') });
	const base = generated as Operation<Prepared>;
	const targetsOf = (ctx: IExecuteFunctions): Target[] =>
		ctx.getInputData().flatMap((_, itemIndex) => {
			try {
				const body = base.prepare(itemParams(ctx, itemIndex, true)).request.body ?? {};
				return [{ itemIndex, assistantId: String(body.assistant_id), phone: String(body.to_number) }];
			} catch {
				return [];
			}
		});
	const operation: Operation<CreateCall, Held<unknown>> = {
		value: entry.id,
		name: entry.name,
		action: entry.action,
		description:
			'Have an assistant call a phone number. With Wait for Call to End on, waits until the call has ended and returns its status, duration, transcript and extracted variables. Calling Hours, Do Not Call (the node\'s list and the workspace\'s suppression list) and Skip If Called Within as on classic.',
		defaultCountry: true,
		write: {
			mayHaveHappened: `"${entry.name}" may have been carried out`,
			done: ['call placed', 'calls placed'],
			agent: { ...generated.write?.agent, reaches: ({ phone }) => phone },
		},
		fields: [
			...generated.fields,
			...variablesFields('Values the assistant can use in this call, e.g. customer_name.'),
			...waitFields,
			...callRuleFields,
		],
		automaticLimit: ({ maxWaitMs }) => (maxWaitMs === undefined ? undefined : AUTOMATIC_CALLS_IN_PROGRESS),
		prepare(item) {
			const { request } = base.prepare(item);
			const body: IDataObject = { ...request.body };
			const variables = item.variables();
			if (variables) body.variables = variables;
			const phone = String(body.to_number);
			return {
				assistantId: String(body.assistant_id),
				phone,
				variables,
				maxWaitMs: readMaxWaitMs(item),
				rules: decideRules(item, phone, TO.displayName, { hours: true, history: true }),
				onDoNotCall: onDoNotCall(item),
				request: { ...request, body },
			};
		},
		async resolve(prepared, lookup) {
			const rules = await suppressionRule(prepared, lookup);
			return { ...prepared, rules: await checkRecentCalls(rules, { assistantId: prepared.assistantId, phone: prepared.phone }, lookup, targetsOf, platform2History) };
		},
		async send(prepared, api) {
			return await sendUnderRules(prepared.rules, api, async () => await place(prepared, api));
		},
		async output(held, { assistantId, variables, maxWaitMs, rules }, api) {
			if (!held.sent) return [held.skip];
			const call = dataOf(held.answer);
			const localTime = localTimeFields(rules, held.sentAt);
			if (maxWaitMs === undefined) return [{ ...call, ...localTime }];
			const finished = await waitForCall2(api, { callId: String(call.id), assistantId, maxWaitMs, inputVariables: variables });
			return [{ ...finished, ...localTime }];
		},
	};
	return operation as unknown as AnyOperation;
}

function onDoNotCall(item: ItemParams): 'skip' | 'fail' {
	return item.get('onDoNotCall', 'skip') === 'fail' ? 'fail' : 'skip';
}

/** Do Not Call, the workspace's part: a number on its suppression list (voice or every channel) is not called. */
async function suppressionRule(prepared: CreateCall, lookup: Lookup): Promise<RuleDecision> {
	const { rules, phone } = prepared;
	if (rules.skip) return rules;
	const suppressed = await lookup.once('suppression-list', async (api) => await suppressedNumbers(api));
	if (!suppressed.has(phone)) return rules;
	if (prepared.onDoNotCall === 'fail') throw lookup.fail(TO.displayName, `${phone} is on the workspace's suppression list (do not contact), so it is not called`);
	return { ...rules, skip: { ...skipped(phone, 'do_not_call', 'The number is on the workspace\'s suppression list'), suppression_list: true } };
}

/** createCall itself; a refused destination or the daily cap becomes an error that says so. */
async function place(prepared: CreateCall, api: Api): Promise<unknown> {
	const sent = await api.request(prepared.request).then(
		(answer) => ({ answer }),
		(error: unknown) => ({ error }),
	);
	if ('answer' in sent) return sent.answer;
	{
		const error = sent.error;
		const said = (error as { message?: unknown }).message;
		const text = `${typeof said === 'string' ? said : ''} ${String((error as { description?: unknown }).description ?? '')}`;
		const node = api.ctx.getNode();
		const itemIndex = api.itemIndex;
		if (text.includes('destination_forbidden')) {
			throw new NodeOperationError(node, `${prepared.phone} was not called: the platform does not allow calls to this destination from this workspace (destination_forbidden, HTTP 403) [item ${itemIndex}]`, {
				itemIndex,
				description: 'A blocked country, a premium-rate or otherwise restricted number. Check the number, or the workspace\'s allowed destinations in the dashboard. Nothing was placed.',
			});
		}
		if (text.includes('outbound_limit_reached') || text.includes('daily_limit')) {
			const allowance = await outboundAllowance(api);
			throw new NodeOperationError(node, `${prepared.phone} was not called: the workspace's daily outbound-call cap is reached${allowance ? ` (${allowance})` : ''} [item ${itemIndex}]`, {
				itemIndex,
				description: 'Nothing was placed. Run the item again after the cap resets, or ask for a higher cap (Settings → Request Outbound Limit Increase).',
			});
		}
		throw sent.error; // the transport's NodeApiError, unchanged
	}
}
