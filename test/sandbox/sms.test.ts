/** Sandbox contract: POST /user/sms — segments and cost (GSM-7 and Unicode), and its errors. */
import { SIMULATE_FAILURE } from '../../sandbox';
import { useClients } from './helpers';

const c = useClients();

const alice = () => c.sb.store.users.find((u) => u.id === c.sb.users.alice)!;
const DE_TO = '+4917612345678';
const send = (body: string, to = DE_TO, from = 1) => c.alice.post('/user/sms', { from, to, body });

describe('POST /user/sms: segments and cost', () => {
	it.each([
		['GSM-7, 1 char', 1, 'a'],
		['GSM-7, 160 chars', 1, 'a'.repeat(160)],
		['GSM-7, 161 chars', 2, 'a'.repeat(161)],
		['GSM-7, 300 chars', 2, 'a'.repeat(300)],
		['GSM-7 with umlauts (still GSM)', 1, 'ä'.repeat(160)],
		['GSM-7 extension characters count twice', 1, '€'.repeat(80)],
		['GSM-7 extension characters, 81', 2, '€'.repeat(81)],
		['Unicode, 70 chars', 1, 'ł'.repeat(70)],
		['Unicode, 71 chars', 2, 'ł'.repeat(71)],
		['Unicode, 300 chars', 5, 'ł'.repeat(300)],
		['one emoji makes the message Unicode', 2, `${'a'.repeat(70)}😀`],
	])('%s: %i segment(s), charged and deducted', async (_name, segments, body) => {
		const before = alice().balance;
		const res = await send(body);
		expect(res.status).toBe(200);
		const data = res.data.data;
		expect(data.segments).toBe(segments);
		expect(data.segment_price).toBe(0.09);
		expect(data.total_cost).toBeCloseTo(0.09 * segments, 10);
		expect(alice().balance).toBeCloseTo(before - data.total_cost, 6);
	});

	it('prices by destination country', async () => {
		const us = await send('Hello', '+1 212 555 0147');
		expect([us.data.data.segment_price, us.data.data.to]).toEqual([0.01, '+12125550147']);
		const at = await send('Hallo', '+4369912345699');
		expect(at.data.data.segment_price).toBe(0.1);
		const other = await send('Olá', '+5511987654321');
		expect(other.data.data.segment_price).toBe(0.12);
		expect(other.data.data.total_cost).toBe(0.12);
	});

	it('answers the documented record', async () => {
		const res = await send('Record check');
		expect(res.data.message).toEqual(expect.any(String));
		expect(res.data.data).toEqual({
			id: expect.any(Number),
			phone_number_id: 1,
			to: DE_TO,
			body: 'Record check',
			user_id: c.sb.users.alice,
			segments: 1,
			segment_price: 0.09,
			total_cost: 0.09,
			status: 'sent',
			sms_sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
			created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
			updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
		});
	});
});

describe('POST /user/sms: errors', () => {
	it('rejects an unknown or foreign sender with 400 "From number not found"', async () => {
		for (const from of [9999, c.sb.store.phoneNumbers.find((p) => p.user_id === c.sb.users.bob && p.sms_capable)!.id]) {
			const res = await send('hi', DE_TO, from);
			expect([res.status, res.data]).toEqual([400, { message: 'From number not found' }]);
		}
	});

	it('rejects a sender without SMS, or with an expired subscription', async () => {
		const noSms = c.sb.store.phoneNumbers.find((p) => p.user_id === c.sb.users.alice && !p.sms_capable)!;
		const expired = c.sb.store.phoneNumbers.find((p) => p.user_id === c.sb.users.alice && p.sms_capable && p.subscription_expires_at !== null)!;
		for (const from of [noSms.id, expired.id]) {
			const res = await send('hi', DE_TO, from);
			expect([res.status, res.data]).toEqual([400, { message: 'From number is not SMS capable' }]);
		}
	});

	it('rejects an invalid recipient', async () => {
		for (const to of ['+49123', 'hello', '017612345678']) {
			const res = await send('hi', to);
			expect([res.status, res.data]).toEqual([400, { message: 'Invalid to phone number' }]);
		}
	});

	it('rejects when the balance does not cover the cost, charging nothing', async () => {
		c.sb.setBalance(c.sb.users.alice, 0.1);
		const res = await send('x'.repeat(161)); // 2 segments = 0.18
		expect([res.status, res.data]).toEqual([400, { message: 'Insufficient balance' }]);
		expect(alice().balance).toBe(0.1);
		expect((await send('x')).status).toBe(200); // 0.09 fits
		expect(alice().balance).toBeCloseTo(0.01, 6);
		c.sb.setBalance(c.sb.users.alice, 250);
		const carolNumber = c.sb.store.phoneNumbers.find((p) => p.user_id === c.sb.users.carol)!;
		const carol = await c.carol.post('/user/sms', { from: carolNumber.id, to: DE_TO, body: 'hi' });
		expect([carol.status, carol.data]).toEqual([400, { message: 'Insufficient balance' }]);
	});

	it('limits the body to 300 characters and requires every field', async () => {
		const long = await send('a'.repeat(301));
		expect(long.status).toBe(422);
		expect(long.data.errors).toEqual({ body: ['The body field must not be greater than 300 characters.'] });
		const empty = await c.alice.post('/user/sms', {});
		expect(Object.keys(empty.data.errors).sort()).toEqual(['body', 'from', 'to']);
	});

	it('reports a provider failure as 500 {message, error} without charging', async () => {
		const before = alice().balance;
		const count = c.sb.store.sms.length;
		const res = await send(`hello ${SIMULATE_FAILURE}`);
		expect(res.status).toBe(500);
		expect(res.data).toEqual({ message: 'Failed to send SMS', error: expect.any(String) });
		expect(alice().balance).toBe(before);
		expect(c.sb.store.sms.length).toBe(count);
	});
});
