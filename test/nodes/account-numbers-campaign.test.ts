/**
 * The endpoints beyond the reference (platform-facts.md): Lead → Delete, Campaign → Create, Account →
 * Get, Phone Number → Get Many / Search Available / Buy, Assistant → Enable / Disable Post-Call Webhook,
 * and the account phone-number dropdown. Exact request, output, one pre-send check each.
 */
import { runNode } from '../harness';
import { VoiceAssistant, byId, expectOk, fromList, jsonOf, useNodeSandbox } from './helpers';

const t = useNodeSandbox();

describe('Lead → Delete', () => {
	it('sends DELETE /user/leads/{id} and the lead is gone', async () => {
		const lead = t.sb.store.leads.find((l) => l.user_id === t.sb.users.alice)!;
		const [item] = jsonOf(expectOk(await t.run({ resource: 'lead', operation: 'delete', leadId: String(lead.id) })));
		expect(item).toEqual({ id: lead.id, deleted: true, message: 'Lead deleted successfully' });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/api/user/leads/${lead.id}`, body: null })]);
		expect(t.sb.store.leads.includes(lead)).toBe(false);
		expect((await t.run({ resource: 'lead', operation: 'delete', leadId: lead.id })).error?.message).toBe(`Lead ${lead.id} was not found`);
	});

	it('checks the Lead ID before sending', async () => {
		const result = await t.run({ resource: 'lead', operation: 'delete', leadId: '1e3' });
		expect(result.error?.message).toBe('Lead ID must be a numeric ID (got "1e3") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});
});

describe('Campaign → Create', () => {
	it('posts every field in the platform names; empty optional fields are left out', async () => {
		const result = await t.run({
			resource: 'campaign',
			operation: 'create',
			name: 'Autumn Outreach',
			assistantId: fromList(1),
			additionalFields: {
				timezone: 'Europe/Vienna',
				maxCallsInParallel: 3,
				allowedHoursStartTime: '9:30',
				allowedHoursEndTime: '17:00',
				allowedDays: ['monday', 'wednesday', 'friday'],
				maxRetries: 2,
				retryInterval: 90,
				retryOnVoicemail: true,
				retryOnGoalIncomplete: false,
				goalCompletionVariable: 'interested',
				markCompleteWhenNoLeads: true,
				phoneNumberIds: [1, 6],
			},
		});
		const [item] = jsonOf(expectOk(result));
		expect(t.requests()[0]).toMatchObject({ method: 'POST', path: '/api/user/campaigns', status: 201 });
		expect(t.requests()[0].body).toEqual({
			name: 'Autumn Outreach',
			assistant_id: 1,
			timezone: 'Europe/Vienna',
			max_calls_in_parallel: 3,
			allowed_hours_start_time: '09:30',
			allowed_hours_end_time: '17:00',
			allowed_days: ['monday', 'wednesday', 'friday'],
			max_retries: 2,
			retry_interval: 90,
			retry_on_voicemail: true,
			retry_on_goal_incomplete: false,
			goal_completion_variable: 'interested',
			mark_complete_when_no_leads: true,
			phone_number_ids: [1, 6],
		});
		expect(item).toMatchObject({ name: 'Autumn Outreach', status: 'draft', message: 'Campaign created successfully', allowed_days: ['monday', 'wednesday', 'friday'] });
		expect(t.sb.store.campaigns.find((c) => c.id === item.id)).toMatchObject({ user_id: t.sb.users.alice, assistant_id: 1 });
	});

	it('sends only name and assistant when nothing else is given', async () => {
		expectOk(await t.run({ resource: 'campaign', operation: 'create', name: 'Minimal', assistantId: byId(1), additionalFields: { goalCompletionVariable: '' } }));
		expect(t.requests()[0].body).toEqual({ name: 'Minimal', assistant_id: 1 });
	});

	it.each([
		[{ allowedHoursStartTime: '25:00' }, 'Calling Hours Start must be a time of day as HH:MM, e.g. 09:00 or 17:30 (got "25:00") [item 0]'],
		[{ allowedHoursEndTime: '5pm' }, 'Calling Hours End must be a time of day as HH:MM, e.g. 09:00 or 17:30 (got "5pm") [item 0]'],
		[{ allowedDays: ['monday', 'caturday'] }, 'Allowed Days must be days of the week, monday to sunday (got ["monday","caturday"]) [item 0]'],
		[{ timezone: 'Mars/Olympus' }, 'Timezone must be a time zone name such as Europe/Berlin (got "Mars/Olympus") [item 0]'],
		[{ maxCallsInParallel: 0 }, 'Max Calls in Parallel must be between 1 and 1000 (got 0) [item 0]'],
	])('checks %j before sending', async (additionalFields, message) => {
		const result = await t.run({ resource: 'campaign', operation: 'create', name: 'Bad', assistantId: byId(1), additionalFields });
		expect(result.error?.message).toBe(message);
		expect(t.requests()).toHaveLength(0);
	});

	it("names the assistant when the platform does not know it (another account's)", async () => {
		const result = await t.run({ resource: 'campaign', operation: 'create', name: 'Not mine', assistantId: byId(13) });
		expect(result.error?.message).toBe('Assistant 13 was not found');
	});
});

describe('Account → Get', () => {
	it('reads GET /user/me: name, email and the balance as a number', async () => {
		const [item] = jsonOf(expectOk(await t.run({ resource: 'account', operation: 'get' })));
		expect(item).toEqual({ name: 'Alice Example', email: 'alice@example.com', balance: 250 });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/me' })]);
		const [bob] = jsonOf(expectOk(await t.run({ resource: 'account', operation: 'get' }, { token: t.sb.tokens.bob })));
		expect(bob).toMatchObject({ name: 'Bob Example', balance: 80 });
	});
});

describe('Phone Number', () => {
	it('Get Many lists the account numbers from /user/phone-numbers/all, SMS-capable only on request', async () => {
		const all = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'getMany', returnAll: true })));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/phone-numbers/all' });
		expect(all.map((n) => n.id)).toEqual(t.sb.store.phoneNumbers.filter((p) => p.user_id === t.sb.users.alice).map((p) => p.id));
		expect(all[0]).toEqual(expect.objectContaining({ phone_number: '+4915792345601', sms_capable: true, type_label: 'Normal', has_active_subscription: true }));
		const sms = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'getMany', returnAll: true, filters: { smsCapable: true } })));
		expect(sms.length).toBeGreaterThan(0);
		expect(sms.every((n) => n.sms_capable === true)).toBe(true);
		expect(sms.length).toBeLessThan(all.length);
		expect(jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'getMany', limit: 2 })))).toHaveLength(2);
	});

	it('Search Available sends country_code and contains', async () => {
		const found = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'searchAvailable', countryCode: 'us', contains: '555-01', returnAll: true })));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/phone-numbers/search', query: { country_code: 'US', contains: '55501' } });
		expect(found.length).toBeGreaterThan(0);
		expect(found[0]).toEqual(expect.objectContaining({ country_code: 'US', price: expect.any(Number), sms_capable: true }));
	});

	it('Search Available checks the digits before sending', async () => {
		const result = await t.run({ resource: 'phoneNumber', operation: 'searchAvailable', countryCode: 'DE', contains: '12345678901' });
		expect(result.error?.message).toBe('Contains Digits must be 1 to 10 digits (got "12345678901") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it('Buy posts the number once and returns the new number; the account is charged', async () => {
		const [offer] = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'searchAvailable', countryCode: 'GB', limit: 1 })));
		t.sb.clearRequests();
		const before = t.sb.store.users.find((u) => u.id === t.sb.users.alice)!.balance;
		const [bought] = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'buy', phoneNumber: offer.phone_number_formatted })));
		expect(t.requests()).toEqual([
			expect.objectContaining({ method: 'POST', path: '/api/user/phone-numbers/purchase', body: { phone_number: offer.phone_number }, status: 201 }),
		]);
		expect(bought).toMatchObject({ phone_number: offer.phone_number, country_code: 'GB', id: expect.any(Number), message: 'Phone number purchased successfully' });
		expect(t.sb.store.users.find((u) => u.id === t.sb.users.alice)!.balance).toBeCloseTo(before - Number(offer.price));
		expect(t.sb.store.phoneNumberOf(t.sb.users.alice, bought.id)?.phone_number).toBe(offer.phone_number);
	});

	it('Buy is never repeated by Retry On Fail: a purchase whose answer was lost fails saying it may have happened', async () => {
		const [offer] = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'searchAvailable', countryCode: 'CH', limit: 1 })));
		t.sb.clearRequests();
		t.sb.setFaults([{ kind: 'status', status: 502, count: 1, phase: 'after', match: { path: '/user/phone-numbers/purchase' } }]);
		const result = await runNode({
			node: VoiceAssistant,
			parameters: { resource: 'phoneNumber', operation: 'buy', phoneNumber: String(offer.phone_number) },
			credentials: t.credentials,
			nodeSettings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 },
		});
		expect(result.error?.message).toMatch(/the number may have been bought \(and charged\): check before retrying/);
		expect(t.requests().filter((r) => r.path === '/api/user/phone-numbers/purchase')).toHaveLength(1);
		expect(t.sb.store.phoneNumbers.filter((p) => p.phone_number === offer.phone_number)).toHaveLength(1);
	});

	it('Buy needs the international format: no Default Country guesses a number that costs money', async () => {
		const result = await t.run({ resource: 'phoneNumber', operation: 'buy', phoneNumber: '030 40000100' });
		expect(result.error?.message).toMatch(/^Phone Number "030 40000100" .* \[item 0\]$/);
		expect(t.requests()).toHaveLength(0);
	});
});

describe('Assistant → Enable / Disable Post-Call Webhook', () => {
	it('posts enable-webhook {assistant_id, webhook_url} and disable-webhook {assistant_id}', async () => {
		const url = 'https://hooks.example.com/calls?secret=abc';
		const on = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'enablePostCallWebhook', assistantId: fromList(3), webhookUrl: url })));
		expect(on).toEqual([{ assistant_id: 3, webhook_url: url, is_webhook_active: true, message: 'Webhook enabled successfully' }]);
		expect(t.requests()[0]).toMatchObject({ method: 'POST', path: '/api/user/assistants/enable-webhook', body: { assistant_id: 3, webhook_url: url } });
		expect(t.sb.store.assistants.find((a) => a.id === 3)).toMatchObject({ webhook_url: url, is_webhook_active: true });
		t.sb.clearRequests();
		const off = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'disablePostCallWebhook', assistantId: byId(3) })));
		expect(off).toEqual([{ assistant_id: 3, is_webhook_active: false, message: 'Webhook disabled successfully' }]);
		expect(t.requests()[0]).toMatchObject({ path: '/api/user/assistants/disable-webhook', body: { assistant_id: 3 } });
		expect(t.sb.store.assistants.find((a) => a.id === 3)).toMatchObject({ webhook_url: null, is_webhook_active: false });
	});

	it('checks the URL before sending', async () => {
		const result = await t.run({ resource: 'assistant', operation: 'enablePostCallWebhook', assistantId: byId(3), webhookUrl: 'ftp://x' });
		expect(result.error?.message).toBe('Webhook URL must be a valid http(s) URL (got "ftp://x") [item 0]');
		expect(t.requests()).toHaveLength(0);
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
