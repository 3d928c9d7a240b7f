import { leadIdField } from '../../../shared/fields';
import { deleteOperation } from '../deleteRecord';

/** DELETE /user/leads/{id} → {message}. */
export const operation = deleteOperation({
	noun: 'Lead',
	path: '/user/leads',
	idField: leadIdField('The ID of the lead to delete (the "ID" of a lead from Create or Get Many)'),
	description: 'Remove a lead from its campaign for good, so the campaign no longer calls it',
});
