/** Calling Hours on Call → Make and SMS → Send, through the real engine, with the rules' clock injected. */
import { runNode } from '../harness';
import { VoiceAssistant } from '../nodes/helpers';
import { expectOk, jsonOf, makeCalls, makeParams, manualRulesClock, phones, resetRulesClock, setRulesClock, useSandbox } from './helpers';

const t = useSandbox();
afterEach(resetRulesClock);

// Tuesday 2026-11-24 15:30 UTC: New York 10:30, Chicago 09:30, Denver 08:30, Los Angeles 07:30.
const TUESDAY = '2026-11-24T15:30:00Z';
const NEW_YORK = '+12125550123';
const CHICAGO = '+13125550123';
const DENVER = '+13035550123';
const LOS_ANGELES = '+14155550123';

describe('Call → Make with Calling Hours', () => {
	it('off by default: every number is called', async () => {
		setRulesClock('2026-11-24T03:00:00Z');
		expectOk(await t.run(makeParams(), { items: phones(LOS_ANGELES) }));
		expect(makeCalls(t.sb)).toHaveLength(1);
	});

	it('Skip: numbers outside their local hours come out unsent, saying from when', async () => {
		setRulesClock(TUESDAY);
		const result = await t.run(makeParams({ callingHours: true }), { items: phones(NEW_YORK, DENVER, CHICAGO, LOS_ANGELES) });
		const out = jsonOf(expectOk(result));
		expect(makeCalls(t.sb).map((b) => b.phone_number)).toEqual([NEW_YORK, CHICAGO]);
		expect(out[0]).toMatchObject({ phone_number: NEW_YORK, callee_local_time: '2026-11-24 10:30 (America/New_York, UTC-05:00)' });
		expect(out[1]).toMatchObject({
			skipped: true,
			skip_reason: 'outside_calling_hours',
			phone_number: DENVER,
			time_zones: ['America/Denver'],
			allowed_from: '2026-11-24T16:00:00.000Z',
			allowed_from_local: '2026-11-24 09:00 (America/Denver, UTC-07:00)',
		});
		expect(out[3]).toMatchObject({ skipped: true, allowed_from: '2026-11-24T17:00:00.000Z' });
		expect(expectOk(result).map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});

	it('Fail the Item: the batch fails before anything is sent, naming the item; Continue On Fail sends the others', async () => {
		setRulesClock(TUESDAY);
		const params = makeParams({ callingHours: true, outsideCallingHours: 'fail' });
		const failed = await t.run(params, { items: phones(NEW_YORK, DENVER) });
		expect(failed.error?.message).toMatch(/item 1/);
		expect(JSON.stringify(failed.error)).toMatch(/outside Calling Hours \(local time 2026-11-24 08:30 \(America\/Denver/);
		expect(makeCalls(t.sb)).toHaveLength(0);

		const routed = await t.run(params, { items: phones(NEW_YORK, DENVER), continueOnFail: true });
		const out = jsonOf(routed.items);
		expect(out[0]).toMatchObject({ phone_number: NEW_YORK });
		expect(String(out[1].error)).toMatch(/outside Calling Hours/);
		expect(makeCalls(t.sb).map((b) => b.phone_number)).toEqual([NEW_YORK]);
	});

	it('Wait Until Allowed: the item is sent when its window opens, the others go on at once', async () => {
		// 1.5 s before 09:00 in Los Angeles, on a clock that stands still until the test moves it
		const clock = manualRulesClock('2026-11-24T16:59:58.500Z');
		const running = t.run(makeParams({ callingHours: true, outsideCallingHours: 'wait', callingHoursMaxWait: 1 }), {
			items: phones(LOS_ANGELES, NEW_YORK),
		});
		const placed = () => makeCalls(t.sb).map((call) => call.phone_number);
		// New York goes while Los Angeles waits, however long that takes on this machine.
		while (placed().length === 0 || clock.sleeping() === 0) await new Promise((resolve) => setImmediate(resolve));
		expect(placed()).toEqual([NEW_YORK]);
		clock.moveTo('2026-11-24T16:59:59.999Z');
		expect(clock.sleeping()).toBe(1);
		clock.moveTo('2026-11-24T17:00:00.000Z');
		const out = jsonOf(expectOk(await running));
		expect(placed()).toEqual([NEW_YORK, LOS_ANGELES]);
		expect(out[0]).toMatchObject({ phone_number: LOS_ANGELES, callee_local_time: '2026-11-24 09:00 (America/Los_Angeles, UTC-08:00)' });
		expect(out.map((o) => o.phone_number)).toEqual([LOS_ANGELES, NEW_YORK]);
	});

	it('Wait Until Allowed beyond Max Wait fails before anything is sent', async () => {
		setRulesClock('2026-11-24T03:00:00Z'); // Los Angeles 19:00 Monday... closed from 20:00; New York 22:00
		const result = await t.run(makeParams({ callingHours: true, outsideCallingHours: 'wait', callingHoursMaxWait: 2 }), { items: phones(NEW_YORK) });
		expect(result.error?.message).toMatch(/Customer Phone Number \+12125550123 is outside Calling Hours .*after Max Wait \[item 0\]/);
		expect(makeCalls(t.sb)).toHaveLength(0);
	});

	it('refuses a malformed time naming the field and item, before anything is sent', async () => {
		const result = await t.run(makeParams({ callingHours: true, callingFrom: '9am' }), { items: phones(NEW_YORK, CHICAGO) });
		expect(result.error?.message).toMatch(/none of the 2 items was sent/);
		expect(JSON.stringify(result.error)).toMatch(/From \(Local Time\) must be a 24-hour time HH:MM/);
		expect(makeCalls(t.sb)).toHaveLength(0);
	});

	it('Retry On Fail: placed calls and skips are replayed, nothing is placed twice', async () => {
		setRulesClock(TUESDAY);
		t.sb.setFaults([{ kind: 'status', status: 422, count: 1, match: { path: '/api/user/make_call', body: { phone_number: CHICAGO } } }]);
		const result = await runNode({
			node: VoiceAssistant,
			parameters: makeParams({ callingHours: true }) as never,
			credentials: t.credentials,
			items: phones(NEW_YORK, LOS_ANGELES, CHICAGO),
			nodeSettings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
		});
		const out = jsonOf(expectOk(result));
		expect(makeCalls(t.sb).map((b) => b.phone_number)).toEqual([NEW_YORK, CHICAGO, CHICAGO]); // Chicago: refused, then placed
		expect(out.map((o) => o.skipped ?? false)).toEqual([false, true, false]);
	});
});

describe('Calling Hours with Wait for Call to End', () => {
	it('a skipped item does not wait; a placed one waits for its end and shows the local time it was placed', async () => {
		setRulesClock(TUESDAY);
		const result = await t.run(makeParams({ callingHours: true, waitForEnd: true, maxWaitMinutes: 1 }), { items: phones('+12125550120', LOS_ANGELES) });
		const out = jsonOf(expectOk(result));
		expect(out[0]).toMatchObject({ status: 'completed', callee_local_time: '2026-11-24 10:30 (America/New_York, UTC-05:00)' });
		expect(out[1]).toMatchObject({ skipped: true, skip_reason: 'outside_calling_hours' });
		expect(makeCalls(t.sb)).toHaveLength(1);
	});
});

describe('SMS → Send with Calling Hours', () => {
	it('skips a recipient outside its local hours (half-hour zone: India)', async () => {
		setRulesClock(TUESDAY); // India 21:00
		const result = await t.run(
			{ resource: 'sms', operation: 'send', from: 6, to: '={{ $json.phone }}', body: 'Hello', callingHours: true },
			{ items: phones('+919812345678', NEW_YORK) },
		);
		const out = jsonOf(expectOk(result));
		expect(out[0]).toMatchObject({ skipped: true, skip_reason: 'outside_calling_hours', allowed_from_local: '2026-11-25 09:00 (Asia/Calcutta, UTC+05:30)' });
		expect(out[1]).toMatchObject({ to: NEW_YORK, callee_local_time: '2026-11-24 10:30 (America/New_York, UTC-05:00)' });
		expect(t.sb.requests.filter((r) => r.path === '/api/user/sms')).toHaveLength(1);
	});
});
