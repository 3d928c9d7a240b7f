/**
 * Phone numbers as people type them → E.164 (shared/phone.ts), and the same rules through the node:
 * Default Country, the error naming field / item / value, nothing sent for a bad number.
 */
import { checkPhoneNumber } from '../../nodes/VoiceAssistant/shared/phone';
import { byId, expectOk, jsonOf, useNodeSandbox } from './helpers';

const valid: Array<[input: string | number, country: string | undefined, e164: string]> = [
	['+49 151 2345678', undefined, '+491512345678'],
	['0151 2345678', 'DE', '+491512345678'],
	['0151-234 5678', 'de', '+491512345678'],
	['+49 (0) 151 2345678', undefined, '+491512345678'],
	['0049 151 2345678', undefined, '+491512345678'],
	['030 22334455', 'DE', '+493022334455'],
	['4915123456789', 'DE', '+4915123456789'],
	[4915123456789, 'DE', '+4915123456789'],
	['(415) 555-2671', 'US', '+14155552671'],
	['415.555.2671', 'us', '+14155552671'],
	['+1 (415) 555-2671', undefined, '+14155552671'],
	['001 415 555 2671', 'DE', '+14155552671'],
	['+49 151 2345678', 'US', '+491512345678'],
	['020 7946 0958', 'GB', '+442079460958'],
	['06 12 34 56 78', 'FR', '+33612345678'],
	['0664 1234567', 'AT', '+436641234567'],
	['044 668 18 00', 'CH', '+41446681800'],
	['+41 44 668 18 00', undefined, '+41446681800'],
	['612 34 56 78', 'ES', '+34612345678'],
	['06-12345678', 'NL', '+31612345678'],
	['333 123 4567', 'IT', '+393331234567'],
	['0412 345 678', 'AU', '+61412345678'],
	['+81 90-1234-5678', undefined, '+819012345678'],
	['98765 43210', 'IN', '+919876543210'],
	['+55 11 91234-5678', undefined, '+5511912345678'],
];

const invalid: Array<[input: unknown, country: string | undefined, reason: string]> = [
	['0151 2345678', undefined, 'has no country code'],
	['(415) 555-2671', undefined, 'has no country code'],
	['4915123456789', undefined, 'has no country code'],
	['0151 2345678', 'XX', 'has no country code'],
	['hello', 'DE', 'contains letters'],
	['', 'DE', 'is empty'],
	['   ', undefined, 'is empty'],
	[null, 'DE', 'is empty'],
	['+49 123', undefined, 'is too short to be a phone number for DE'],
	['+1 555 0100', undefined, 'is too short to be a phone number'],
	['+1 415 555 267', undefined, 'is too short to be a phone number'],
	['07700 900123', 'GB', 'is not a valid phone number for GB'],
	['+999 1234567', undefined, 'is not a phone number'],
	['+44 7700 900123 ext. 5', undefined, 'has an extension (ext. 5)'],
	[4.2e21, 'DE', 'is not a phone number'],
];

/**
 * Inputs the node used to alter or wrongly accept (first group: the old parser dropped the part it
 * could not read and sent the rest, which calls somebody else) and inputs it refused with a vague
 * reason. Each must be refused, naming the field, the item and why.
 */
const refused: Array<[input: string, country: string | undefined, reason: string]> = [
	['+49 151 2345 67x8', undefined, 'has an extension (x8), which the platform cannot dial'],
	['+49 151 2345678 ext. 12', undefined, 'has an extension (ext. 12)'],
	['+49 151 2345678 ext12', undefined, 'has an extension (ext12)'],
	['+49 151 2345678 ext 12', 'DE', 'has an extension (ext 12)'],
	['+1 415 555 2671 #12', undefined, 'has an extension (#12)'],
	['+1 415 555 2671;ext=12', undefined, 'has an extension (;ext=12)'],
	['+1 415 555 2671 x 3', undefined, 'has an extension (x 3)'],
	['Tel: +49 151 2345678', 'DE', 'contains letters'],
	['+49 151 2345678 mobil', undefined, 'contains letters'],
	['+49 151 2345678 (Büro)', undefined, 'contains letters'],
	['+49 151 2345678 - ask for Anna', undefined, 'contains letters'],
	['+49 151 2345678 *', undefined, 'contains characters that are not part of a phone number'],
	['1-800-FLOWERS', 'US', 'contains letters'],
	['+49 12', undefined, 'is too short to be a phone number for DE'],
	['+1 415 555 26710', undefined, 'is too long to be a phone number'],
	['+49 151 2345678, +49 152 3456789', undefined, 'holds more than one number'],
	['0151 2345678 oder 0152 3456789', 'DE', 'holds more than one number'],
	['+49 151 2345678 +49 152 3456789', undefined, 'holds more than one number'],
	['+49 151 2345678\n+49 152 3456789', undefined, 'holds more than one number'],
];

describe('shared/phone.ts checkPhoneNumber', () => {
	it.each(valid)('%p with default country %p → %p', (input, country, e164) => {
		expect(checkPhoneNumber(input, country)).toEqual({ valid: true, e164 });
	});

	it.each(invalid)('%p with default country %p is rejected: %p', (input, country, reason) => {
		const result = checkPhoneNumber(input, country);
		expect(result.valid).toBe(false);
		expect(result.valid === false && result.reason).toContain(reason);
	});

	it.each(refused)('%p with default country %p is refused, never altered: %p', (input, country, reason) => {
		const result = checkPhoneNumber(input, country);
		expect(result).toEqual({ valid: false, reason: expect.stringContaining(reason) });
	});
});

describe('phone numbers through the node', () => {
	const t = useNodeSandbox();

	it('normalises Make Call numbers with the node-level Default Country, per item', async () => {
		const result = await t.run(
			{
				resource: 'call',
				operation: 'make',
				assistantId: byId(1),
				phoneNumber: '={{ $json.phone }}',
				variablesInput: 'none',
				defaultCountry: 'DE',
			},
			{ items: [{ phone: '0151 2345678' }, { phone: '+1 (415) 555-2671' }, { phone: '0049 30 22334455' }] },
		);
		expect(jsonOf(expectOk(result)).map((j) => j.phone_number)).toEqual([
			'+491512345678',
			'+14155552671',
			'+493022334455',
		]);
		expect(t.requests().map((r) => (r.body as { phone_number: string }).phone_number)).toEqual([
			'+491512345678',
			'+14155552671',
			'+493022334455',
		]);
	});

	it('uses a Default Country given by expression as an ISO code', async () => {
		const result = await t.run(
			{
				resource: 'lead',
				operation: 'create',
				campaignId: byId(4),
				phoneNumber: '(415) 555-2671',
				variablesInput: 'none',
				defaultCountry: '={{ $json.country }}',
			},
			{ items: [{ country: 'us' }] },
		);
		expect(jsonOf(expectOk(result))[0].phone_number).toBe('+14155552671');
		expect((t.requests()[0].body as { phone_number: string }).phone_number).toBe('+14155552671');
	});

	it('fails an invalid number naming field, item and value, and sends nothing, not even the valid items', async () => {
		const result = await t.run(
			{ resource: 'sms', operation: 'send', from: 1, to: '={{ $json.to }}', body: 'Hi', defaultCountry: 'DE' },
			{ items: [{ to: '+49 151 2345678' }, { to: '12' }] },
		);
		expect(result.error?.message).toBe('1 item is invalid, so none of the 2 items was sent: To "12" is too short to be a phone number for DE [item 1]');
		expect(t.requests()).toHaveLength(0);
	});

	it('refuses every altered or ambiguous number in a batch, each naming field and item, and calls nobody', async () => {
		const result = await t.run(
			{ resource: 'call', operation: 'make', assistantId: byId(1), phoneNumber: '={{ $json.phone }}', variablesInput: 'none', defaultCountry: '={{ $json.country }}' },
			{ items: refused.map(([phone, country]) => ({ phone, country: country ?? '' })), continueOnFail: true },
		);
		expect(result.items).toHaveLength(refused.length);
		result.items.forEach((item, index) => {
			const [input, , reason] = refused[index];
			expect(item.pairedItem).toEqual({ item: index });
			expect(String(item.json.error)).toContain(`Customer Phone Number "${input}" ${reason}`);
			expect(String(item.json.error)).toMatch(new RegExp(`\\[item ${index}\\]$`));
		});
		expect(t.requests()).toHaveLength(0);
	});

	it('quotes a long input only in part', async () => {
		const long = `+49 151 2345678 ${'x'.repeat(5000)}`;
		const result = await t.run({ resource: 'call', operation: 'make', assistantId: byId(1), phoneNumber: long, variablesInput: 'none' });
		expect(result.error?.message.length).toBeLessThan(300);
		expect(t.requests()).toHaveLength(0);
	});

	it('rejects a Default Country that is not an ISO code', async () => {
		const result = await t.run({
			resource: 'call',
			operation: 'getMany',
			filters: { phoneNumber: '0151 2345678' },
			defaultCountry: 'Germany',
		});
		expect(result.error?.message).toBe(
			'Default Country must be a two-letter ISO country code such as DE or US (got "Germany") [item 0]',
		);
		expect(t.requests()).toHaveLength(0);
	});

	it('normalises the customer number filter of Call → Get Many', async () => {
		expectOk(
			await t.run({
				resource: 'call',
				operation: 'getMany',
				filters: { phoneNumber: '0151 2345678' },
				defaultCountry: 'DE',
			}),
		);
		expect(t.requests()[0].query.phone_number).toBe('+491512345678');
	});
});
