/** The sandbox's GET /user/calls filters the history check relies on: phone_number, assistant_id, type, date_from. */
import axios from 'axios';

import type { Call } from '../../sandbox/records';
import { useSandbox } from './helpers';

const t = useSandbox();
const DAY = 86_400_000;

async function list(query: Record<string, string | number>): Promise<Array<{ id: number; client_phone_number: string }>> {
	const res = await axios.get(`${t.sb.baseUrl}/user/calls`, { params: { per_page: 100, ...query }, headers: { Authorization: `Bearer ${t.sb.tokens.alice}` } });
	return res.data.data;
}

beforeEach(() => {
	const template = t.sb.store.calls.find((c) => c.type === 'outbound') as Call;
	const add = (id: number, assistant: number, phone: string, ago: number, type: Call['type'] = 'outbound') =>
		t.sb.store.calls.push({ ...template, id, user_id: t.sb.users.alice, assistant_id: assistant, client_phone_number: phone, created_at: Date.now() - ago, type });
	add(800_001, 1, '+12125550101', 0);
	add(800_002, 3, '+12125550101', 0);
	add(800_003, 1, '+12125550101', 3 * DAY);
	add(800_004, 1, '+12125550101', 0, 'inbound');
	add(800_005, 1, '+12125550102', 0);
});

describe('sandbox GET /user/calls filters', () => {
	it('phone_number matches the E.164 number however it is written', async () => {
		for (const written of ['+12125550101', '+1 (212) 555-0101']) {
			expect((await list({ phone_number: written })).map((c) => c.id).sort()).toEqual([800_001, 800_002, 800_003, 800_004]);
		}
	});

	it('assistant_id, type and date_from narrow it down', async () => {
		const today = new Date(Date.now() - DAY).toISOString().slice(0, 10);
		const found = await list({ phone_number: '+12125550101', assistant_id: 1, type: 'outbound', date_from: today });
		expect(found.map((c) => c.id)).toEqual([800_001]);
	});

	it('date_from selects by the server clock (a skewed clock moves what it selects)', async () => {
		const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
		expect(await list({ phone_number: '+12125550102', date_from: tomorrow })).toHaveLength(0);
		t.sb.setClockOffset(DAY);
		try {
			expect(await list({ phone_number: '+12125550102', date_from: tomorrow })).toHaveLength(1);
		} finally {
			t.sb.setClockOffset(0);
		}
	});
});
