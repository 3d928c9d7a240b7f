/** POST /user/lead, GET /user/leads, PUT /user/leads/{id}, DELETE /user/leads/{id}. */
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import { parsePhone } from '../phone';
import type { Lead, SecondaryContact } from '../records';
import { paginate } from '../pagination';
import { leadRecord } from '../serialize';
import { hasErrors, isPlainObject, label, validate, type Errors } from '../validation';
import { perPageRules, readPage } from './paging';

const LEAD_STATES = ['created', 'completed', 'reached-max-retries'];
const UPDATABLE = ['campaign_id', 'phone_number', 'status', 'variables'];

export function createLead(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, {
		phone_number: { type: 'string', required: true },
		campaign_id: { type: 'integer', required: true },
		variables: { type: 'object' },
		allow_dupplicate: { type: 'boolean' },
		secondary_contacts: { type: 'array' },
	});
	const contacts: Array<{ phone: string; variables: Record<string, unknown> }> = [];
	if (Array.isArray(values.secondary_contacts)) checkContacts(values.secondary_contacts, errors, contacts);
	if (hasErrors(errors)) return validationError(errors);
	const { store } = ctx.app;
	const campaign = store.campaignOf(ctx.user.id, values.campaign_id);
	if (!campaign) return message(404, 'Campaign not found');
	const phone = parsePhone(values.phone_number);
	if (!phone) return message(400, 'Invalid phone number');
	if (store.hasLead(campaign.id, phone.e164) && values.allow_dupplicate !== true) {
		return validationError({ phone_number: ['A lead with this phone number already exists in this campaign.'] });
	}
	const now = Date.now();
	const lead: Lead = {
		id: store.nextId('lead'),
		user_id: ctx.user.id,
		campaign_id: campaign.id,
		phone_number: phone.e164,
		variables: structuredClone((values.variables as Record<string, unknown>) ?? {}),
		status: 'created',
		attempts: 0,
		secondary_contacts: contacts.map(
			(c): SecondaryContact => ({
				id: store.nextId('contact'),
				phone_number: c.phone,
				variables: structuredClone(c.variables),
				status: 'created',
				created_at: now,
				updated_at: now,
			}),
		),
		created_at: now,
		updated_at: now,
	};
	store.addLead(lead);
	return ok({ message: 'Lead created successfully', data: leadRecord(lead, store) });
}

function checkContacts(items: unknown[], errors: Errors, out: Array<{ phone: string; variables: Record<string, unknown> }>): void {
	items.forEach((item, i) => {
		const key = `secondary_contacts.${i}`;
		const add = (field: string, text: string) => (errors[`${key}.${field}`] ??= []).push(text);
		const entry = isPlainObject(item) ? item : {};
		const variables = entry.variables ?? {};
		if (!isPlainObject(variables) && !(Array.isArray(variables) && variables.length === 0))
			add('variables', `The ${label(`${key}.variables`)} field must be an array.`);
		if (entry.phone_number === undefined || entry.phone_number === null || entry.phone_number === '') {
			add('phone_number', `The ${label(`${key}.phone_number`)} field is required.`);
			return;
		}
		const phone = parsePhone(entry.phone_number);
		if (!phone) add('phone_number', `The ${label(`${key}.phone_number`)} field must be a valid phone number.`);
		else out.push({ phone: phone.e164, variables: isPlainObject(variables) ? variables : {} });
	});
}

/**
 * GET /user/leads: the reference's bare array (every lead, no parameters), or on 2026 accounts the
 * docs' Laravel page with the filters status, campaign_id, phone_number (part), date_from/date_to
 * (creation date), per_page 1-100 (15) and page.
 */
export function listLeads(ctx: RouteContext): ApiResult {
	const { store } = ctx.app;
	const own = store.leads.filter((l) => l.user_id === ctx.user.id);
	if (ctx.user.generation !== '2026') return ok(own.map((l) => leadRecord(l, store)));
	const date = { type: 'string', regex: /^\d{4}-\d{2}-\d{2}$/ } as const;
	const { errors, values } = validate(ctx.query, {
		...perPageRules,
		status: { type: 'string', in: LEAD_LIST_STATES },
		campaign_id: { type: 'integer' },
		phone_number: { type: 'string', max: 20 },
		date_from: date,
		date_to: date,
	});
	if (hasErrors(errors)) return validationError(errors);
	const day = (l: Lead) => new Date(l.created_at).toISOString().slice(0, 10);
	const matching = own.filter(
		(l) =>
			(values.status === undefined || l.status === values.status) &&
			(values.campaign_id === undefined || l.campaign_id === values.campaign_id) &&
			(values.phone_number === undefined || l.phone_number.includes(values.phone_number as string)) &&
			(values.date_from === undefined || day(l) >= (values.date_from as string)) &&
			(values.date_to === undefined || day(l) <= (values.date_to as string)),
	);
	const perPage = (values.per_page as number | undefined) ?? 15;
	return ok(paginate(matching, readPage(ctx.query), perPage, `${ctx.app.baseUrl}/user/leads`, (l) => leadRecord(l, store)));
}

const LEAD_LIST_STATES = ['created', 'scheduled', 'processing', 'completed', 'rescheduled', 'reached-max-retries', 'blacklisted'];

export function updateLead(ctx: RouteContext): ApiResult {
	const { store } = ctx.app;
	const lead = store.leadOf(ctx.user.id, ctx.params.id);
	if (!lead) return message(404, 'Lead not found');
	const invalid = Object.keys(ctx.body).filter((key) => !UPDATABLE.includes(key));
	if (invalid.length) return message(400, `Invalid fields: ${invalid.join(', ')}`);
	const { errors, values } = validate(
		ctx.body,
		{
			campaign_id: { type: 'integer', required: true },
			phone_number: { type: 'string', required: true },
			status: { type: 'string', required: true, in: LEAD_STATES },
			variables: { type: 'object', required: true },
		},
		{ partial: true },
	);
	// The reference lists status as updatable yet also has a "cannot be set manually" message. The sandbox
	// rejects a manual status while the lead's campaign is running, because the dialer owns it then.
	const currentCampaign = store.campaigns.find((c) => c.id === lead.campaign_id);
	if (values.status !== undefined && currentCampaign?.status === 'in-progress') {
		(errors.status ??= []).push('The status cannot be set manually because it is assigned automatically.');
	}
	if (hasErrors(errors)) return validationError(errors);
	let campaignId = lead.campaign_id;
	if (values.campaign_id !== undefined) {
		const campaign = store.campaignOf(ctx.user.id, values.campaign_id);
		if (!campaign) return message(404, 'Campaign not found');
		campaignId = campaign.id;
	}
	let phoneNumber = lead.phone_number;
	if (values.phone_number !== undefined) {
		const phone = parsePhone(values.phone_number);
		if (!phone) return message(400, 'Invalid phone number');
		phoneNumber = phone.e164;
	}
	store.moveLead(lead, campaignId, phoneNumber);
	if (values.status !== undefined) lead.status = values.status as string;
	if (values.variables !== undefined) lead.variables = { ...lead.variables, ...structuredClone(values.variables as Record<string, unknown>) };
	lead.updated_at = Date.now();
	// The 2026 docs word it differently (docs/platform-facts.md, "Lead update path").
	return ok({ message: ctx.user.generation === '2026' ? 'Lead successfully updated' : 'Lead updated successfully' });
}

/** DELETE /user/leads/{id}. */
export function deleteLead(ctx: RouteContext): ApiResult {
	const { store } = ctx.app;
	const lead = store.leadOf(ctx.user.id, ctx.params.id);
	if (!lead) return message(404, 'Lead not found');
	store.removeLead(lead);
	return ok({ message: 'Lead deleted successfully' });
}
