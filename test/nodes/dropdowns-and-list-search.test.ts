/**
 * The editor's dropdowns (loadOptions) and searchable lists (listSearch) of the action node: voices,
 * languages, models, phone numbers (assistant and account), assistants, campaigns, time zones, and
 * the WhatsApp senders, templates and template variables.
 */
import { byId, fromList, useNodeSandbox } from './helpers';

const t = useNodeSandbox();

describe('loadOptions', () => {
	it('getVoices lists the voices of the chosen engine type (Create) or of Update Fields', async () => {
		const pipeline = await t.loadOptions('getVoices', { resource: 'assistant', operation: 'create', engineType: 'pipeline' });
		expect(t.requests()[0].query).toEqual({ mode: 'pipeline' });
		const expected = t.sb.store.voices.filter((v) => v.mode === 'pipeline' && (v.user_id === null || v.user_id === t.sb.users.alice));
		expect(pipeline.map((o) => o.value).sort()).toEqual(expected.map((v) => v.id).sort());

		t.sb.clearRequests();
		const multimodal = await t.loadOptions('getVoices', {
			resource: 'assistant',
			operation: 'update',
			updateFields: { engineType: 'multimodal' },
		});
		expect(t.requests()[0].query).toEqual({ mode: 'multimodal' });
		expect(multimodal.map((o) => o.name)).toContain('Alloy');
	});

	it('getLanguages and getModels use the name as value (what the assistant fields take)', async () => {
		const languages = await t.loadOptions('getLanguages');
		expect(languages).toContainEqual({ name: 'German (de)', value: 'German' });
		const models = await t.loadOptions('getModels');
		expect(models).toContainEqual({ name: 'gpt-4o', value: 'gpt-4o' });
	});

	it('phone numbers: inbound assistants ask for type=inbound, SMS lists all numbers with IDs', async () => {
		await t.loadOptions('getAssistantPhoneNumbers', { resource: 'assistant', operation: 'create', callsDirection: 'receive' });
		expect(t.requests()[0].query).toEqual({ type: 'inbound' });
		await t.loadOptions('getInboundPhoneNumbers');
		expect(t.requests()[1].query).toEqual({ type: 'inbound' });
		const all = await t.loadOptions('getPhoneNumbers');
		expect(t.requests()[2].query).toEqual({});
		expect(all).toContainEqual(expect.objectContaining({ name: expect.stringContaining('+49 1579 2345601'), value: 1 }));
	});

	it('getPhoneNumbersForUpdate offers "Remove Phone Number" first', async () => {
		const options = await t.loadOptions('getPhoneNumbersForUpdate', { resource: 'assistant', operation: 'update' });
		expect(options[0]).toMatchObject({ name: 'Remove Phone Number', value: 'remove' });
		expect(options.length).toBeGreaterThan(1);
	});

	it('getAssistants / getCampaigns list the user records by name with numeric IDs', async () => {
		const assistants = await t.loadOptions('getAssistants');
		const mine = t.sb.store.assistants.filter((a) => a.user_id === t.sb.users.alice && !a.deleted_at);
		expect(assistants.map((o) => o.value).sort((a, b) => Number(a) - Number(b))).toEqual(mine.map((a) => a.id));
		const campaigns = await t.loadOptions('getCampaigns');
		expect(campaigns).toContainEqual(expect.objectContaining({ name: 'Spring Promotion', value: 1 }));
		expect(campaigns.some((c) => c.name === 'Bob Renewals')).toBe(false);
	});

	it('getTimezones lists IANA zones without a request', async () => {
		const zones = await t.loadOptions('getTimezones');
		expect(zones).toContainEqual({ name: 'Europe/Berlin', value: 'Europe/Berlin' });
		expect(t.requests()).toHaveLength(0);
	});
});

describe('listSearch', () => {
	it('searchAssistants lists all assistants and filters by name', async () => {
		const all = await t.listSearch('searchAssistants');
		const mine = t.sb.store.assistants.filter((a) => a.user_id === t.sb.users.alice && !a.deleted_at);
		expect(all.results.map((r) => r.value)).toEqual(mine.map((a) => String(a.id)));
		expect(all.results[0].name).toContain(mine[0].name);
		const found = await t.listSearch('searchAssistants', 'recep');
		expect(found.results.map((r) => r.value)).toEqual(
			mine.filter((a) => a.name.toLowerCase().includes('recep')).map((a) => String(a.id)),
		);
	});

	it('searchOutboundAssistants lists only outbound assistants', async () => {
		const result = await t.listSearch('searchOutboundAssistants');
		const outbound = t.sb.store.assistants.filter((a) => a.user_id === t.sb.users.alice && a.type === 'outbound' && !a.deleted_at);
		expect(result.results.map((r) => r.value).sort()).toEqual(outbound.map((a) => String(a.id)).sort());
		expect(t.requests()[0].path).toBe('/api/user/assistants/outbound');
	});

	it('searchCampaigns filters by name', async () => {
		const result = await t.listSearch('searchCampaigns', 'webinar');
		expect(result.results).toEqual([{ name: 'Webinar Follow-up (draft)', value: '4' }]);
	});
});

describe('dropdown of the account phone numbers', () => {
	it('getAccountPhoneNumbers lists /user/phone-numbers/all with type, country and SMS', async () => {
		const options = await t.loadOptions('getAccountPhoneNumbers');
		expect(options.map((o) => o.value).sort((a, b) => Number(a) - Number(b))).toEqual(
			t.sb.store.phoneNumbers.filter((p) => p.user_id === t.sb.users.alice).map((p) => p.id),
		);
		expect(options.find((o) => o.value === 1)?.name).toMatch(/^\+49 .* \(Normal, DE, SMS\)$/);
		expect(options.find((o) => o.value === 5)?.name).toMatch(/expired/);
	});
});

describe('WhatsApp dropdowns', () => {
	it('list search of senders; templates and their variables follow the chosen sender and template', async () => {
		const senders = await t.listSearch('searchWhatsAppSenders');
		expect(senders.results).toEqual([
			{ name: 'Acme Support (+49 30 555000101)', value: '1' },
			{ name: 'Acme Sales (+49 30 555000102, offline)', value: '2' },
		]);
		expect((await t.listSearch('searchWhatsAppSenders', 'sales')).results.map((r) => r.value)).toEqual(['2']);
		const templates = await t.loadOptions('getWhatsAppTemplates', { resource: 'whatsapp', operation: 'sendTemplate', senderId: fromList(1) });
		expect(templates.map((o) => [o.name, o.value])).toEqual([
			['order_update (de)', 1],
			['welcome (en)', 2],
		]);
		expect(templates[0].description).toMatch(/^Variables: customer_name, order_number\./);
		const variables = await t.loadOptions('getWhatsAppTemplateVariables', { resource: 'whatsapp', operation: 'sendTemplate', senderId: byId(1), templateId: 1 });
		expect(variables).toEqual([
			{ name: 'customer_name', value: 'customer_name' },
			{ name: 'order_number', value: 'order_number' },
		]);
	});
});
