import { deleteAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { requireId } from '../../../shared/validate';

interface DeleteKey extends Prepared {
	id: number;
}

const EFFECT = 'the API key may have been deleted';

/** DELETE /user/api-keys/{id} (Autocalls docs) → {message}: whatever used the key is locked out. */
export const operation: Operation<DeleteKey> = {
	value: 'deleteApiKey',
	name: 'Delete API Key',
	description:
		'Delete an API key for good: everything that uses it (also an n8n credential) is refused from then on. Get its ID from Get Many API Keys.',
	action: 'Delete an API key',
	write: {
		mayHaveHappened: EFFECT,
		done: ['API key deleted', 'API keys deleted'],
		agent: { needsOptIn: 'deleting an API key cannot be undone and locks out whatever uses it' },
	},
	fields: [
		{
			displayName: 'API Key ID',
			name: 'keyId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 4',
			description: 'The ID of the key, as Get Many API Keys lists it',
		},
	],
	prepare(item) {
		const raw = item.get('keyId');
		const id = requireId(item.node, typeof raw === 'string' ? raw.trim() : raw, item.where('API Key ID'));
		return { id, request: { method: 'DELETE', path: `/user/api-keys/${id}`, notFound: `API key ${id}` } };
	},
	output(answer, { id, request }, api) {
		const message = deleteAnswer(answer, api, request, EFFECT);
		return [{ id, deleted: true, message: message ?? 'API key deleted' }];
	},
};
