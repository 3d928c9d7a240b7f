import { deleteOperation } from '../deleteRecord';
import { sipTrunkLocator } from './fields';

const base = deleteOperation({
	noun: 'SIP trunk',
	path: '/user/phone-numbers',
	idField: sipTrunkLocator('The SIP trunk to delete'),
	description: 'Delete a SIP trunk for good (it is removed at once); assistants and campaigns that used its number lose it',
	agentNeedsOptIn: 'deleting a SIP trunk cannot be undone and takes its number off every assistant and campaign',
});

/** DELETE /user/phone-numbers/{id} with the trunk's ID (a trunk is one of the account's numbers) → {message}. */
export const operation: typeof base = {
	...base,
	action: 'Delete a SIP trunk',
	write: { ...base.write!, mayHaveHappened: 'the SIP trunk may have been deleted', done: ['SIP trunk deleted', 'SIP trunks deleted'] },
};
