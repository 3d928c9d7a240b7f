/** Account → Get: GET /user/me read into name, email and the balance as a number, for the token used. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Account → Get', () => {
	it('reads GET /user/me: name, email and the balance as a number', async () => {
		const [item] = jsonOf(expectOk(await t.run({ resource: 'account', operation: 'get' })));
		expect(item).toEqual({ name: 'Alice Example', email: 'alice@example.com', balance: 250 });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/me' })]);
		const [bob] = jsonOf(expectOk(await t.run({ resource: 'account', operation: 'get' }, { token: t.sb.tokens.bob })));
		expect(bob).toMatchObject({ name: 'Bob Example', balance: 80 });
	});
});
