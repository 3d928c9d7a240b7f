import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { templatesPath } from '../actions/classic/whatsapp/fields';
import { formatPhoneForDisplay } from '../shared/phone';
import { apiRequest } from '../transport/request';

/** WhatsApp senders (list search) and their templates and template variables (dropdowns). */

async function dataList(ctx: ILoadOptionsFunctions, endpoint: string, qs: IDataObject): Promise<IDataObject[]> {
	const answer = (await apiRequest.call(ctx, 'GET', endpoint, { qs })) as unknown;
	const list = Array.isArray(answer) ? answer : (answer as IDataObject | undefined)?.data;
	return Array.isArray(list) ? (list as IDataObject[]) : [];
}

/** All senders (offline ones marked), searchable by name, number or ID. */
export async function searchWhatsAppSenders(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const senders = await dataList(this, '/user/whatsapp/senders', { status: 'all' });
	const needle = (filter ?? '').trim().toLowerCase();
	return {
		results: senders
			.filter((s) => needle === '' || [s.display_name, s.phone_number, s.id].some((v) => String(v ?? '').toLowerCase().includes(needle)))
			.map((sender) => ({
				name: `${String(sender.display_name ?? 'Sender')} (${formatPhoneForDisplay(sender.phone_number)}${sender.status && sender.status !== 'online' ? `, ${String(sender.status)}` : ''})`,
				value: String(sender.id),
			})),
	};
}

function chosenSender(ctx: ILoadOptionsFunctions): string | undefined {
	// the sender's ID, picked From List or By ID, or a plain ID saved by an older workflow
	const value = ctx.getCurrentNodeParameter('senderId', { extractValue: true }) as unknown;
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	return /^\d+$/.test(text) ? text : undefined;
}

async function approvedTemplates(ctx: ILoadOptionsFunctions): Promise<IDataObject[]> {
	const sender = chosenSender(ctx);
	return sender ? await dataList(ctx, templatesPath(sender), { status: 'approved' }) : [];
}

/** The chosen sender's approved templates, each with its language and variables. */
export async function getWhatsAppTemplates(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await approvedTemplates(this)).map((template) => {
		const variables = Array.isArray(template.variables) ? template.variables.map(String) : [];
		return {
			name: `${String(template.name)} (${String(template.language ?? '')})`,
			value: Number(template.id),
			description: `${variables.length > 0 ? `Variables: ${variables.join(', ')}. ` : ''}${String(template.body_text ?? '').slice(0, 200)}`,
		};
	});
}

/** The variables of the chosen template. */
export async function getWhatsAppTemplateVariables(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const templateId = Number(this.getCurrentNodeParameter('templateId'));
	const template = (await approvedTemplates(this)).find((t) => Number(t.id) === templateId);
	const variables = Array.isArray(template?.variables) ? template.variables.map(String) : [];
	return variables.map((name) => ({ name, value: name }));
}
