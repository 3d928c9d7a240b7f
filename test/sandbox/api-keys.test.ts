/** API keys (Autocalls docs): list without secrets, create (token once, usable as a bearer token), delete, isolation. */
import { useClients } from './helpers';

const c = useClients({ reset: 'all' });

describe('API keys', () => {
	it('lists the account\'s keys in {api_keys}, never a token', async () => {
		const list = await c.alice.get('/user/api-keys');
		expect(list.status).toBe(200);
		expect(list.data.api_keys.map((k: { id: number }) => k.id)).toEqual([1, 2]);
		expect(Object.keys(list.data.api_keys[0]).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);
		expect(JSON.stringify(list.data)).not.toMatch(/seeded-alice-key/);
		expect((await c.bob.get('/user/api-keys')).data.api_keys.map((k: { id: number }) => k.id)).toEqual([3]);
	});

	it('creates a key: the token is in the answer once and works as a bearer token for that user only', async () => {
		const created = await c.bob.post('/user/api-keys', { name: 'Reporting' });
		expect(created.status).toBe(201);
		expect(created.data).toEqual({ message: 'API key created successfully.', api_key: { name: 'Reporting', token: expect.stringMatching(/^4\|[0-9a-f]{40}$/), created_at: expect.any(String) } });
		const asKey = c.client(created.data.api_key.token);
		expect((await asKey.get('/user/me')).data.email).toBe('bob@example.com');
		expect((await asKey.get('/user/api-keys')).data.api_keys.find((k: { id: number }) => k.id === 4).last_used_at).not.toBeNull();
		expect((await asKey.get('/user/tools')).data.map((t: { id: number }) => t.id)).toEqual([3]);
		const noName = await c.bob.post('/user/api-keys', {});
		expect([noName.status, noName.data.errors]).toEqual([422, { name: ['The name field is required.'] }]);
	});

	it('deletes a key (its token is refused from then on); another account\'s key is 404', async () => {
		expect((await c.bob.delete('/user/api-keys/1')).status).toBe(404);
		const gone = await c.alice.delete('/user/api-keys/1');
		expect([gone.status, gone.data]).toEqual([200, { message: 'API key deleted successfully.' }]);
		expect((await c.client('1|seeded-alice-key-zapier').get('/user/me')).status).toBe(401);
		expect((await c.alice.delete('/user/api-keys/1')).status).toBe(404);
	});
});
