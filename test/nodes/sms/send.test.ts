/**
 * SMS → Send: from a number ID or the number itself to the normalised recipient, the segment count
 * (GSM-7 and Unicode, as the platform bills), and the platform refusing a number that cannot send SMS.
 */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('SMS → Send', () => {
	it('sends from the number ID to the normalised recipient and shows the segment count', async () => {
		const text = 'Your appointment is confirmed for Monday 10:00. Reply STOP to opt out.';
		const result = await t.run({
			resource: 'sms',
			operation: 'send',
			from: 1,
			to: '0151 2345678',
			body: text,
			defaultCountry: 'DE',
		});
		const [sms] = jsonOf(expectOk(result));
		expect(t.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/user/sms',
			body: { from: 1, to: '+491512345678', body: text },
		});
		expect(sms).toMatchObject({
			phone_number_id: 1,
			to: '+491512345678',
			status: 'sent',
			segments: 1,
			encoding: 'GSM-7',
			estimated_segments: 1,
		});
	});

	it('a 2026 host answers with a receipt (sms_id, the sender as a number): output as it came, with its ID also as id', async () => {
		t.sb.setGeneration('2026', t.sb.users.alice);
		const [sms] = jsonOf(expectOk(await t.run({ resource: 'sms', operation: 'send', from: 1, to: '+491512345678', body: 'Hello' })));
		expect(sms).toMatchObject({ sms_id: expect.any(Number), from: expect.stringMatching(/^\+/), to: '+491512345678', segments: 1, status: 'sent', message: 'SMS sent successfully' });
		expect(sms.id).toBe(sms.sms_id);
		expect(t.requests()).toHaveLength(1);
	});

	it('counts Unicode segments (70 characters) for text with emoji, matching what the platform bills', async () => {
		const text = `${'Hallo 👋 '.repeat(10)}`.trim();
		const [sms] = jsonOf(expectOk(await t.run({ resource: 'sms', operation: 'send', from: 6, to: '+14155552671', body: text })));
		expect(sms.encoding).toBe('Unicode');
		expect(sms.estimated_segments).toBe(Math.ceil(text.length / 70));
		expect(sms.estimated_segments).toBe(sms.segments);
	});

	it('accepts the sender as the phone number itself (looked up among the user numbers)', async () => {
		const [sms] = jsonOf(
			expectOk(await t.run({ resource: 'sms', operation: 'send', from: '+49 157 92345601', to: '+14155552671', body: 'Hi' })),
		);
		expect(sms.phone_number_id).toBe(1);
		expect(t.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/user/assistants/phone-numbers',
			'POST /api/user/sms',
		]);
		expect((t.requests()[1].body as { from: number }).from).toBe(1);
	});

	it('passes the platform refusal of a number that cannot send SMS', async () => {
		const result = await t.run({ resource: 'sms', operation: 'send', from: 2, to: '+14155552671', body: 'Hi' });
		expect(result.error?.message).toBe('From number is not SMS capable');
	});
});
