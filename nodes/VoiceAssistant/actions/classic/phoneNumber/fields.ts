import type { INodeProperties } from 'n8n-workflow';

import type { ItemParams } from '../../../engine/itemParams';
import { requireId } from '../../../shared/validate';

/** Longest nickname the platform keeps (2026 docs). */
export const NICKNAME_MAX = 50;

/** One of the account's own numbers (GET /user/phone-numbers/all), picked by name or given as an ID. */
export function ownNumberField(description: string): INodeProperties {
	return {
		displayName: 'Phone Number Name or ID',
		name: 'phoneNumberId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getAccountPhoneNumbers' },
		default: '',
		required: true,
		description: `${description}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

export function readNumberId(item: ItemParams): number {
	const raw = item.get('phoneNumberId');
	return requireId(item.node, typeof raw === 'string' ? raw.trim() : raw, item.where('Phone Number'));
}
