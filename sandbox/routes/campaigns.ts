/** GET /user/campaigns, POST /user/campaigns/update-status. */
import { MIN_CALL_BALANCE } from '../calls';
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import { campaignRecord } from '../serialize';
import { hasErrors, validate } from '../validation';

export function listCampaigns(ctx: RouteContext): ApiResult {
	return ok(ctx.app.store.campaigns.filter((c) => c.user_id === ctx.user.id).map(campaignRecord));
}

export function updateCampaignStatus(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, {
		campaign_id: { type: 'integer', required: true },
		action: { type: 'string', required: true },
	});
	if (hasErrors(errors)) return validationError(errors);
	if (values.action !== 'start' && values.action !== 'stop') {
		return message(400, 'Invalid action. Allowed actions are: start, stop', { success: false });
	}
	const campaign = ctx.app.store.campaignOf(ctx.user.id, values.campaign_id);
	if (!campaign) return message(404, 'Campaign not found', { success: false });
	if (values.action === 'start') {
		if (ctx.user.balance < MIN_CALL_BALANCE) return message(400, 'Insufficient balance', { success: false });
		ctx.app.sim.startCampaign(campaign);
		return ok({ message: 'Campaign started successfully.', success: true, data: { campaign_id: campaign.id, status: 'in-progress' } });
	}
	ctx.app.sim.stopCampaign(campaign);
	return ok({ message: 'Campaign stopped successfully.', success: true, data: { campaign_id: campaign.id, status: 'stopped' } });
}
