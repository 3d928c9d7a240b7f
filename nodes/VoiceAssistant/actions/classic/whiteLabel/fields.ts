import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemParams } from '../../../engine/itemParams';
import { requireId, requireText, shown } from '../../../shared/validate';

/** Which of the reseller's users a token or transfer is for: by user ID or by email. */
export const userFields: INodeProperties[] = [
	{
		displayName: 'Identify User By',
		name: 'identifyUserBy',
		type: 'options',
		options: [
			{ name: 'Email', value: 'email' },
			{ name: 'User ID', value: 'id' },
		],
		default: 'id',
		description: 'How to name the user: one of the users you registered on your white label',
	},
	{
		displayName: 'User ID',
		name: 'userId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 42',
		description: 'The ID of the user, as Get Many Users lists it',
		displayOptions: { show: { identifyUserBy: ['id'] } },
	},
	{
		displayName: 'Email',
		name: 'userEmail',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'The email address the user registered with',
		displayOptions: { show: { identifyUserBy: ['email'] } },
	},
];

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requireEmail(item: ItemParams, value: unknown, field: string): string {
	const email = requireText(item.node, value, item.where(field), 255).trim();
	if (!EMAIL.test(email)) throw item.fail(field, `must be an email address (got ${shown(email)})`);
	return email;
}

/** The body part naming the user ({user_id} or {email}) and how a 404 names them. */
export function readUser(item: ItemParams): { body: IDataObject; notFound: string } {
	if (item.get('identifyUserBy', 'id') === 'email') {
		const email = requireEmail(item, item.get('userEmail'), 'Email');
		return { body: { email }, notFound: `The user ${email}` };
	}
	const raw = item.get('userId');
	const id = requireId(item.node, typeof raw === 'string' ? raw.trim() : raw, item.where('User ID'));
	return { body: { user_id: id }, notFound: `User ${id}` };
}
