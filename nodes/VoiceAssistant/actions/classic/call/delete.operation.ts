import { callIdField } from '../../../shared/fields';
import { deleteOperation } from '../deleteRecord';

/** DELETE /user/calls/{id} → 200 {message} or 204. */
export const operation = deleteOperation({
	noun: 'Call',
	path: '/user/calls',
	idField: callIdField('The ID of the call record to delete (the "ID" of a call from Get Many or the trigger\'s call_id)'),
	description: 'Delete a past call record, with its transcript and recording, from the platform for good',
});
