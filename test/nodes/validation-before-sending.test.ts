/**
 * Pre-send validation: every bad input fails its item with a message naming the field (as shown in the
 * editor) and the item, and no request reaches the platform. Each case runs two identical items under
 * "Continue On Fail", so both item numbers are checked.
 */
import type { IDataObject } from 'n8n-workflow';

import { assistantCreateParams, byId, descriptionOf, useNodeSandbox } from './helpers';

const t = useNodeSandbox();

const create = (additionalFields: IDataObject, overrides: IDataObject = {}) =>
	assistantCreateParams({ additionalFields, ...overrides });
const update = (updateFields: IDataObject, overrides: IDataObject = {}) => ({
	resource: 'assistant',
	operation: 'update',
	assistantId: byId(1),
	updateFields,
	...overrides,
});
const lead = (overrides: IDataObject) => ({
	resource: 'lead',
	operation: 'create',
	campaignId: byId(4),
	phoneNumber: '+4917612345600',
	variablesInput: 'none',
	...overrides,
});
const leadUpdate = (updateFields: IDataObject, leadId: string | number = '1') => ({
	resource: 'lead',
	operation: 'update',
	leadId,
	updateFields,
});
const call = (overrides: IDataObject) => ({
	resource: 'call',
	operation: 'make',
	assistantId: byId(1),
	phoneNumber: '+4917612345600',
	variablesInput: 'none',
	...overrides,
});
const calls = (filters: IDataObject, overrides: IDataObject = {}) => ({
	resource: 'call',
	operation: 'getMany',
	filters,
	...overrides,
});
const sms = (overrides: IDataObject) => ({
	resource: 'sms',
	operation: 'send',
	from: 1,
	to: '+4917612345600',
	body: 'Hello',
	...overrides,
});
// An expression that resolves to an empty value: what a mapping of a missing column produces.
const EMPTY = '={{ "" }}';

const cases: Array<[label: string, parameters: IDataObject, message: string | RegExp]> = [
	// Assistant → Create: required fields
	['assistant name empty', assistantCreateParams({ name: EMPTY }), 'Name is required'],
	['assistant name too long', assistantCreateParams({ name: 'x'.repeat(256) }), 'Name must be at most 255 characters (got 256)'],
	['voice empty', assistantCreateParams({ voiceId: EMPTY }), 'Voice is required'],
	['voice not an ID', assistantCreateParams({ voiceId: 'Anna' }), 'Voice must be a numeric ID (got "Anna")'],
	['language empty', assistantCreateParams({ language: EMPTY }), 'Language is required'],
	['language too long', assistantCreateParams({ language: 'l'.repeat(101) }), 'Language must be at most 100 characters (got 101)'],
	['model too long', assistantCreateParams({ llmModel: 'm'.repeat(101) }), 'LLM Model must be at most 100 characters (got 101)'],
	['unknown timezone', assistantCreateParams({ timezone: 'Mars/Olympus' }), 'Timezone must be a time zone name such as Europe/Berlin (got "Mars/Olympus")'],
	['initial message empty', assistantCreateParams({ initialMessage: EMPTY }), 'Initial Message is required'],
	['system prompt blank', assistantCreateParams({ systemPrompt: '={{ "   " }}' }), 'System Prompt is required'],
	['bad direction', assistantCreateParams({ callsDirection: 'both' }), 'Direction must be one of receive, make (got "both")'],
	['bad engine type', assistantCreateParams({ engineType: 'hybrid' }), 'Engine Type must be one of pipeline, multimodal, dualplex (got "hybrid")'],
	// Assistant → Create: the Limits table
	['speech speed too high', create({ speechSpeed: 1.5 }), 'Speech Speed must be between 0.7 and 1.2 (got 1.5)'],
	['speech speed too low', create({ speechSpeed: 0.5 }), 'Speech Speed must be between 0.7 and 1.2 (got 0.5)'],
	['temperature above 1', create({ llmTemperature: 1.2 }), 'LLM Temperature must be between 0 and 1 (got 1.2)'],
	['stability below 0', create({ voiceStability: -0.1 }), 'Voice Stability must be between 0 and 1 (got -0.1)'],
	['similarity above 1', create({ voiceSimilarity: 2 }), 'Voice Similarity must be between 0 and 1 (got 2)'],
	['ambient volume above 1', create({ ambientSoundVolume: 1.5 }), 'Ambient Sound Volume must be between 0 and 1 (got 1.5)'],
	['endpoint sensitivity above 5', create({ endpointSensitivity: 6 }), 'Endpoint Sensitivity must be between 0 and 5 (got 6)'],
	['interrupt sensitivity below 0', create({ interruptSensitivity: -1 }), 'Interrupt Sensitivity must be between 0 and 5 (got -1)'],
	['min interrupt words above 10', create({ minInterruptWords: 11 }), 'Min Interrupt Words must be between 0 and 10 (got 11)'],
	['min interrupt words fraction', create({ minInterruptWords: 2.5 }), 'Min Interrupt Words must be a whole number (got 2.5)'],
	['re-engagement below 7', create({ reEngagementInterval: 5 }), 'Re-Engagement Interval (Seconds) must be between 7 and 600 seconds (got 5)'],
	['call duration above 1200', create({ maxCallDuration: 1201 }), 'Max Call Duration (Seconds) must be between 20 and 1200 seconds (got 1201)'],
	['silence duration 0', create({ maxSilenceDuration: 0 }), 'Max Silence Duration (Seconds) must be between 1 and 120 seconds (got 0)'],
	['duration not a number', create({ maxCallDuration: '={{ "ten minutes" }}' }), 'Max Call Duration (Seconds) must be a number (got "ten minutes")'],
	['end call description too long', create({ endCallToolDescription: 'e'.repeat(501) }), 'End Call Tool Description must be at most 500 characters (got 501)'],
	// Assistant → Create: webhook, schema, variables, dropdown values
	['webhook active without URL', create({ isWebhookActive: true }), 'Post-Call Webhook URL is required when Post-Call Webhook Active is on'],
	['webhook URL not a URL', create({ isWebhookActive: true, webhookUrl: 'not a url' }), 'Post-Call Webhook URL must be a valid http(s) URL (got "not a url")'],
	['webhook URL not http', create({ webhookUrl: 'ftp://example.com/hook' }), 'Post-Call Webhook URL must be a valid http(s) URL (got "ftp://example.com/hook")'],
	['schema name with space', create({ postCallSchema: { fields: [{ name: 'has space', type: 'string', description: 'd' }] } }), 'Post-Call Schema field 1 Name may contain only letters, digits and underscores (got "has space")'],
	['schema name with umlaut', create({ postCallSchema: { fields: [{ name: 'ok', type: 'bool', description: 'd' }, { name: 'grüße', type: 'string', description: 'd' }] } }), 'Post-Call Schema field 2 Name may contain only letters, digits and underscores (got "grüße")'],
	['schema name empty', create({ postCallSchema: { fields: [{ name: '', type: 'string', description: 'd' }] } }), 'Post-Call Schema field 1 Name is required'],
	['schema description empty', create({ postCallSchema: { fields: [{ name: 'score', type: 'number', description: '' }] } }), 'Post-Call Schema field 1 Description is required'],
	['schema bad type', create({ postCallSchema: { fields: [{ name: 'score', type: 'date', description: 'd' }] } }), 'Post-Call Schema field 1 Type must be one of string, number, bool (got "date")'],
	['variable without name', create({ variables: { pairs: [{ name: ' ', value: 'x' }] } }), 'Variables has a variable without a name (entry 1)'],
	['phone number not an ID', create({ phoneNumberId: '={{ "first" }}' }), 'Phone Number must be a numeric ID (got "first")'],
	['who speaks first unknown', create({ whoSpeaksFirst: 'Both' }), 'Who Speaks First must be one of Assistente de IA, Cliente (got "Both")'],
	// Assistant → Update / webhooks
	['update without fields', update({}), 'Update Fields is empty: add at least one field to change'],
	['update assistant ID not numeric', update({ name: 'x' }, { assistantId: byId('={{ "abc" }}') }), 'Assistant must be a numeric ID (got "abc")'],
	['update speech speed', update({ speechSpeed: 2 }), 'Speech Speed must be between 0.7 and 1.2 (got 2)'],
	['update name emptied', update({ name: '' }), 'Name is required'],
	['remove webhook and set URL', update({ removeWebhook: true, webhookUrl: 'https://example.com' }), 'Remove Webhook cannot be combined with Post-Call Webhook URL'],
	['enable inbound webhook without URL', { resource: 'assistant', operation: 'enableInboundWebhook', assistantId: byId(5), webhookUrl: EMPTY }, 'Webhook URL is required'],
	['enable inbound webhook bad URL', { resource: 'assistant', operation: 'enableInboundWebhook', assistantId: byId(5), webhookUrl: 'example.com/hook' }, 'Webhook URL must be a valid http(s) URL (got "example.com/hook")'],
	['disable inbound webhook no assistant', { resource: 'assistant', operation: 'disableInboundWebhook', assistantId: byId(EMPTY) }, 'Assistant is required'],
	// Lead
	['lead phone empty', lead({ phoneNumber: EMPTY }), 'Phone Number is required'],
	['lead phone without country', lead({ phoneNumber: '0151 2345678' }), 'Phone Number "0151 2345678" has no country code: write it as +<country code><number>, or set the node option "Default Country"'],
	['lead phone invalid', lead({ phoneNumber: '+49 12', defaultCountry: 'DE' }), 'Phone Number "+49 12" is too short to be a phone number for DE'],
	['lead campaign missing', lead({ campaignId: byId(EMPTY) }), 'Campaign is required'],
	['lead variables bad JSON', lead({ variablesInput: 'json', variablesJson: '{"a": ' }), /^Variables \(JSON\) is not valid JSON \(.+\)$/],
	['lead variables JSON array', lead({ variablesInput: 'json', variablesJson: '[1, 2]' }), 'Variables (JSON) must be a JSON object such as {"customer_name": "Ada"} (got "[1, 2]")'],
	['lead secondary contact phone', lead({ additionalFields: { secondaryContacts: { contacts: [{ phoneNumber: '+49 12' }] } } }), 'Secondary Contact 1 Phone Number "+49 12" is too short to be a phone number for DE'],
	['lead bad default country', lead({ defaultCountry: 'Germany' }), 'Default Country must be a two-letter ISO country code such as DE or US (got "Germany")'],
	['lead update ID not numeric', leadUpdate({ status: 'completed' }, 'L-7'), 'Lead ID must be a numeric ID (got "L-7")'],
	['lead update without fields', leadUpdate({}), 'Update Fields is empty: add at least one field to change'],
	['lead update bad status', leadUpdate({ status: 'done' }), 'Status must be one of created, completed, reached-max-retries (got "done")'],
	['lead update bad phone', leadUpdate({ phoneNumber: 'call me' }), 'Phone Number "call me" contains letters, which the platform cannot dial: write the number with digits only'],
	// Campaign
	['campaign ID not numeric', { resource: 'campaign', operation: 'start', campaignId: byId('={{ "7a" }}') }, 'Campaign must be a numeric ID (got "7a")'],
	// Call
	['call phone invalid', call({ phoneNumber: '+1 555' }), 'Customer Phone Number "+1 555" is too short to be a phone number'],
	['call assistant missing', call({ assistantId: byId(EMPTY) }), 'Assistant is required'],
	['call variables pair without name', call({ variablesInput: 'pairs', variables: { pairs: [{ name: 'a', value: '1' }, { name: '', value: '2' }] } }), 'Variables has a variable without a name (entry 2)'],
	['calls date not a date', calls({ dateFrom: 'yesterday' }), 'Date From must be a date such as 2025-06-01 (got "yesterday")'],
	['calls date impossible', calls({ dateTo: '2025-02-30' }), 'Date To must be a date such as 2025-06-01 (got "2025-02-30")'],
	['calls dates reversed', calls({ dateFrom: '2025-06-10', dateTo: '2025-06-01' }), 'Date From (2025-06-10) is after Date To (2025-06-01)'],
	['calls bad status', calls({ status: 'done' }), /^Status must be one of initiated, ringing, .* \(got "done"\)$/],
	['calls bad assistant', calls({ assistantId: 'Reception' }), 'Assistant must be a numeric ID (got "Reception")'],
	['calls limit 0', calls({}, { limit: 0 }), 'Limit must be a whole number of at least 1 (got 0)'],
	// SMS
	['sms body over 300', sms({ body: 'x'.repeat(301) }), 'Message is 301 characters long; the platform allows at most 300'],
	['sms emoji body over 300', sms({ body: '😀'.repeat(301) }), 'Message is 301 characters long; the platform allows at most 300'],
	['sms body empty', sms({ body: EMPTY }), 'Message is required'],
	['sms recipient empty', sms({ to: EMPTY }), 'To is required'],
	['sms recipient invalid', sms({ to: 'twelve' }), 'To "twelve" contains letters, which the platform cannot dial: write the number with digits only'],
	['sms sender empty', sms({ from: EMPTY }), 'From is required: pick one of your phone numbers'],
	['sms sender not a number', sms({ from: 'office' }), 'From must be one of your phone numbers or its ID (got "office")'],
];

describe('validation before sending', () => {
	it('has at least 40 cases', () => {
		expect(cases.length).toBeGreaterThanOrEqual(40);
	});

	it.each(cases)('%s', async (_label, parameters, message) => {
		const result = await t.run(parameters, { items: [{ n: 0 }, { n: 1 }], continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		result.items.forEach((item, index) => {
			const text = String(item.json.error);
			expect(text.endsWith(` [item ${index}]`)).toBe(true);
			const withoutItem = text.slice(0, -` [item ${index}]`.length);
			if (typeof message === 'string') expect(withoutItem).toBe(message);
			else expect(withoutItem).toMatch(message);
			expect(item.pairedItem).toEqual({ item: index });
		});
		expect(t.requests()).toHaveLength(0);
	});

	it('a typed non-numeric ID is already flagged by n8n before the node runs', async () => {
		const result = await t.run({ resource: 'campaign', operation: 'start', campaignId: byId('7a') });
		expect(result.error?.message).toContain('node has issues');
		expect(result.error?.message).toContain('A campaign ID is a number, e.g. 7');
		expect(t.requests()).toHaveLength(0);
	});

	it('stops the workflow with one error naming every invalid item (and the first itemIndex) when Continue On Fail is off', async () => {
		const result = await t.run(create({ speechSpeed: 1.5 }), { items: [{}, {}, {}] });
		expect(result.error?.message).toBe(
			'3 items are invalid, so none of the 3 items was sent: Speech Speed must be between 0.7 and 1.2 (got 1.5) [item 0] (and 2 more)',
		);
		for (const index of [0, 1, 2]) {
			expect(descriptionOf(result)).toContain(`• item ${index}: Speech Speed must be between 0.7 and 1.2 (got 1.5) [item ${index}]`);
		}
		expect(result.error?.name).toBe('NodeOperationError');
		expect((result.error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(0);
		expect(t.requests()).toHaveLength(0);
	});
});
