/**
 * An account can have a time zone (white-label users register with one: docs/platform-facts.md, "Accounts with a time zone"): the
 * platform then writes that account's zone-less times on its clock, and its date filters count days
 * there. Accounts without one write UTC, as the sandbox always did.
 */
import { clientFor, useClients } from './helpers';

const c = useClients({ reset: 'all' });
const control = () => clientFor(c.sb.origin);
const HOUR = 3_600_000;

/** A call of alice's created at `at`; returns its id. */
function aliceCallAt(at: number): number {
	const template = c.sb.store.calls.find((call) => call.user_id === c.sb.users.alice && call.type === 'outbound');
	if (!template) throw new Error('no seeded call');
	const id = 700_001 + c.sb.store.calls.length;
	c.sb.store.calls.push({ ...template, id, created_at: at, updated_at: at + HOUR });
	return id;
}

async function listed(client: typeof c.alice, id: number, query = '') {
	const answer = await client.get(`/user/calls?per_page=100${query}`);
	return (answer.data.data as Array<{ id: number; created_at: string; updated_at: string }>).find((call) => call.id === id);
}

it('POST /sandbox/time-zone sets one account\'s zone: its call times are written on that clock, another account\'s stay UTC', async () => {
	const at = Date.parse('2026-06-12T03:30:00Z');
	const id = aliceCallAt(at);
	const set = await control().post('/sandbox/time-zone', { zone: 'America/Bogota', token: c.sb.tokens.alice });
	expect(set.status).toBe(200);
	expect(set.data.time_zones).toEqual([
		{ user_id: 1, time_zone: 'America/Bogota' },
		{ user_id: 2, time_zone: null },
		{ user_id: 3, time_zone: null },
	]);
	expect(await listed(c.alice, id)).toMatchObject({ created_at: '2026-06-11 22:30:00', updated_at: '2026-06-11 23:30:00' });
	expect((await c.alice.get(`/user/calls/${id}`)).data.created_at).toBe('2026-06-11 22:30:00');

	c.sb.setTimeZone('Asia/Tokyo', c.sb.users.alice);
	expect(await listed(c.alice, id)).toMatchObject({ created_at: '2026-06-12 12:30:00' });
	c.sb.setTimeZone(null);
	expect(await listed(c.alice, id)).toMatchObject({ created_at: '2026-06-12 03:30:00' });
});

it('date_from and date_to count days on the account\'s clock', async () => {
	const id = aliceCallAt(Date.parse('2026-06-12T03:30:00Z'));
	c.sb.setTimeZone('America/Bogota', c.sb.users.alice);
	expect(await listed(c.alice, id, '&date_from=2026-06-12')).toBeUndefined();
	expect(await listed(c.alice, id, '&date_from=2026-06-11&date_to=2026-06-11')).toBeDefined();
});

it('refuses a zone that is none or a token that names no account; reset() restores the option (no zone)', async () => {
	expect((await control().post('/sandbox/time-zone', { zone: 'Mars/Olympus' })).status).toBe(422);
	expect((await control().post('/sandbox/time-zone', { zone: 'Asia/Tokyo', token: 'nobody' })).status).toBe(422);
	expect((await control().post('/sandbox/time-zone', { zone: 5 })).status).toBe(422);
	expect((await control().post('/sandbox/time-zone', { zone: 'Asia/Tokyo' })).data.time_zones.every((z: { time_zone: string }) => z.time_zone === 'Asia/Tokyo')).toBe(true);
	c.sb.reset();
	expect(c.sb.store.users.every((u) => (u.timeZone ?? null) === null)).toBe(true);
});
