import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { assistantLocator, phoneField, variablesFields } from '../../shared/fields';
import { readDefaultCountry, readLocatorId, readPhone, readVariables } from '../../shared/params';
import { apiRequest } from '../../transport/request';

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
];

/**
 * POST /user/make_call {phone_number, assistant_id, variables} → {message, data: {}}; some deployments
 * also answer call_id and status, which are passed through.
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

	const response = (await apiRequest.call(this, 'POST', '/user/make_call', {
		body,
		itemIndex,
		notFound: `Assistant ${assistantId}`,
	})) as IDataObject | undefined;
	const { data, message, ...rest } = response ?? {};
	const extra = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : {};
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
