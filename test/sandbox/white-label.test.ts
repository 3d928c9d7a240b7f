/**
 * The white-label admin API (Autocalls docs): only the reseller's token (alice) may use it; register
 * creates an isolated user with a token of its own; tokens by user ID or email; transfers (9 credits = 1 minute).
 */
import { useClients } from './helpers';

const c = useClients({ reset: 'all' });

describe('white label', () => {
	it('403 for a token that is not a reseller\'s, on every route', async () => {
		for (const request of [
			c.bob.get('/white-label/users'),
			c.carol.post('/white-label/register', { name: 'X', email: 'x@example.com', password: 'password1' }),
			c.bob.post('/white-label/token', { user_id: 3 }),
			c.carol.post('/white-label/transfer', { user_id: 3, transfer_type: 'minutes', operation: 'add', amount: 1 }),
		]) {
			const answer = await request;
			expect([answer.status, answer.data]).toEqual([403, { message: 'This action is unauthorized. White label admin access required.' }]);
		}
		expect(c.sb.store.users).toHaveLength(3);
	});

	it("lists the reseller's users with balances in {data}", async () => {
		const list = await c.alice.get('/white-label/users');
		expect([list.status, list.data.data]).toEqual([200, [{ id: 3, name: 'Carol Example', email: 'carol@example.com', minutes_balance: 30, credits_balance: 90, created_at: expect.any(String) }]]);
	});

	it('registers a user with a token of its own; the user sees only its own records and is listed', async () => {
		const created = await c.alice.post('/white-label/register', { name: 'Dora', email: 'dora@example.com', password: 'password1' });
		expect(created.status).toBe(201);
		expect(created.data).toEqual({ message: 'Registration successful.', user: { id: 4, name: 'Dora', email: 'dora@example.com' }, token: expect.stringMatching(/^4\|[0-9a-f]{40}$/) });
		const dora = c.client(created.data.token);
		expect((await dora.get('/user/me')).data).toEqual({ name: 'Dora', email: 'dora@example.com', total_balance: 0 });
		expect((await dora.get('/user/phone-numbers/all')).data.data).toEqual([]);
		expect((await dora.get('/white-label/users')).status).toBe(403);
		expect((await c.alice.get('/white-label/users')).data.data.map((u: { id: number }) => u.id)).toEqual([3, 4]);
		expect((await c.bob.get('/user/api-keys')).data.api_keys.map((k: { id: number }) => k.id)).toEqual([3]);
	});

	it('validates registration: taken email, short password, bad time zone', async () => {
		const answer = await c.alice.post('/white-label/register', { name: 'X', email: 'bob@example.com', password: 'short', timezone: 'Mars/Base' });
		expect(answer.status).toBe(422);
		expect(answer.data.errors).toEqual({
			email: ['The email has already been taken.'],
			password: ['The password field must be at least 8 characters.'],
			timezone: ['The timezone field must be a valid timezone.'],
		});
	});

	it('creates tokens by user ID or email (default name api-token); only for the reseller\'s users', async () => {
		const byId = await c.alice.post('/white-label/token', { user_id: 3 });
		expect(byId.data).toEqual({ message: 'Token created successfully.', user: { id: 3, name: 'Carol Example', email: 'carol@example.com' }, token: expect.any(String), token_name: 'api-token' });
		expect((await c.client(byId.data.token).get('/user/me')).data.email).toBe('carol@example.com');
		const byEmail = await c.alice.post('/white-label/token', { email: 'carol@example.com', token_name: 'crm' });
		expect(byEmail.data.token_name).toBe('crm');
		expect((await c.carol.get('/user/api-keys')).data.api_keys.map((k: { name: string }) => k.name)).toEqual(['api-token', 'crm']);
		for (const body of [{ user_id: 2 }, { email: 'bob@example.com' }]) {
			const refused = await c.alice.post('/white-label/token', body);
			expect([refused.status, refused.data]).toEqual([404, { message: 'User not found.' }]);
		}
		expect((await c.alice.post('/white-label/token', {})).status).toBe(422);
	});

	it('transfers minutes and credits (9 credits = 1 minute) both ways; refuses a short balance and amounts of 0', async () => {
		const add = await c.alice.post('/white-label/transfer', { user_id: 3, transfer_type: 'credits', operation: 'add', amount: 45 });
		expect(add.data).toEqual({
			message: 'Transfer completed successfully.',
			transfer: { type: 'credits', operation: 'add', amount: 45 },
			user: { id: 3, email: 'carol@example.com', name: 'Carol Example', minutes_balance: 30, credits_balance: 135 },
			your_balance: { minutes: 595 },
		});
		const remove = await c.alice.post('/white-label/transfer', { email: 'carol@example.com', transfer_type: 'minutes', operation: 'remove', amount: 30 });
		expect(remove.data).toMatchObject({ user: { minutes_balance: 0 }, your_balance: { minutes: 625 } });
		const short = await c.alice.post('/white-label/transfer', { user_id: 3, transfer_type: 'minutes', operation: 'remove', amount: 1 });
		expect([short.status, short.data]).toEqual([400, { message: 'The user does not have enough balance.' }]);
		const tooMuch = await c.alice.post('/white-label/transfer', { user_id: 3, transfer_type: 'minutes', operation: 'add', amount: 1000 });
		expect([tooMuch.status, tooMuch.data]).toEqual([400, { message: 'Insufficient balance.' }]);
		const zero = await c.alice.post('/white-label/transfer', { user_id: 3, transfer_type: 'minutes', operation: 'add', amount: 0 });
		expect([zero.status, zero.data.errors]).toEqual([422, { amount: ['The amount field must be greater than 0.'] }]);
		const other = await c.alice.post('/white-label/transfer', { user_id: 2, transfer_type: 'minutes', operation: 'add', amount: 1 });
		expect(other.status).toBe(404);
	});
});
