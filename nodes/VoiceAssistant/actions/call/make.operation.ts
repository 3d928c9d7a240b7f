import type { IDataObject } from 'n8n-workflow';

import { assistantLocator, phoneField, variablesFields } from '../../shared/fields';
import { writeAnswer } from '../../shared/items';
import type { Operation, Prepared } from '../operation';

interface MakeCall extends Prepared {
	assistantId: number;
	phone: string;
	variables?: IDataObject;
}

/**
 * POST /user/make_call {phone_number, assistant_id, variables} → {message, data: {}}; some deployments
 * also answer call_id and status, which are passed through.
 */
export const operation: Operation<MakeCall> = {
	value: 'make',
	name: 'Make',
	description: 'Have an outbound assistant call a phone number now',
	action: 'Make a call',
	defaultCountry: true,
	write: { mayHaveHappened: 'the call may have been placed', done: ['call placed', 'calls placed'] },
	fields: [
		assistantLocator({ searchListMethod: 'searchOutboundAssistants', description: 'The outbound assistant that places the call' }),
		phoneField({ name: 'phoneNumber', displayName: 'Customer Phone Number', required: true, description: 'The number to call; sent in E.164 format' }),
		...variablesFields('Values the assistant can use in this call, e.g. customer_name.'),
	],
	prepare(item) {
		const assistantId = item.locatorId('assistantId', 'Assistant');
		const phone = item.phone(item.get('phoneNumber'), 'Customer Phone Number');
		const variables = item.variables();
		const body: IDataObject = { phone_number: phone, assistant_id: assistantId };
		if (variables) body.variables = variables;
		return { assistantId, phone, variables, request: { method: 'POST', path: '/user/make_call', body, notFound: `Assistant ${assistantId}` } };
	},
	output(answer, { assistantId, phone, variables }) {
		const { data, message, ...rest } = writeAnswer(answer);
		const extra = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : {};
		return [
			{
				assistant_id: assistantId,
				phone_number: phone,
				...(variables ? { variables } : {}),
				...rest,
				...extra,
				message: typeof message === 'string' ? message : 'Call initiated successfully',
			},
		];
	},
};
