/**
 * A tool call's values against the declared parameters: only declared values reach the workflow, read
 * wherever the platform may put them, and a missing or mistyped one is refused in words the assistant
 * can say.
 */
import { checkArguments, MAX_TEXT } from '../../../nodes/VoiceAssistant/trigger/toolCall/arguments';
import type { DeclaredParameter } from '../../../nodes/VoiceAssistant/trigger/toolCall/spec';

const declared: DeclaredParameter[] = [
	{ name: 'order_number', type: 'string', description: 'The order number', required: true },
	{ name: 'quantity', type: 'number', description: 'How many', required: false },
	{ name: 'express', type: 'boolean', description: 'Express shipping', required: false },
];

describe('tool call values', () => {
	it('passes the declared values on and drops everything else', () => {
		const checked = checkArguments({ order_number: 'A-1001', quantity: 2, express: true, call_id: 7, __proto__x: 1 }, {}, declared);
		expect(checked).toEqual({ values: { order_number: 'A-1001', quantity: 2, express: true } });
	});

	it.each([
		['flat in the body', { order_number: 'A-1' }, {}],
		['under arguments', { arguments: { order_number: 'A-1' }, call_id: 'c1' }, {}],
		['under args', { args: { order_number: 'A-1' } }, {}],
		['under parameters', { parameters: { order_number: 'A-1' } }, {}],
		['as a JSON string under arguments', { arguments: '{"order_number":"A-1"}' }, {}],
		['in the query (a GET)', {}, { order_number: 'A-1' }],
	])('reads them %s', (_where, body, query) => {
		expect(checkArguments(body, query, declared)).toEqual({ values: { order_number: 'A-1' } });
	});

	it('reads numeric text as a number and "true"/"false" as yes or no', () => {
		expect(checkArguments({ order_number: 5, quantity: '3', express: 'false' }, {}, declared)).toEqual({
			values: { order_number: '5', quantity: 3, express: false },
		});
	});

	it('refuses a missing required value in words, naming it', () => {
		const checked = checkArguments({ quantity: 1 }, {}, declared);
		expect(checked).toEqual({ refusal: 'I still need the order number before I can do this. Please ask the caller.' });
	});

	it('refuses values of the wrong type, naming each with what it should be', () => {
		const checked = checkArguments({ order_number: 'A-1', quantity: 'three', express: 'maybe' }, {}, declared);
		expect(checked).toEqual({ refusal: 'That did not work: I need quantity (a number) and express (yes or no). Please ask the caller again.' });
	});

	it('refuses a text longer than anything said in a call', () => {
		expect(checkArguments({ order_number: 'x'.repeat(MAX_TEXT + 1) }, {}, declared)).toHaveProperty('refusal');
	});

	it('treats blank text as missing', () => {
		expect(checkArguments({ order_number: '   ' }, {}, declared)).toHaveProperty('refusal');
	});
});
