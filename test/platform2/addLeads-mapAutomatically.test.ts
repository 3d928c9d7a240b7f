/**
 * Leads → Add Leads with Mapping Mode "Map Automatically": each input item is a lead under the
 * catalogue's lead names (phone, name, email, tags, custom_fields; phone_number and variables are read
 * as phone and custom_fields), as a sheet with those columns arrives, and sent under the catalogue's
 * names. The same checks as "Define Below": the batch is checked whole, errors name the input field and
 * the item, and nothing but those fields is sent unless the user switches on "Send Other Fields as Custom Fields".
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, usePlatform2Node } from './helpers';

const p2 = usePlatform2Node();

const campaignNamed = (name: string) => String(p2.sb.platform2.list('A', '/campaigns').find((c) => c.name === name)?.id);
const sentLeads = () =>
	p2
		.requests()
		.filter((r) => r.method === 'POST' && r.path.endsWith('/leads'))
		.map((r) => r.body as IDataObject[]);

async function addLeads(items: IDataObject[], parameters: IDataObject = {}, continueOnFail = false) {
	const campaign = campaignNamed('Renewals');
	return await p2.run(
		{ resource: 'leads', operation: 'addLeads', id: byId(campaign), mappingMode: 'autoMapInputData', defaultCountry: 'DE', ...parameters },
		{ items, continueOnFail },
	);
}

test('a sheet with phone_number, name and email columns: the leads go in one request, other columns stay home', async () => {
	const rows = [
		{ phone_number: '0151 23456789', name: 'Ada', email: 'ada.l@example.com', row_number: 2 },
		{ phone_number: '+49 151 23456790', name: 'Grace', row_number: 3 },
		{ phone_number: '+4915123456791', variables: { customer_name: 'Linus' }, row_number: 4 },
	];
	const { items, error } = await addLeads(rows);
	expect(error).toBeUndefined();
	expect(sentLeads()).toEqual([
		[
			{ phone: '+4915123456789', name: 'Ada', email: 'ada.l@example.com' },
			{ phone: '+4915123456790', name: 'Grace' },
			{ phone: '+4915123456791', custom_fields: { customer_name: 'Linus' } },
		],
	]);
	expect(items.map((item) => [item.json.status, item.json.phone, item.pairedItem])).toEqual([
		['created', '+4915123456789', { item: 0 }],
		['created', '+4915123456790', { item: 1 }],
		['created', '+4915123456791', { item: 2 }],
	]);
});

test('"Send Other Fields as Custom Fields": every other column is a custom field of its lead', async () => {
	const rows = [{ phone_number: '+4915123456789', name: 'Ada', customer_name: 'Ada L.', plan: 'gold', variables: { source: 'fair' } }];
	const { error } = await addLeads(rows, { otherFieldsAsVariables: true });
	expect(error).toBeUndefined();
	expect(sentLeads()[0]).toEqual([{ phone: '+4915123456789', name: 'Ada', custom_fields: { source: 'fair', customer_name: 'Ada L.', plan: 'gold' } }]);
});

test('the catalogue\'s own names: phone, tags (a list or comma-separated) and custom_fields; both phone and phone_number is an error', async () => {
	const rows = [
		{ phone: '+4915123456789', tags: 'vip, fair', custom_fields: { plan: 'gold' } },
		{ phone: '+4915123456790', tags: ['spring'] },
		{ phone: '+4915123456791', phone_number: '+4915123456792' },
	];
	const { items } = await addLeads(rows, {}, true);
	expect(sentLeads()).toEqual([
		[
			{ phone: '+4915123456789', tags: ['vip', 'fair'], custom_fields: { plan: 'gold' } },
			{ phone: '+4915123456790', tags: ['spring'] },
		],
	]);
	expect(String(items[2].json.error)).toMatch(/^phone \(input field\) and phone_number are both set: which one to send is not clear/);
});

test('an item without phone (or phone_number): nothing is sent, and the error names the field, the item and the fields it has', async () => {
	const rows = [{ phone_number: '+4915123456789' }, { mobile: '+4915123456790', name: 'Grace' }];
	const { error } = await addLeads(rows);
	expect(error?.message).toMatch(/phone \(input field\) is missing/);
	const description = String((error as { description?: string }).description);
	expect(description).toContain('• item 1: phone (input field)');
	expect(String((error as { description?: string }).description ?? '') + JSON.stringify(error)).toMatch(/"mobile", "name"/);
	expect(sentLeads()).toHaveLength(0);
});

test('the number is checked, never fixed; a bad e-mail or variables value names its input field', async () => {
	const { items } = await addLeads(
		[
			{ phone_number: 'call me maybe' },
			{ phone_number: '+4915123456789', email: 'not an address' },
			{ phone_number: '+4915123456790', variables: 'vip' },
			{ phone_number: '+4915123456791', plan: 'gold', variables: { plan: 'silver' } },
			{ phone_number: '+4915123456792' },
		],
		{ otherFieldsAsVariables: true },
		true,
	);
	expect(items.map((item) => String(item.json.error ?? item.json.status))).toEqual([
		expect.stringMatching(/^phone_number \(input field\) "call me maybe"/),
		expect.stringMatching(/^email \(input field\)/),
		expect.stringMatching(/^variables \(input field\) must be an object/),
		expect.stringMatching(/^plan \(input field\) is also a key of the item's variables/),
		'created',
	]);
	expect(sentLeads()).toEqual([[{ phone: '+4915123456792' }]]);
});

test('Define Below stays the default: the fields below are read, not the item', async () => {
	const campaign = campaignNamed('Renewals');
	const { error } = await p2.run(
		{ resource: 'leads', operation: 'addLeads', id: byId(campaign), phoneNumber: '+4915123456789', variablesInput: 'none' },
		{ items: [{ phone_number: '+4915199999990', name: 'From the item' }] },
	);
	expect(error).toBeUndefined();
	expect(sentLeads()).toEqual([[{ phone: '+4915123456789' }]]);
});

test('the same leads through Define Below and Map Automatically: the requests are the same, byte for byte (one lead body builder)', async () => {
	const rows = [
		{ phone_number: '0151 23456789', name: 'Ada', email: 'ada.l@example.com', tags: 'vip, fair', variables: { customer_name: 'Ada L.', plan: 'gold' } },
		{ phone_number: '+49 151 23456790', name: 'Grace', tags: ['spring'] },
		{ phone_number: '+4915123456791', email: 'linus@example.com', variables: { customer_name: 'Linus' } },
		{ phone_number: '+4915123456792' },
	];
	const defineBelow = {
		phoneNumber: '={{ $json.phone_number }}',
		additionalFields: { name: '={{ $json.name ?? "" }}', email: '={{ $json.email ?? "" }}', tags: '={{ $json.tags ?? "" }}' },
		variablesInput: 'json',
		variablesJson: '={{ JSON.stringify($json.variables ?? {}) }}',
		mappingMode: 'defineBelow',
	};
	const bodies = async (parameters: IDataObject) => {
		p2.sb.clearRequests();
		const { error } = await addLeads(rows, parameters);
		expect(error).toBeUndefined();
		return p2
			.requests()
			.filter((r) => r.method === 'POST' && r.path.endsWith('/leads'))
			.map((r) => [r.path, JSON.stringify(r.body)]);
	};
	const automatic = await bodies({});
	expect(automatic).toHaveLength(1);
	expect(JSON.parse(automatic[0][1])).toEqual([
		{ phone: '+4915123456789', name: 'Ada', email: 'ada.l@example.com', tags: ['vip', 'fair'], custom_fields: { customer_name: 'Ada L.', plan: 'gold' } },
		{ phone: '+4915123456790', name: 'Grace', tags: ['spring'] },
		{ phone: '+4915123456791', email: 'linus@example.com', custom_fields: { customer_name: 'Linus' } },
		{ phone: '+4915123456792' },
	]);
	expect(await bodies(defineBelow)).toEqual(automatic);
});
