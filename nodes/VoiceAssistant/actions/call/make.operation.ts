import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { assistantLocator, phoneField, variablesFields } from '../../shared/fields';
import { readDefaultCountry, readLocatorId, readPhone, readVariables } from '../../shared/params';
import { apiRequest } from '../../transport/request';
import { abandonSnapshot, snapshotBeforeCall, waitForCallEnd } from './wait';
import { readMaxWaitMs, waitFields } from './wait/fields';

export const description: INodeProperties[] = [
	assistantLocator({
		searchListMethod: 'searchOutboundAssistants',
		description: 'The outbound assistant that places the call',
	}),
	phoneField({
		name: 'phoneNumber',
		displayName: 'Customer Phone Number',
		required: true,
		description: 'The number to call; sent in E.164 format',
	}),
	...variablesFields('Values the assistant can use in this call, e.g. customer_name.'),
	...waitFields,
];

/**
 * POST /user/make_call {phone_number, assistant_id, variables} → {message, data: {}}; some deployments
 * also answer call_id and status, which are passed through. With Wait for Call to End: a snapshot of
 * the number's calls before, the wait for the call's end after (wait/index.ts).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const assistantId = readLocatorId(this, 'assistantId', 'Assistant', itemIndex);
	const phone = readPhone(
		this,
		this.getNodeParameter('phoneNumber', itemIndex, ''),
		'Customer Phone Number',
		itemIndex,
		readDefaultCountry(this, itemIndex),
	);
	const body: IDataObject = { phone_number: phone, assistant_id: assistantId };
	const variables = readVariables(this, itemIndex);
	if (variables) body.variables = variables;

	const maxWaitMs = readMaxWaitMs(this, itemIndex);
	const snapshot = maxWaitMs === undefined ? undefined : await snapshotBeforeCall(this, { assistantId, phoneNumber: phone, itemIndex });

	let response: IDataObject | undefined;
	let placed = false;
	try {
		response = (await apiRequest.call(this, 'POST', '/user/make_call', {
			body,
			itemIndex,
			notFound: `Assistant ${assistantId}`,
		})) as IDataObject | undefined;
		placed = true;
	} finally {
		if (snapshot && !placed) abandonSnapshot(snapshot);
	}
	const { data, message, ...rest } = response ?? {};
	const extra = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : {};
	if (snapshot && maxWaitMs !== undefined) {
		const callId = Number(extra.call_id ?? rest.call_id ?? extra.id);
		const ended = await waitForCallEnd(this, {
			assistantId,
			phoneNumber: phone,
			callId: Number.isInteger(callId) && callId > 0 ? callId : undefined,
			snapshot,
			maxWaitMs,
			itemIndex,
			inputVariables: variables,
		});
		return [{ json: ended }];
	}
	return [
		{
			json: {
				assistant_id: assistantId,
				phone_number: phone,
				...(variables ? { variables } : {}),
				...rest,
				...extra,
				message: typeof message === 'string' ? message : 'Call initiated successfully',
			},
		},
	];
}
