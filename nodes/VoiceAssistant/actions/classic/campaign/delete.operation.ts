import { campaignLocator } from '../../../shared/locators';
import { deleteOperation } from '../deleteRecord';

/** DELETE /user/campaign/{id}: singular, unlike the list and create paths (2026 docs) → {message}. */
export const operation = deleteOperation({
	noun: 'Campaign',
	path: '/user/campaign',
	idField: campaignLocator('The campaign to delete'),
	description: 'Delete a campaign for good: a running campaign is stopped first, its leads are removed and its phone numbers released from it',
	agentNeedsOptIn: 'deleting a campaign stops it and removes its leads, which cannot be undone',
});
