/**
 * Skip If Called Within on an account whose platform writes call times on its own clock (issue #29):
 * with the credential's Account Time Zone set, a call placed within the window is found whichever
 * side of UTC the account is; not set, times are read as UTC, as documented before the field existed.
 */
import type { Call } from '../../sandbox/records';
import { expectOk, jsonOf, makeCalls, makeParams, phones, useSandbox } from './helpers';

const t = useSandbox();
afterEach(() => t.sb.setTimeZone(null));

const HOUR = 3_600_000;
const rule = () => makeParams({ skipIfCalledRecently: true, calledWithinHours: 24 });
let next = 0;
/** numbers no other test calls */
const fresh = () => `+1646555${String(2000 + next++).padStart(4, '0')}`;

/** An outbound call by assistant 1 to `phone`, placed `hoursAgo` hours ago (the sandbox writes it on the account's clock). */
function calledAgo(phone: string, hoursAgo: number): void {
	const template = t.sb.store.calls.find((c) => c.type === 'outbound') as Call;
	const at = Date.now() - hoursAgo * HOUR;
	t.sb.store.calls.push({ ...template, id: 800_000 + next++, user_id: t.sb.users.alice, assistant_id: 1, client_phone_number: phone, status: 'completed', created_at: at, updated_at: at });
}

/** Runs Skip If Called Within 24 h for these numbers; returns the items and the numbers called. */
async function runRule(numbers: string[], credentials: Record<string, string> = {}) {
	t.sb.clearRequests();
	const out = jsonOf(expectOk(await t.run(rule(), { items: phones(...numbers), credentials })));
	return { out, called: makeCalls(t.sb).map((call) => call.phone_number) };
}

describe('Skip If Called Within on the account\'s clock', () => {
	it('an account 5 h behind UTC (America/Bogota): a number called 22 h ago is not called again; not set, it reads 27 h ago and is called, as before', async () => {
		t.sb.setTimeZone('America/Bogota', t.sb.users.alice);
		const recent = fresh();
		calledAgo(recent, 22);

		const zoned = await runRule([recent], { timeZone: 'America/Bogota' });
		expect(zoned.called).toEqual([]);
		expect(zoned.out[0]).toMatchObject({ skipped: true, skip_reason: 'called_recently' });
		// allowed_from is 24 h after the real instant of the call: 2 h from now
		const allowedIn = Date.parse(zoned.out[0].allowed_from as string) - Date.now();
		expect(Math.abs(allowedIn - 2 * HOUR)).toBeLessThan(5 * 60_000);

		const unset = await runRule([recent]);
		expect(unset.called).toEqual([recent]);
	});

	it('an account 9 h ahead of UTC (Asia/Tokyo): a number called 22 h ago is not called, one called 30 h ago is; not set, the 30 h call reads 21 h ago and is skipped, as before', async () => {
		t.sb.setTimeZone('Asia/Tokyo', t.sb.users.alice);
		const [recent, older] = [fresh(), fresh()];
		calledAgo(recent, 22);
		calledAgo(older, 30);

		const zoned = await runRule([recent, older], { timeZone: 'Asia/Tokyo' });
		expect(zoned.called).toEqual([older]);
		expect(zoned.out[0]).toMatchObject({ skipped: true, skip_reason: 'called_recently' });
		const allowedIn = Date.parse(zoned.out[0].allowed_from as string) - Date.now();
		expect(Math.abs(allowedIn - 2 * HOUR)).toBeLessThan(5 * 60_000);

		const [again, older2] = [fresh(), fresh()];
		calledAgo(again, 22);
		calledAgo(older2, 30);
		const unset = await runRule([again, older2]);
		expect(unset.called).toEqual([]);
	});

	it('an Account Time Zone that names no zone fails the item naming the credential field, before any call', async () => {
		const result = await t.run(rule(), { items: phones(fresh()), credentials: { timeZone: 'Mars/Olympus' } });
		expect(result.error?.message).toMatch(/Account Time Zone must be a time zone name.*Mars\/Olympus/);
		expect(makeCalls(t.sb)).toHaveLength(0);
	});
});
