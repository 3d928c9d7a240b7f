import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { isObject } from '../shared/objects';
import { formatPhoneForDisplay } from '../shared/phone';
import { apiRequest } from '../transport/request';

/**
 * SIP trunks for dropdowns (getSipTrunks) and the SIP Trunk locator (searchSipTrunks; filtered by
 * name, number or ID here, the platform has no search parameter). Values are the numeric IDs.
 */

async function trunks(ctx: ILoadOptionsFunctions): Promise<IDataObject[]> {
	const answer = (await apiRequest.call(ctx, 'GET', '/user/phone-numbers/sip-trunks')) as unknown;
	const list = isObject(answer) ? answer.data : answer;
	return Array.isArray(list) ? list.filter(isObject) : [];
}

function trunkOption(trunk: IDataObject): INodePropertyOptions {
	const number = String(trunk.phone_number ?? '').startsWith('+') ? formatPhoneForDisplay(trunk.phone_number) : String(trunk.phone_number ?? '');
	const nickname = typeof trunk.nickname === 'string' && trunk.nickname !== '' ? trunk.nickname : undefined;
	return {
		name: nickname ? `${nickname} (${number})` : number,
		value: Number(trunk.id),
		description: `ID ${String(trunk.id)}${trunk.sip_address ? `, ${String(trunk.sip_address)}` : ''}`,
	};
}

export async function getSipTrunks(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await trunks(this)).map(trunkOption).sort((a, b) => a.name.localeCompare(b.name));
}

export async function searchSipTrunks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const needle = (filter ?? '').trim().toLowerCase();
	const options = await getSipTrunks.call(this);
	const hits = needle === '' ? options : options.filter((o) => o.name.toLowerCase().includes(needle) || String(o.value) === needle);
	return { results: hits.map((o) => ({ name: o.name, value: String(o.value) })) };
}
