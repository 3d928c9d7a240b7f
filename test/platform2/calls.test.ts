/**
 * Platform 2.0 Calls → Create Call and Get Call, made by hand (actions/platform2/everyday/): Wait for Call to
 * End, the calling rules and the refusals in words, the recording as a file — through the real engine
 * against the sandbox's 2.0 calls (sandbox/platform2/behaviours/calls.ts).
 */
import type { IBinaryData, IDataObject } from 'n8n-workflow';

import { rulesClock } from '../../nodes/VoiceAssistant/engine/callingRules/clock';
import * as itemParamsModule from '../../nodes/VoiceAssistant/engine/itemParams';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { runNode } from '../harness';
import { byId, CREDENTIAL_TYPE, usePlatform2Node } from './helpers';

const SCALED_LIMITS = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 100 } as const;
const t = usePlatform2Node({ callTiming: { stepMs: 100 }, rateLimit: SCALED_LIMITS });

const assistant = () => String(t.sb.platform2.list('A', '/assistants')[0].id);
const createCalls = () => t.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/calls');
const phones = (...numbers: string[]) => numbers.map((phone) => ({ phone }));
const create = (extra: IDataObject = {}) => ({
	resource: 'calls',
	operation: 'createCall',
	assistantId: byId(assistant()),
	toNumber: '={{ $json.phone }}',
	variablesInput: 'none',
	...extra,
});
const json = (result: Awaited<ReturnType<typeof t.run>>) => {
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
};

describe('Platform 2.0 Calls → Create Call', () => {
	it('Wait for Call to End: polls getCall until the call has ended and outputs the finished call (classic keys)', async () => {
		const result = await t.run(
			create({ variablesInput: 'pairs', variables: { pairs: [{ name: 'customer_name', value: 'Ada' }] }, waitForEnd: true, maxWaitMinutes: 1 }),
			{ items: phones('0151 12340001'), nodeSettings: {} },
		);
		// typed nationally with Default Country DE: sent in E.164
		const [item] = json(await t.run(create({ defaultCountry: 'DE', waitForEnd: true, maxWaitMinutes: 1 }), { items: phones('0151 12340002') }));
		expect(result.error?.message).toMatch(/Default Country|country/i); // without Default Country a national number is refused, never "fixed"
		expect(createCalls().map((r) => (r.body as IDataObject).to_number)).toEqual(['+4915112340002']);
		expect(item).toMatchObject({ call_id: expect.any(String), status: 'completed', customer_phone: '+4915112340002', assistant_id: assistant() });
		expect(item.duration).toBeGreaterThan(0);
		expect(item.transcript).toContain('Customer:');
		expect(t.requests().some((r) => r.method === 'GET' && r.path === `/api/v1/calls/${String(item.call_id)}`)).toBe(true);
	});

	it('waits for a call that is not answered: the final status no_answer, with its variables as sent', async () => {
		const [item] = json(
			await t.run(create({ variablesInput: 'pairs', variables: { pairs: [{ name: 'customer_name', value: 'Ada' }] }, waitForEnd: true }), { items: phones('+4915112340008') }),
		);
		expect(item).toMatchObject({ status: 'no_answer', duration: 0, input_variables: { customer_name: 'Ada' } });
	});

	it('Skip If Called Within: a second run of the same batch places 0 calls (listCalls read, filtered by number here)', async () => {
		const batch = phones('+4915112340011', '+4915112340012');
		const first = json(await t.run(create({ skipIfCalledRecently: true }), { items: batch }));
		expect(first.map((i) => i.status)).toEqual(['queued', 'queued']);
		expect(createCalls()).toHaveLength(2);
		t.sb.clearRequests();
		const second = json(await t.run(create({ skipIfCalledRecently: true }), { items: batch }));
		expect(createCalls()).toHaveLength(0);
		expect(second).toEqual([
			expect.objectContaining({ skipped: true, skip_reason: 'called_recently', phone_number: '+4915112340011', earlier_call: expect.objectContaining({ status: expect.any(String) }) }),
			expect.objectContaining({ skipped: true, skip_reason: 'called_recently', phone_number: '+4915112340012' }),
		]);
		expect(t.requests().filter((r) => r.path === '/api/v1/calls' && r.method === 'GET')[0].query).toMatchObject({ direction: 'outbound', assistant_id: assistant() });
	});

	it("Skip If Called Within reads the batch as prepared: each item's parameters read once, one listCalls for all", async () => {
		const reads = jest.spyOn(itemParamsModule, 'itemParams');
		try {
			const batch = phones(...Array.from({ length: 30 }, (_, index) => `+49151123410${String(10 + index)}`));
			json(await t.run(create({ skipIfCalledRecently: true }), { items: batch }));
			expect(reads).toHaveBeenCalledTimes(30);
			expect(t.requests().filter((r) => r.path === '/api/v1/calls' && r.method === 'GET')).toHaveLength(1);
		} finally {
			reads.mockRestore();
		}
	});

	it('Do Not Call: a number on the workspace suppression list is not called (the list read once for the batch)', async () => {
		const out = json(await t.run(create(), { items: phones('+4915199999999', '+4915112340021', '+49 151 99999999') }));
		expect(out[0]).toMatchObject({ skipped: true, skip_reason: 'do_not_call', phone_number: '+4915199999999' });
		expect(out[2]).toMatchObject({ skipped: true, skip_reason: 'do_not_call' });
		expect(createCalls().map((r) => (r.body as IDataObject).to_number)).toEqual(['+4915112340021']);
		expect(t.requests().filter((r) => r.path === '/api/v1/suppression-list')).toHaveLength(1);
	});

	it('Calling Hours in the callee\'s zone: outside them the item is skipped with when it may be called', async () => {
		const realNow = rulesClock.now;
		// 03:00 in Berlin (01:00 UTC on a winter Tuesday)
		const shift = Date.parse('2026-01-13T02:00:00Z') - Date.now();
		rulesClock.now = () => Date.now() + shift;
		try {
			const [item] = json(await t.run(create({ callingHours: true }), { items: phones('+4915112340031') }));
			expect(item).toMatchObject({ skipped: true, skip_reason: 'outside_calling_hours', allowed_from: '2026-01-13T08:00:00.000Z' });
			expect(String(item.allowed_from_local)).toContain('Europe/Berlin');
			expect(createCalls()).toHaveLength(0);
		} finally {
			rulesClock.now = realNow;
		}
	});

	it('destination_forbidden (403) and the daily outbound cap are explained in the item\'s error', async () => {
		const forbidden = await t.run(create(), { items: phones('+19005550100') });
		expect(forbidden.error?.message).toMatch(/\+19005550100 was not called: the platform does not allow calls to this destination .*destination_forbidden/);

		t.sb.platform2.records.setSingleton(t.sb.platform2.workspaces.A, '/settings/outbound-limits', { daily_limit: 1 });
		const capped = await t.run(create(), { items: phones('+4915112340041', '+4915112340042'), continueOnFail: true });
		const [ok, refused] = capped.items.map((i) => i.json);
		expect(ok.status).toBe('queued');
		expect(String(refused.error)).toMatch(/\+4915112340042 was not called: the workspace's daily outbound-call cap is reached \(1 of 1 calls used today; resets /);
		expect(t.requests().some((r) => r.path === '/api/v1/settings/outbound-limits')).toBe(true);
	});
});

describe('Platform 2.0 Create Call with a key scoped exactly as the catalogue says (calls:write)', () => {
	const withCallsWriteOnly = async (items: IDataObject[], extra: IDataObject = {}) => {
		const key = t.sb.platform2.mintKey({ scopes: ['calls:write'], kind: 'service' });
		return await runNode({
			node: VoiceAssistant,
			parameters: { accountKind: 'platform2', ...create(extra) } as never,
			credentials: { apiKey: key, origin: t.sb.origin },
			credentialType: CREDENTIAL_TYPE,
			items,
			continueOnFail: true,
		});
	};

	it('places the call (the suppression pre-check is left out, and the output says so); a suppressed number is refused by the platform, in words', async () => {
		const { items, error } = await withCallsWriteOnly(phones('+4915112340061', '+4915199999999'));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'queued', to_number: '+4915112340061', suppression_list: expect.stringMatching(/^not checked: the API key may not read the suppression list \(scope suppression:read\)/) });
		expect(String(items[1].json.error)).toMatch(/^\+4915199999999 was not called: the platform does not allow calls to this destination from this workspace \(destination_forbidden, HTTP 403\)/);
		expect(String(items[1].json.description ?? items[1].json.details ?? '')).toMatch(/suppression list/);
		// the list was asked for once (403), both calls were sent, one was refused by the platform
		expect(t.requests().filter((r) => r.path === '/api/v1/suppression-list').map((r) => r.status)).toEqual([403]);
		expect(createCalls()).toHaveLength(2);
	});

	it('Check Suppression List off: the list is not read at all, with any key', async () => {
		const out = json(await t.run(create({ checkSuppressionList: false }), { items: phones('+4915112340062') }));
		expect(out[0]).toMatchObject({ status: 'queued' });
		expect(out[0].suppression_list).toBeUndefined();
		expect(t.requests().filter((r) => r.path === '/api/v1/suppression-list')).toHaveLength(0);
	});
});

describe('Platform 2.0 Create Call: Caller Number (From) is picked, never typed as a number', () => {
	it('lists the workspace\'s numbers by number and label; the picked one is sent as phone_number_id; a typed phone number fails before anything is sent', async () => {
		const numbers = t.sb.platform2.list('A', '/phone-numbers');
		const search = await t.listSearch('searchPlatform2PhoneNumber');
		expect(search.results.map((r) => r.name)).toEqual(expect.arrayContaining(['+4930555010101 (Berlin main)', '+4940555020202 (Hamburg outbound)']));
		const hamburg = String(numbers.find((n) => n.label === 'Hamburg outbound')?.id);
		json(await t.run(create({ callerNumber: { __rl: true, mode: 'list', value: hamburg } }), { items: phones('+4915112340071') }));
		expect((createCalls()[0].body as IDataObject).phone_number_id).toBe(hamburg);
		t.sb.clearRequests();
		// typed By ID: n8n's own check of the field says it at once
		const typed = await t.run(create({ callerNumber: byId('+49 40 555020202') }), { items: phones('+4915112340072') });
		expect(typed.error?.message).toMatch(/The phone number's ID is a UUID.*pick the number From List instead of typing it/);
		// from an expression (no editor check): the node's own check, naming the field and the item
		const mapped = await t.run(create({ callerNumber: byId('={{ $json.from }}') }), { items: [{ phone: '+4915112340072', from: '+49 40 555020202' }] });
		expect(mapped.error?.message).toMatch(/Caller Number \(From\) "\+49 40 555020202" is a phone number; this field takes the ID of one of the workspace's numbers/);
		expect(t.requests()).toHaveLength(0);
	});
});

describe('Platform 2.0 Calls → Get Call', () => {
	it('Wait for Call to End and Get Call (Simplify) agree on one call: summary, transcript, status, duration, extracted variables', async () => {
		const [waited] = json(await t.run(create({ waitForEnd: true }), { items: phones('+4915112340081') }));
		const [got] = json(await t.run({ resource: 'calls', operation: 'getCall', id: byId(String(waited.call_id)) }));
		expect(got.summary).toEqual(expect.any(String));
		expect(waited.summary).toBe(got.summary);
		expect(waited.transcript).toBe(got.transcript);
		expect([waited.status, waited.duration, waited.extracted_variables]).toEqual([got.status, got.duration_sec, got.extracted_variables]);
	});

	it('Simplify keeps ten fields; Download Recording asks for a signed URL and fetches it without the API key', async () => {
		const [placed] = json(await t.run(create({ waitForEnd: true }), { items: phones('+4915112340051') }));
		t.sb.clearRequests();
		t.sb.recordingRequests.splice(0); // the recording host's log (a live list)
		const result = await t.run({ resource: 'calls', operation: 'getCall', id: byId(String(placed.call_id)), options: { downloadRecording: true } });
		expect(result.error).toBeUndefined();
		const [item] = result.items;
		expect(Object.keys(item.json).length).toBeLessThanOrEqual(10);
		expect(item.json).toMatchObject({ id: placed.call_id, status: 'completed', to_number: '+4915112340051', transcript: expect.stringContaining('Assistant:') });
		expect(item.binary?.data as IBinaryData).toMatchObject({ mimeType: 'audio/mpeg' });
		expect(t.requests().map((r) => r.path)).toEqual([`/api/v1/calls/${String(placed.call_id)}`, `/api/v1/calls/${String(placed.call_id)}/recording`]);
		const hops = t.sb.recordingRequests;
		expect(hops.map((r) => r.status)).toEqual([302, 200]);
		expect(hops.every((r) => r.authorization === null)).toBe(true);
	});
});
