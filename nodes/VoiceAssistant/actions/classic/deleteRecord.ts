import type { INodeProperties } from 'n8n-workflow';

import { requireId } from '../../shared/validate';
import { deleteAnswer } from '../../engine/answers';
import type { Operation, Prepared } from '../../engine/operation';

export interface DeleteRecord extends Prepared {
	id: number;
}

/**
 * DELETE <path>/{id}, answered 200 {message} or 204. A write: Retry On Fail never sends it twice, and
 * after a timeout or a 5xx the item says the record may already be gone.
 */
export function deleteOperation(options: {
	/** 'Call', 'Lead': also how a 404 names the record */
	noun: string;
	path: string;
	/** the ID typed in, or a resource locator (From List / By ID) */
	idField: INodeProperties;
	description: string;
	/** why an AI agent needs the user's permission; default: that it cannot be undone */
	agentNeedsOptIn?: string;
	/** where hosts of the other spelling take the delete (`<path>/{id}` there), sent once on proof (transport/forms.ts) */
	otherPath?: { dialect: string; path: string };
}): Operation<DeleteRecord> {
	const { noun, idField } = options;
	const lower = noun.toLowerCase();
	const effect = `the ${lower} may have been deleted`;
	return {
		value: 'delete',
		name: 'Delete',
		description: options.description,
		action: `Delete a ${lower}`,
		write: {
			mayHaveHappened: effect,
			done: [`${lower} deleted`, `${lower}s deleted`],
			agent: { needsOptIn: options.agentNeedsOptIn ?? `deleting a ${lower} cannot be undone` },
		},
		fields: [idField],
		prepare(item) {
			const id =
				idField.type === 'resourceLocator'
					? item.locatorId(idField.name, idField.displayName)
					: requireId(item.node, item.get(idField.name), item.where(idField.displayName));
			const other = options.otherPath;
			const otherForm = other ? { otherForm: { dialect: other.dialect, path: `${other.path}/${id}` } } : {};
			return { id, request: { method: 'DELETE', path: `${options.path}/${id}`, notFound: `${noun} ${id}`, ...otherForm } };
		},
		output(answer, { id, request }, api) {
			const message = deleteAnswer(answer, api, request, effect);
			return [{ id, deleted: true, message: message ?? `${noun} deleted` }];
		},
	};
}
