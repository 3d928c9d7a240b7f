/** GET /user/campaigns, POST /user/campaigns, POST /user/campaigns/update-status. */
import { MIN_CALL_BALANCE } from '../calls';
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import type { Campaign } from '../records';
import { campaignRecord, createdCampaignRecord } from '../serialize';
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

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** POST /user/campaigns: a new campaign in `draft`, dialled by the given assistant. */
export function createCampaign(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, {
		name: { type: 'string', required: true, max: 255 },
		assistant_id: { type: 'integer', required: true },
		timezone: { type: 'timezone' },
		max_calls_in_parallel: { type: 'integer', between: [1, 50] },
		allowed_hours_start_time: { type: 'string', regex: HH_MM },
		allowed_hours_end_time: { type: 'string', regex: HH_MM },
		allowed_days: { type: 'array' },
		max_retries: { type: 'integer', between: [0, 10] },
		retry_interval: { type: 'integer', between: [1, 10080] },
		retry_on_voicemail: { type: 'boolean' },
		retry_on_goal_incomplete: { type: 'boolean' },
		goal_completion_variable: { type: 'string', max: 255 },
		mark_complete_when_no_leads: { type: 'boolean' },
		phone_number_ids: { type: 'array' },
	});
	const days = (values.allowed_days as unknown[] | undefined) ?? DAYS.slice(0, 5);
	if (days.some((day) => typeof day !== 'string' || !DAYS.includes(day))) (errors.allowed_days ??= []).push('The selected allowed days is invalid.');
	const phoneIds = (values.phone_number_ids as unknown[] | undefined) ?? [];
	const { store } = ctx.app;
	if (phoneIds.some((id) => typeof id !== 'number' || !store.phoneNumberOf(ctx.user.id, id))) {
		(errors.phone_number_ids ??= []).push('The selected phone number ids is invalid.');
	}
	if (hasErrors(errors)) return validationError(errors);
	const assistant = store.assistantOf(ctx.user.id, values.assistant_id);
	if (!assistant) return message(404, 'Assistant not found');
	const now = Date.now();
	const campaign: Campaign = {
		id: store.nextId('campaign'),
		user_id: ctx.user.id,
		assistant_id: assistant.id,
		name: values.name as string,
		status: 'draft',
		max_calls_in_parallel: (values.max_calls_in_parallel as number | undefined) ?? 1,
		mark_complete_when_no_leads: (values.mark_complete_when_no_leads as boolean | undefined) ?? false,
		allowed_hours_start_time: `${(values.allowed_hours_start_time as string | undefined) ?? '09:00'}:00`,
		allowed_hours_end_time: `${(values.allowed_hours_end_time as string | undefined) ?? '18:00'}:00`,
		allowed_days: days as string[],
		max_retries: (values.max_retries as number | undefined) ?? 0,
		retry_interval: (values.retry_interval as number | undefined) ?? 60,
		timezone: (values.timezone as string | undefined) ?? assistant.timezone,
		retry_on_voicemail: (values.retry_on_voicemail as boolean | undefined) ?? false,
		retry_on_goal_incomplete: (values.retry_on_goal_incomplete as boolean | undefined) ?? false,
		goal_completion_variable: (values.goal_completion_variable as string | undefined) ?? null,
		phone_number_ids: phoneIds as number[],
		created_at: now,
		updated_at: now,
	};
	store.campaigns.push(campaign);
	return ok({ message: 'Campaign created successfully', data: createdCampaignRecord(campaign) }, 201);
}

/** DELETE /user/campaign/{id} (2026 docs): stops it, removes its leads, frees its numbers, then the campaign. */
export function deleteCampaign(ctx: RouteContext): ApiResult {
	const { store } = ctx.app;
	const campaign = store.campaignOf(ctx.user.id, ctx.params.id);
	if (!campaign) return message(404, 'Campaign not found');
	ctx.app.sim.stopCampaign(campaign);
	for (const lead of store.leads.filter((l) => l.campaign_id === campaign.id)) store.removeLead(lead);
	store.campaigns.splice(store.campaigns.indexOf(campaign), 1);
	return ok({ message: 'Campaign deleted successfully' });
}
