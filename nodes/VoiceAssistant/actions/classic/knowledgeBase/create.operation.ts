import type { IDataObject } from 'n8n-workflow';

import { dataAnswer, writeResult } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { optionalText } from '../../../shared/validate';
import { KB_PATH, TEXT_MAX, descriptionField, nameField, readName } from './fields';

const EFFECT = 'the knowledge base may have been created';

/** POST /user/knowledgebases {name, description?} → 201 {message, data} (status "empty": add documents next). */
export const operation: Operation<Prepared> = {
	value: 'create',
	name: 'Create',
	description: 'Create an empty knowledge base; add documents to it with Knowledge Base Document → Add, and give it to an assistant in Assistant → Update',
	action: 'Create a knowledge base',
	write: { mayHaveHappened: EFFECT, done: ['knowledge base created', 'knowledge bases created'] },
	fields: [
		nameField('The name of the knowledge base'),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [descriptionField('What the knowledge base holds')],
		},
	],
	prepare(item) {
		const body: IDataObject = { name: readName(item) };
		const extra = item.get('additionalFields', {}) as IDataObject;
		const description = optionalText(item.node, extra.description, item.where('Description'), TEXT_MAX);
		if (description !== undefined) body.description = description;
		return { request: { method: 'POST', path: KB_PATH, body } };
	},
	output(answer, { request }, api) {
		dataAnswer(answer, api, request, EFFECT);
		return [writeResult(answer)];
	},
};
