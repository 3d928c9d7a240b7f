/** The rule fields in the node description: where they show, and that an AI agent cannot fill the switches. */
import type { INodeProperties } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';

const properties = new VoiceAssistant().description.properties as INodeProperties[];
const named = (name: string) => properties.filter((p) => p.name === name);

describe('calling-rule fields', () => {
	it.each([
		['callingHours', [['call', 'make'], ['calls', 'createCall'], ['sms', 'send']]],
		['doNotCall', [['call', 'make'], ['calls', 'createCall'], ['lead', 'create'], ['sms', 'send'], ['smsPlatform2', 'sendSms'], ['whatsapp', 'sendFreeform'], ['whatsapp', 'sendTemplate']]],
		['skipIfCalledRecently', [['call', 'make'], ['calls', 'createCall']]],
	])('%s shows on %j, off by default', (name, where) => {
		const fields = named(name);
		const shownOn = fields.map((f) => [f.displayOptions?.show?.resource?.[0], f.displayOptions?.show?.operation?.[0]]);
		expect(shownOn.sort()).toEqual([...where].sort());
		for (const field of fields) expect(field.default === false || field.default === '').toBe(true);
	});

	it('switches and actions take no expression, so an agent using the node as a tool cannot set them', () => {
		for (const name of ['callingHours', 'outsideCallingHours', 'onDoNotCall', 'skipIfCalledRecently', 'calledByScope']) {
			for (const field of named(name)) expect(field.noDataExpression).toBe(true);
		}
	});

	it('defaults to Mon–Fri 09:00–20:00 and Skip', () => {
		const [days] = named('callingDays');
		expect(days.default).toEqual([1, 2, 3, 4, 5]);
		expect(named('callingFrom')[0].default).toBe('09:00');
		expect(named('callingTo')[0].default).toBe('20:00');
		expect(named('outsideCallingHours')[0].default).toBe('skip');
	});
});
