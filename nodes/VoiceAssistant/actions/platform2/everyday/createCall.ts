import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { callRuleFields, checkRecentCalls, decideRules, localTimeFields, sendUnderRules, skipped, type Held, type RuleDecision } from '../../../engine/callingRules';
import type { ItemParams } from '../../../engine/itemParams';
import type { AnyOperation, Api, Lookup, Operation, Prepared } from '../../../engine/operation';
import { AUTOMATIC_CALLS_IN_PROGRESS, readMaxWaitMs, waitFields } from '../../../engine/wait/fields';
import { variablesFields } from '../../../shared/fields';
import type { CatalogField, CatalogOperation } from '../catalog/types';
import { catalogOperation, type CatalogPrepared } from '../operation';
import { checkSuppressionListField, readSuppressionIfAllowed } from '../suppressionList';
import { checkedValue } from '../values';
import { dataOf, outboundAllowance, platform2History } from './callReads';
import { callerNumberField, CALLER_NUMBER } from './callerNumber';
import { waitForPlatform2Call } from './callWait';

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
	/** read the workspace's suppression list before calling (when the key may) */
	checkSuppression: boolean;
	/** set when the pre-check could not read the list: what the output says about it */
	suppressionNote?: string;
}

const checkSuppressionField = checkSuppressionListField(
	"Whether to read the workspace's suppression list (opt-outs for calls or for every channel) once per batch and leave its numbers uncalled, as On a Do Not Call Number says. The list is read only when the API key may (scope suppression:read): a key with only calls:write places its calls without this pre-check, and the platform itself refuses a suppressed number (403 destination_forbidden), said in the item's error.",
);

/**
 * Calls → Create Call, made by hand from its catalogue entry: the generated fields (assistant and
 * caller number from searchable lists, the number in E.164, lead) with classic Call → Make's Variables,
 * Wait for Call to End and calling rules (engine/wait, engine/callingRules: one implementation for both
 * API generations). Do Not Call also honours the workspace's suppression list, read once per batch;
 * Skip If Called Within reads listCalls. A refused destination or the daily outbound cap is explained.
 */
export function createCall(entry: CatalogOperation): AnyOperation {
	// Variables come from classic's Variables input (pairs or JSON), not from the generated JSON field;
	// the caller number from its own picker (callerNumber.ts), not from a text box among Additional Fields.
	const generated = catalogOperation({ ...entry, fields: entry.fields.filter((field) => field.key !== 'variables' && field.key !== CALLER_NUMBER.key) });
	const callerField = entry.fields.find((field) => field.key === CALLER_NUMBER.key);
	const caller: CatalogField | undefined = callerField && { ...callerField, label: CALLER_NUMBER.label };
	const [assistantField, toField, ...restFields] = generated.fields;
	const base = generated as Operation<CatalogPrepared>;
	const operation: Operation<CreateCall, Held<unknown>> = {
		value: entry.id,
		name: entry.name,
		action: entry.action,
		description:
			'Have an assistant call a phone number. With Wait for Call to End on, waits until the call has ended and returns its status, duration, transcript, summary and extracted variables. Calling Hours, Do Not Call (the node\'s list and the workspace\'s suppression list) and Skip If Called Within as on classic.',
		defaultCountry: true,
		write: {
			mayHaveHappened: `"${entry.name}" may have been carried out`,
			done: ['call placed', 'calls placed'],
			agent: { ...generated.write?.agent, reaches: ({ phone }) => phone },
		},
		fields: [
			assistantField,
			toField,
			...(caller ? [callerNumberField(caller)] : []),
			...restFields,
			...variablesFields('Values the assistant can use in this call, e.g. customer_name.'),
			...waitFields,
			...callRuleFields,
			checkSuppressionField,
		],
		automaticLimit: ({ maxWaitMs }) => (maxWaitMs === undefined ? undefined : AUTOMATIC_CALLS_IN_PROGRESS),
		prepare(item) {
			const { request, values } = base.prepare(item);
			const body: IDataObject = { ...request.body };
			const variables = item.variables();
			if (variables) body.variables = variables;
			const pickedId = item.locatorValue(CALLER_NUMBER.param, undefined);
			if (typeof pickedId === 'string' && /^\s*[+(]?[\d\s()/.-]{6,}\s*$/.test(pickedId)) {
				throw item.fail(CALLER_NUMBER.label, `"${pickedId}" is a phone number; this field takes the ID of one of the workspace's numbers`, "Pick the number From List, or leave the field empty to call from the assistant's number.");
			}
			const callerId = caller ? checkedValue(item, caller, pickedId) : undefined;
			if (callerId !== undefined) body.phone_number_id = callerId as string;
			const phone = String(values.to_number);
			return {
				assistantId: String(values.assistant_id),
				phone,
				variables,
				maxWaitMs: readMaxWaitMs(item),
				rules: decideRules(item, phone, TO.displayName, { hours: true, history: true }),
				onDoNotCall: onDoNotCall(item),
				checkSuppression: item.get('checkSuppressionList', true) !== false,
				request: { ...request, body },
			};
		},
		async resolve(prepared, lookup) {
			const { rules, note } = await suppressionRule(prepared, lookup);
			const checked = await checkRecentCalls(rules, prepared, lookup, platform2History);
			return { ...prepared, rules: checked, ...(note ? { suppressionNote: note } : {}) };
		},
		async send(prepared, api) {
			return await sendUnderRules(prepared.rules, api, async () => await place(prepared, api));
		},
		async output(held, { assistantId, variables, maxWaitMs, rules, suppressionNote }, api) {
			if (!held.sent) return [held.skip];
			const call = dataOf(held.answer);
			const extra = { ...localTimeFields(rules, held.sentAt), ...(suppressionNote ? { suppression_list: suppressionNote } : {}) };
			if (maxWaitMs === undefined) return [{ ...call, ...extra }];
			const finished = await waitForPlatform2Call(api, { callId: String(call.id), assistantId, maxWaitMs, inputVariables: variables });
			return [{ ...finished, ...extra }];
		},
	};
	return operation as unknown as AnyOperation;
}

function onDoNotCall(item: ItemParams): 'skip' | 'fail' {
	return item.get('onDoNotCall', 'skip') === 'fail' ? 'fail' : 'skip';
}

/**
 * Do Not Call, the workspace's part: a number on its suppression list (voice or every channel) is not
 * called. The list is read once per batch, and only when the key may read it: Create Call needs only
 * calls:write, and the platform applies the list itself (403 destination_forbidden, said by place()).
 */
async function suppressionRule(prepared: CreateCall, lookup: Lookup): Promise<{ rules: RuleDecision; note?: string }> {
	const { rules, phone } = prepared;
	if (rules.skip || !prepared.checkSuppression) return { rules };
	const list = await lookup.once('platform2-suppression-voice', async (api) => await readSuppressionIfAllowed(api, 'voice'));
	if (!list.readable) return { rules, note: list.why };
	const entry = list.numbers.get(phone);
	if (!entry) return { rules };
	const where = entry.channel === 'all' ? 'for every channel' : 'for calls';
	if (prepared.onDoNotCall === 'fail') throw lookup.fail(TO.displayName, `${phone} is on the workspace's suppression list (${where}), so it is not called`);
	return { rules: { ...rules, skip: { ...skipped(phone, 'do_not_call', `The number is on the workspace's suppression list (${where})`), suppression_list: true, suppression_entry: { ...entry } } } };
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
				description:
					'A number that opted out (on the workspace\'s suppression list), a blocked country, or a premium-rate or otherwise restricted number. Check the number, the suppression list, or the workspace\'s allowed destinations in the dashboard. Nothing was placed.',
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
