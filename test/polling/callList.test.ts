/**
 * What the polling trigger relies on in GET /user/calls, pinned on the sandbox: newest first (ties by
 * id), the assistant and type filters, date_from counted in the server's own days (a clock offset
 * moves it), and the page envelope's last_page/total as new calls arrive.
 */
import { HOUR, MINUTE, SERVER_START, usePollingSandbox } from './helpers';

describe('GET /user/calls as the polling trigger reads it (sandbox)', () => {
	const t = usePollingSandbox();

	async function list(query: Record<string, string | number>) {
		const url = new URL(`${t.sb.baseUrl}/user/calls`);
		for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
		const res = await fetch(url, { headers: { Authorization: `Bearer ${t.sb.tokens.alice}` } });
		return (await res.json()) as { data: Array<{ id: number; created_at: string; type: string }>; total: number; last_page: number };
	}

	it('lists the newest call first, ties by id, with the filters the trigger sends', async () => {
		const a = t.startCall();
		const b = t.startCall();
		t.serverNow += MINUTE;
		const c = t.startCall({ assistant_id: 2, type: 'inbound' });
		const d = t.startCall({ type: 'web' });
		const mine = await list({ assistant_id: 1, per_page: 100, date_from: '2026-01-09' });
		expect(mine.data.map((call) => call.id)).toEqual([d.id, b.id, a.id]);
		expect((await list({ type: 'inbound', per_page: 100, date_from: '2026-01-09' })).data.map((call) => call.id)).toEqual([c.id]);
	});

	it("counts date_from in the server's days: a clock 13 hours ahead moves a call to the next day", async () => {
		t.sb.setClockOffset(13 * HOUR);
		const call = t.startCall();
		expect(new Date(SERVER_START).toISOString().slice(0, 10)).toBe('2026-01-10');
		const page = await list({ assistant_id: 1, date_from: '2026-01-11' });
		expect(page.data.map((c) => c.id)).toEqual([call.id]);
		expect(page.data[0].created_at).toBe('2026-01-11 01:00:00');
		t.sb.setClockOffset(0);
	});

	it('grows at the top: new calls push older ones to later pages, and total says by how much', async () => {
		for (let i = 0; i < 5; i++) t.startCall();
		const before = await list({ assistant_id: 1, per_page: 2, page: 2, date_from: '2026-01-09' });
		t.serverNow += MINUTE;
		t.startCall();
		const after = await list({ assistant_id: 1, per_page: 2, page: 2, date_from: '2026-01-09' });
		expect(after.total).toBe(before.total + 1);
		expect(after.data[1].id).toBe(before.data[0].id);
	});
});
