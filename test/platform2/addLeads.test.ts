/**
 * Leads → Add Leads on Platform 2.0, through n8n's engine against the sandbox in its facts-following
 * form: one item is one lead, sent under the catalogue's lead names (phone, name, email, tags,
 * custom_fields), the leads of a campaign travel in requests of at most 1,000 (Operation.group), each
 * item says in words what became of its lead (the created records matched back by phone), the whole
 * batch is checked first, and Retry On Fail never adds a lead twice.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, usePlatform2Node } from './helpers';

const p2 = usePlatform2Node();

const SUPPRESSED_AT = 1500; // typed "0151 99999999" with Default Country DE: on the seeded suppression list
const PREMIUM_AT = 2100; // +1 900…: a number the phone checker accepts and the platform refuses

const campaignNamed = (name: string) => String(p2.sb.platform2.list('A', '/campaigns').find((c) => c.name === name)?.id);
const leadsOf = (campaignId: string) => p2.sb.platform2.list('A', '/campaigns/{}/leads', [campaignId]);
const posts = () => p2.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/leads'));
const phoneFor = (n: number) => `+49 151 2${String(n).padStart(7, '0')}`;

function leadItems(count: number, campaign: string): IDataObject[] {
	return Array.from({ length: count }, (_, n) => ({
		campaign,
		phone: n === SUPPRESSED_AT ? '0151 99999999' : n === PREMIUM_AT ? '+1 900 234 5678' : phoneFor(n),
		name: `Lead ${n}`,
	}));
}

async function addLeads(items: IDataObject[], options: { continueOnFail?: boolean; nodeSettings?: IDataObject; parameters?: IDataObject } = {}) {
	return await p2.run(
		{
			resource: 'leads',
			operation: 'addLeads',
			id: byId('={{ $json.campaign }}'),
			phoneNumber: '={{ $json.phone }}',
			variablesInput: 'none',
			additionalFields: { name: '={{ $json.name }}' },
			defaultCountry: 'DE',
			...options.parameters,
		},
		{ items, continueOnFail: options.continueOnFail, nodeSettings: options.nodeSettings },
	);
}

test('2,500 items → 3 requests (1,000 / 1,000 / 500) and 2,500 items, each paired and saying what became of its lead', async () => {
	const campaign = campaignNamed('Renewals');
	const before = leadsOf(campaign).length;
	const { items, error } = await addLeads(leadItems(2500, campaign));
	expect(error).toBeUndefined();

	const sent = posts();
	expect(sent.map((r) => (r.body as unknown[]).length)).toEqual([1000, 1000, 500]);
	expect(sent.every((r) => r.path === `/api/v1/campaigns/${campaign}/leads`)).toBe(true);
	expect((sent[0].body as IDataObject[])[0]).toEqual({ phone: '+4915120000000', name: 'Lead 0' });

	expect(items).toHaveLength(2500);
	expect(items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
	expect(items[SUPPRESSED_AT].json).toMatchObject({ status: 'dnc_flagged', phone: '+4915199999999', lead_id: expect.any(String), lead: { status: 'do_not_call' } });
	expect(String(items[SUPPRESSED_AT].json.message)).toMatch(/^Added, but with status "do_not_call": \+4915199999999 is on the workspace's Do-Not-Call list/);
	expect(items[PREMIUM_AT].json).toMatchObject({ status: 'invalid', phone: '+19002345678' });
	expect(items[PREMIUM_AT].json.lead_id).toBeUndefined();
	expect(String(items[PREMIUM_AT].json.message)).toMatch(/^Not added: the platform created no lead for \+19002345678 \(the answer counts 499 created, 0 flagged do-not-call, 1 invalid in this request\)/);
	const others = items.filter((_, n) => n !== SUPPRESSED_AT && n !== PREMIUM_AT);
	expect(others.every((item) => item.json.status === 'created' && typeof item.json.lead_id === 'string')).toBe(true);
	expect(items[2499].json.request).toEqual({ leads: 500, position: 499, created: 499, dnc_flagged: 0, invalid: 1 });
	expect(items[SUPPRESSED_AT].json.request).toEqual({ leads: 1000, position: 500, created: 1000, dnc_flagged: 1, invalid: 0 });
	// every lead the platform took, once
	expect(leadsOf(campaign).length - before).toBe(2499);
});

test('one bad number: nothing sent (Continue On Fail off), the error names the field and the item', async () => {
	const campaign = campaignNamed('Renewals');
	const leads = leadItems(10, campaign);
	leads[7].phone = 'call me maybe';
	const { error } = await addLeads(leads);
	expect(error?.message).toMatch(/Phone Number "call me maybe"/);
	expect(error?.message).toMatch(/none of the 10 items was sent/);
	expect(String((error as { description?: string }).description)).toContain('• item 7: Phone Number');
	expect(posts()).toHaveLength(0);
});

test('one bad number under Continue On Fail: that item is an error item, the other 9 go in one request', async () => {
	const campaign = campaignNamed('Renewals');
	const leads = leadItems(10, campaign);
	leads[7].phone = 'call me maybe';
	const { items, error } = await addLeads(leads, { continueOnFail: true });
	expect(error).toBeUndefined();
	expect(posts().map((r) => (r.body as unknown[]).length)).toEqual([9]);
	expect(items.map((item) => item.pairedItem)).toEqual(leads.map((_, item) => ({ item })));
	expect(items[7].json.error).toMatch(/Phone Number "call me maybe"/);
	expect(items.filter((item) => item.json.status === 'created')).toHaveLength(9);
});

test('Retry On Fail after the 2nd request answered 500 having saved: requests 1–2 never sent again, the 3rd never sent, the error says what was done', async () => {
	const campaign = campaignNamed('Renewals');
	const before = leadsOf(campaign).length;
	p2.sb.setFaults([{ kind: 'status', status: 500, phase: 'after', match: { path: '/api/v1/campaigns', body: { '0': { phone: '+4915120001000', name: 'Lead 1000' } } } }]);
	const { error } = await addLeads(leadItems(2500, campaign), {
		parameters: { requestOptions: { parallelRequests: 1 } },
		nodeSettings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
	});
	// three tries, two requests: the first answered, the second unknown; neither is repeated
	expect(posts().map((r) => (r.body as IDataObject[])[0].phone)).toEqual(['+4915120000000', '+4915120001000']);
	expect(leadsOf(campaign).length - before).toBe(2000);
	expect(error?.message).toMatch(/the leads of this request may have been added: check before retrying \[item 1000\]$/);
	const description = String((error as { description?: string }).description);
	expect(description).toContain('This request carried 1000 items together (items 1000–1999)');
	expect(description).toContain('Done: 1000 leads added (items 0–999; 1000 of them in an earlier try of this run, not sent again).');
	expect(description).toContain('In the same request as item 1000: 999 more items (items 1001–1999), with the same outcome.');
	expect(description).toContain('Not sent: 500 items (items 2000–2499).');
});

test('two campaigns interleaved: one request per campaign, each in input order, the items in input order', async () => {
	const spring = campaignNamed('Spring Promotion');
	const renewals = campaignNamed('Renewals');
	const leads = Array.from({ length: 6 }, (_, n) => ({ campaign: n % 2 === 0 ? spring : renewals, phone: phoneFor(n), name: `Lead ${n}` }));
	const { items, error } = await addLeads(leads);
	expect(error).toBeUndefined();
	expect(posts().map((r) => [r.path, (r.body as IDataObject[]).map((lead) => lead.name)])).toEqual([
		[`/api/v1/campaigns/${spring}/leads`, ['Lead 0', 'Lead 2', 'Lead 4']],
		[`/api/v1/campaigns/${renewals}/leads`, ['Lead 1', 'Lead 3', 'Lead 5']],
	]);
	expect(items.map((item) => [item.pairedItem, item.json.campaign_id, item.json.status])).toEqual(
		leads.map((lead, item) => [{ item }, lead.campaign, 'created']),
	);
});

test('the 2nd request answering 500 under Continue On Fail: its 1,000 items are error items (each paired), the other requests are sent', async () => {
	const campaign = campaignNamed('Renewals');
	p2.sb.setFaults([{ kind: 'status', status: 500, phase: 'after', match: { path: '/api/v1/campaigns', body: { '0': { phone: '+4915120001000', name: 'Lead 1000' } } } }]);
	const { items, error } = await addLeads(leadItems(2500, campaign), { continueOnFail: true });
	expect(error).toBeUndefined();
	expect(posts().map((r) => (r.body as unknown[]).length)).toEqual([1000, 1000, 500]);
	expect(items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
	const failed = items.flatMap((item, n) => (item.json.error !== undefined ? [n] : []));
	expect(failed).toEqual(Array.from({ length: 1000 }, (_, n) => 1000 + n));
	expect(items[1500].json.error).toMatch(/the leads of this request may have been added/);
	expect(items[1500].json.details).toContain('This request carried 1000 items together (items 1000–1999)');
	expect(items[2100].json.status).toBe('invalid');
});

test('the same number twice in a run and a contact already in the workspace: each item says which lead was added and why the others were not', async () => {
	const campaign = campaignNamed('Renewals');
	const leads = [
		{ campaign, phone: phoneFor(1), name: 'Ada' },
		{ campaign, phone: '0151 20000001', name: 'Ada again' },
		{ campaign, phone: '+49 151 12345670', name: 'Jonas (already an Audience contact)' },
		{ campaign, phone: phoneFor(2), name: 'Grace' },
	];
	const { items, error } = await addLeads(leads, { parameters: { additionalFields: { name: '={{ $json.name }}', tags: 'fair, 2026' }, variablesInput: 'pairs', variables: { pairs: [{ name: 'plan', value: 'gold' }] } } });
	expect(error).toBeUndefined();
	// both copies sent (the platform decides), under the catalogue's names, tags as a list, variables as custom_fields
	expect(posts()[0].body).toEqual([
		{ phone: '+4915120000001', name: 'Ada', tags: ['fair', '2026'], custom_fields: { plan: 'gold' } },
		{ phone: '+4915120000001', name: 'Ada again', tags: ['fair', '2026'], custom_fields: { plan: 'gold' } },
		{ phone: '+4915112345670', name: 'Jonas (already an Audience contact)', tags: ['fair', '2026'], custom_fields: { plan: 'gold' } },
		{ phone: '+4915120000002', name: 'Grace', tags: ['fair', '2026'], custom_fields: { plan: 'gold' } },
	]);
	expect(items.map((item) => item.json.status)).toEqual(['created', 'invalid', 'invalid', 'created']);
	expect(items[0].json.lead).toMatchObject({ name: 'Ada', phone: '+4915120000001', custom_fields: { plan: 'gold' } });
	expect(String(items[1].json.message)).toMatch(/^Not added: lead 1 of the same request has the same number \+4915120000001 and was added/);
	expect(String(items[2].json.message)).toMatch(/^Not added: the platform created no lead for \+4915112345670 .*a contact with the same phone number or e-mail already in the workspace/);
	expect(items[3].json.request).toEqual({ leads: 4, position: 3, created: 2, dnc_flagged: 0, invalid: 2 });
});
