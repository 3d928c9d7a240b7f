import { dataAnswer, writeResult } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { optionalText } from '../../../shared/validate';
import { NICKNAME_MAX, ownNumberField, readNumberId } from './fields';

interface UpdateNickname extends Prepared {
	id: number;
}

/**
 * PUT /user/phone-numbers/{id} {nickname} (2026 docs) → {message, data: {id, phone_number, nickname,
 * country_code, type}}. An empty nickname is sent as null, which clears it.
 */
export const operation: Operation<UpdateNickname> = {
	value: 'updateNickname',
	name: 'Update Nickname',
	description: 'Give one of your phone numbers a nickname (at most 50 characters), or clear it by leaving the nickname empty',
	action: 'Update the nickname of a phone number',
	write: { mayHaveHappened: 'the nickname may have been changed', done: ['nickname updated', 'nicknames updated'] },
	fields: [
		ownNumberField('The number to rename'),
		{
			displayName: 'Nickname',
			name: 'nickname',
			type: 'string',
			default: '',
			placeholder: 'e.g. Berlin office',
			description: 'The name shown for the number (at most 50 characters); empty clears the nickname',
		},
	],
	prepare(item) {
		const id = readNumberId(item);
		const text = optionalText(item.node, item.get('nickname'), item.where('Nickname'), NICKNAME_MAX);
		const nickname = text === undefined ? null : text.trim();
		return { id, request: { method: 'PUT', path: `/user/phone-numbers/${id}`, body: { nickname }, notFound: `Phone number ${id}` } };
	},
	output: (answer, { request }, api) => [writeResult(dataAnswer(answer, api, request, 'the nickname was probably changed'))],
};
