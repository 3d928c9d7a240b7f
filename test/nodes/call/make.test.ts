/**
 * Call → Make: make_call with the customer number, assistant and variables, and the platform
 * refusing an inbound assistant. Number normalisation: ../phone-numbers.test.ts; waiting for the end: test/wait/.
 */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Call → Make', () => {
	it('posts make_call with the customer number, assistant and variables', async () => {
		const result = await t.run({
			resource: 'call',
			operation: 'make',
			assistantId: fromList(1),
			phoneNumber: '+49 176 12345670',
			variablesInput: 'pairs',
			variables: { pairs: [{ name: 'customer_name', value: 'Jonas' }] },
		});
		const [item] = jsonOf(expectOk(result));
		expect(t.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/user/make_call',
			body: { phone_number: '+4917612345670', assistant_id: 1, variables: { customer_name: 'Jonas' } },
		});
		expect(item).toMatchObject({
			assistant_id: 1,
			phone_number: '+4917612345670',
			variables: { customer_name: 'Jonas' },
			message: 'Call initiated successfully',
			call_id: expect.any(Number),
		});
		expect(t.sb.store.calls.some((c) => c.id === item.call_id)).toBe(true);
	});

	it('reports the platform refusing an inbound assistant', async () => {
		const result = await t.run({
			resource: 'call',
			operation: 'make',
			assistantId: byId(2),
			phoneNumber: '+4917612345670',
			variablesInput: 'none',
		});
		expect(result.error?.message).toBe('Assistant is not configured for outbound calls');
		expect((result.error as { httpCode?: string }).httpCode).toBe('400');
	});
});
