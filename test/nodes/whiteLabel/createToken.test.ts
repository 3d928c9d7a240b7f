/** White Label → Create Token: POST /white-label/token {user_id | email, token_name}; the token works for that user. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('White Label → Create Token', () => {
	it('by user ID, with the default token name; the token works as that user', async () => {
		const [item] = jsonOf(expectOk(await t.run({ resource: 'whiteLabel', operation: 'createToken', identifyUserBy: 'id', userId: '3' })));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/white-label/token', body: { user_id: 3, token_name: 'api-token' }, status: 200 })]);
		expect(item).toEqual({ user_id: 3, name: 'Carol Example', email: 'carol@example.com', token: expect.stringMatching(/^\d+\|/), token_name: 'api-token', message: 'Token created successfully.' });
		const [me] = jsonOf(expectOk(await t.run({ resource: 'account', operation: 'get' }, { token: item.token as string })));
		expect(me.email).toBe('carol@example.com');
	});

	it('by email, with a token name', async () => {
		expectOk(await t.run({ resource: 'whiteLabel', operation: 'createToken', identifyUserBy: 'email', userEmail: ' carol@example.com ', keyLabel: 'crm' }));
		expect(t.requests()[0].body).toEqual({ email: 'carol@example.com', token_name: 'crm' });
	});

	it('names the user on 404 (not one of the reseller\'s users) and checks the ID first', async () => {
		expect((await t.run({ resource: 'whiteLabel', operation: 'createToken', identifyUserBy: 'id', userId: '2' })).error?.message).toBe('User 2 was not found');
		expect((await t.run({ resource: 'whiteLabel', operation: 'createToken', identifyUserBy: 'email', userEmail: 'bob@example.com' })).error?.message).toBe(
			'The user bob@example.com was not found',
		);
		t.sb.clearRequests();
		expect((await t.run({ resource: 'whiteLabel', operation: 'createToken', identifyUserBy: 'id', userId: 'carol' })).error?.message).toBe('User ID must be a numeric ID (got "carol") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});
});
