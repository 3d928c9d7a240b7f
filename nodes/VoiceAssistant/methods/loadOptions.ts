import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { REMOVE_PHONE_NUMBER } from '../actions/classic/assistant/fields/options';
import { PAGE_SIZE } from '../shared/limits';
import { formatPhoneForDisplay } from '../shared/phone';
import { apiRequestAllPages } from '../transport/paginate';
import { apiRequest } from '../transport/request';
import { isObject } from '../shared/objects';

/** Dropdowns. Every list comes from the platform through transport/request.ts (auth, errors, pacing). */

async function getArray(ctx: ILoadOptionsFunctions, endpoint: string, qs: IDataObject = {}): Promise<IDataObject[]> {
	const data = await apiRequest.call(ctx, 'GET', endpoint, { qs });
	return Array.isArray(data) ? (data as IDataObject[]) : [];
}

function byName(a: INodePropertyOptions, b: INodePropertyOptions): number {
	return a.name.localeCompare(b.name);
}

/** The engine mode chosen on Create ("engineType") or in Update Fields. */
function chosenEngineMode(ctx: ILoadOptionsFunctions): string | undefined {
	for (const path of ['engineType', 'updateFields.engineType']) {
		const value = ctx.getCurrentNodeParameter(path);
		if (value === 'pipeline' || value === 'multimodal' || value === 'dualplex') return value;
	}
	return undefined;
}

/** Voices of the chosen engine type (GET /user/assistants/voices?mode=); all voices when none is chosen. */
export async function getVoices(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const mode = chosenEngineMode(this);
	const voices = await getArray(this, '/user/assistants/voices', mode ? { mode } : {});
	return voices
		.map((voice) => ({
			name: mode ? String(voice.name) : `${String(voice.name)} (${String(voice.mode)})`,
			value: Number(voice.id),
			description: `ID ${String(voice.id)}, ${String(voice.mode)} engine`,
		}))
		.sort(byName);
}

/** Languages; the value is the name, which is what the assistant's `language` field takes. */
export async function getLanguages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const languages = await getArray(this, '/user/assistants/languages');
	return languages
		.map((language) => ({
			name: language.iso_2 ? `${String(language.name)} (${String(language.iso_2)})` : String(language.name),
			value: String(language.name),
		}))
		.sort(byName);
}

/**
 * Models; the value is the name, which is what the assistant's `llm_model` field takes. For a
 * multimodal or dualplex engine the speech models of that engine (?type=, 2026 docs; hosts of the
 * reference's generation ignore it and list their LLMs).
 */
export async function getModels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const mode = chosenEngineMode(this);
	const models = await getArray(this, '/user/assistants/models', mode === 'multimodal' || mode === 'dualplex' ? { type: mode } : {});
	return models.map((model) => ({ name: String(model.name), value: String(model.name) })).sort(byName);
}

function phoneOptions(numbers: IDataObject[]): INodePropertyOptions[] {
	return numbers
		.map((number) => {
			const details = [number.type_label, number.country_code].filter((part) => part).map(String);
			if (number.is_available === false) details.push('in use');
			return {
				name: `${formatPhoneForDisplay(number.phone_number)}${details.length ? ` (${details.join(', ')})` : ''}`,
				value: Number(number.id),
				description: `ID ${String(number.id)}`,
			};
		})
		.sort(byName);
}

/** All of the user's phone numbers (also the SMS sender list). */
export async function getPhoneNumbers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return phoneOptions(await getArray(this, '/user/assistants/phone-numbers'));
}

/** Numbers an inbound assistant can take: type=inbound leaves out caller-ID numbers and assigned ones. */
export async function getInboundPhoneNumbers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return phoneOptions(await getArray(this, '/user/assistants/phone-numbers', { type: 'inbound' }));
}

export async function getOutboundPhoneNumbers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return phoneOptions(await getArray(this, '/user/assistants/phone-numbers', { type: 'outbound' }));
}

function typeForDirection(direction: unknown): string | undefined {
	if (direction === 'receive') return 'inbound';
	if (direction === 'make') return 'outbound';
	return undefined;
}

/** Assistant Create: the list follows the chosen Direction. */
export async function getAssistantPhoneNumbers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const type = typeForDirection(this.getCurrentNodeParameter('callsDirection'));
	return phoneOptions(await getArray(this, '/user/assistants/phone-numbers', type ? { type } : {}));
}

/** Assistant Update: "Remove Phone Number" first, then the numbers for the Direction in Update Fields (all if unset). */
export async function getPhoneNumbersForUpdate(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const type = typeForDirection(this.getCurrentNodeParameter('updateFields.callsDirection'));
	const numbers = phoneOptions(await getArray(this, '/user/assistants/phone-numbers', type ? { type } : {}));
	return [
		{ name: 'Remove Phone Number', value: REMOVE_PHONE_NUMBER, description: 'Unassign the current number (sent as null)' },
		...numbers,
	];
}

/** All assistants (every page of GET /user/assistants/get). */
export async function getAssistants(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const assistants = await apiRequestAllPages.call(this, '/user/assistants/get', {}, {
		returnAll: true,
		maxPerPage: PAGE_SIZE.assistants.max,
	});
	return assistants.map(assistantOption).sort(byName);
}

export async function getOutboundAssistants(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await getArray(this, '/user/assistants/outbound')).map(assistantOption).sort(byName);
}

function assistantOption(assistant: IDataObject): INodePropertyOptions {
	return {
		name: String(assistant.name),
		value: Number(assistant.id),
		description: `ID ${String(assistant.id)}, ${String(assistant.type ?? '')} ${String(assistant.mode ?? '')}`.trim(),
	};
}

export async function getCampaigns(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const campaigns = await getArray(this, '/user/campaigns');
	return campaigns
		.map((campaign) => ({
			name: String(campaign.name),
			value: Number(campaign.id),
			description: `ID ${String(campaign.id)}, ${String(campaign.status ?? '')}`,
		}))
		.sort(byName);
}

/** IANA time zones known to the runtime (no request). */
export async function getTimezones(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const zones = new Set(Intl.supportedValuesOf('timeZone'));
	zones.add('UTC');
	return [...zones].sort().map((zone) => ({ name: zone, value: zone }));
}

/** The account's numbers from GET /user/phone-numbers/all ({data: [...]} or a bare array), e.g. for a campaign; with their nicknames. */
export async function getAccountPhoneNumbers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const answer = (await apiRequest.call(this, 'GET', '/user/phone-numbers/all')) as unknown;
	const wrapped = isObject(answer) ? answer.data : answer;
	const numbers = (Array.isArray(wrapped) ? wrapped : []) as IDataObject[];
	return numbers
		.map((number) => {
			const details = [number.type_label, number.country_code, number.sms_capable === true ? 'SMS' : ''].filter((part) => part).map(String);
			if (number.has_active_subscription === false) details.push('expired');
			// the nickname a user gave the number (2026 docs; Phone Number → Update Nickname) after it: sorted by number still
			const nickname = typeof number.nickname === 'string' && number.nickname.trim() !== '' ? ` · ${number.nickname.trim()}` : '';
			return {
				name: `${formatPhoneForDisplay(number.phone_number)}${nickname}${details.length ? ` (${details.join(', ')})` : ''}`,
				value: Number(number.id),
				description: `ID ${String(number.id)}`,
			};
		})
		.sort(byName);
}

export { getWhatsAppTemplates, getWhatsAppTemplateVariables } from './whatsapp';
export { getLanguageIds, getModelIds, getSynthesizerProviders, getTranscriberProviders } from './assistantLists';
/** Mid-call tools, folders and labels (values: numeric IDs, for tool_ids, folder_id, label_ids). */
export { getFolders, getLabels, getTools } from './catalog';
/** SIP trunks (value: numeric ID). */
export { getSipTrunks } from './sipTrunks';
export { getKnowledgeBases } from './knowledgeBases';
