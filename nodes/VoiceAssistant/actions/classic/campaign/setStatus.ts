import { NodeApiError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { campaignLocator } from '../../../shared/locators';
import { writeAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';

export interface SetStatus extends Prepared {
	campaignId: number;
}

/**
 * Start and Stop are one endpoint: POST /user/campaigns/update-status {campaign_id, action} →
 * {message, success, data: {campaign_id, status}}. `success: false` is the platform saying no, even
 * with HTTP 200: an error, never "done".
 */
export function setStatusOperation(action: 'start' | 'stop'): Operation<SetStatus> {
	const verb = action === 'start' ? 'Start' : 'Stop';
	return {
		value: action,
		name: verb,
		description: `${verb} calling the leads of a campaign`,
		action: `${verb} a campaign`,
		write: {
			mayHaveHappened: `the campaign may have been ${action === 'start' ? 'started' : 'stopped'}`,
			done: [`campaign ${action === 'start' ? 'started' : 'stopped'}`, `campaigns ${action === 'start' ? 'started' : 'stopped'}`],
			// Starting has every lead called (which costs money); stopping spends nothing.
			...(action === 'start' ? { agent: { needsOptIn: 'starting a campaign has all its leads called, which costs money' } } : {}),
		},
		fields: [campaignLocator(`The campaign to ${action}`)],
		prepare(item) {
			const campaignId = item.locatorId('campaignId', 'Campaign');
			return {
				campaignId,
				request: { method: 'POST', path: '/user/campaigns/update-status', body: { campaign_id: campaignId, action }, notFound: `Campaign ${campaignId}` },
			};
		},
		async send(prepared, api) {
			const answer = writeAnswer(await api.request(prepared.request));
			if (answer.success === false) {
				const said = typeof answer.message === 'string' && answer.message !== '' ? answer.message : 'no reason given';
				throw new NodeApiError(api.ctx.getNode(), answer as IDataObject as never, {
					message: `The platform did not ${action} campaign ${prepared.campaignId}: ${said}`,
					description: `POST /user/campaigns/update-status answered success: false. Nothing changed, so the item can be run again once the cause is fixed.`,
					itemIndex: api.itemIndex,
				});
			}
			return answer;
		},
		output(answer, { campaignId }) {
			const envelope = writeAnswer(answer);
			const data = envelope.data !== null && typeof envelope.data === 'object' ? (envelope.data as IDataObject) : {};
			return [{ campaign_id: campaignId, action, ...data, success: true, message: envelope.message ?? '' }];
		},
	};
}
