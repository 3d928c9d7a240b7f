/**
 * Phone Number → Release: DELETE /user/phone-numbers/{id}. Dedicated numbers are scheduled for release
 * (a second release is the platform's 400, its words in the error); SIP and caller-ID numbers go at once.
 */
import type { INodeParameters } from 'n8n-workflow';

import { runAsAgentTool } from '../../security/agent-harness';
import { descriptionOf, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

const release = (phoneNumberId: string | number) => t.run({ resource: 'phoneNumber', operation: 'release', phoneNumberId });

describe('Phone Number → Release', () => {
	it('a dedicated number: released at the end of the billing period; releasing it again is refused in the platform\'s words', async () => {
		const [item] = jsonOf(expectOk(await release(2)));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/user/phone-numbers/2', body: null, status: 200 })]);
		expect(item).toEqual({
			id: 2,
			released: true,
			removed: 'endOfBillingPeriod',
			message: 'Phone number released successfully. It will be removed at the end of the billing period.',
		});
		expect(t.sb.store.phoneNumbers.some((n) => n.id === 2)).toBe(true);

		const again = await release(2);
		expect(again.error?.message).toBe('Phone number is already scheduled for release.');
		expect(t.requests().at(-1)).toMatchObject({ status: 400 });
	});

	it('a caller-ID number is removed at once', async () => {
		const [item] = jsonOf(expectOk(await release('4')));
		expect(item).toEqual({ id: 4, released: true, removed: 'immediately', message: 'Phone number deleted successfully.' });
		expect(t.sb.store.phoneNumbers.some((n) => n.id === 4)).toBe(false);
	});

	it('a SIP number is removed at once, with its trunk', async () => {
		expectOk(await release(7));
		expect(t.sb.store.sip.trunkOf(t.sb.users.alice, 7)).toBeUndefined();
		const gone = await release(7);
		expect(gone.error?.message).toBe('Phone number 7 was not found');
		expect(descriptionOf(gone)).toBe('The platform said: Phone number not found.');
	});

	it("does not touch another account's number", async () => {
		expect((await release(10)).error?.message).toBe('Phone number 10 was not found');
		expect(t.sb.store.phoneNumbers.some((n) => n.id === 10)).toBe(true);
	});

	it('checks the number before sending', async () => {
		expect((await release('abc')).error?.message).toBe('Phone Number must be a numeric ID (got "abc") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it("is refused as an AI agent's tool unless allowed: nothing sent", async () => {
		const run = await runAsAgentTool({ parameters: { resource: 'phoneNumber', operation: 'release', phoneNumberId: 1 } as INodeParameters, credentials: t.credentials, plan: [[{}]] });
		expect(run.rounds.flat()[0].error).toMatch(/releasing a phone number cannot be undone and ends what you pay for/);
		expect(t.requests()).toHaveLength(0);
	});
});
