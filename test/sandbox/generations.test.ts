/**
 * Each account speaks one generation of the classic API (docs/platform-facts.md, "Writes spelled differently"):
 * the other generation's paths answer the router's 404, as a host without that route would.
 */
import { clientFor, useClients } from './helpers';

const c = useClients({ reset: 'all' });
const control = () => clientFor(c.sb.origin);

it('every account speaks the reference generation until told otherwise', async () => {
	expect((await c.alice.put('/user/leads/1', { status: 'completed' })).data).toEqual({ message: 'Lead updated successfully' });
	const moved = await c.alice.put('/leads/1', { status: 'completed' });
	expect(moved.status).toBe(404);
	expect(moved.data).toEqual({ message: 'The route api/leads/1 could not be found.' });
	expect((await c.alice.post('/user/ai/generate-reply', { assistant_id: 1, customer_identifier: 'x', message: 'hi' })).status).toBe(404);
});

it('POST /sandbox/generation switches one account; the others keep theirs', async () => {
	const set = await control().post('/sandbox/generation', { generation: '2026', token: c.sb.tokens.alice });
	expect(set.status).toBe(200);
	expect(set.data.generations).toEqual([
		{ user_id: 1, generation: '2026' },
		{ user_id: 2, generation: 'reference' },
		{ user_id: 3, generation: 'reference' },
	]);
	expect((await c.alice.put('/leads/1', { status: 'completed' })).data).toEqual({ message: 'Lead successfully updated' });
	expect((await c.alice.put('/user/leads/1', { status: 'completed' })).status).toBe(404);
	const reply = await c.alice.post('/user/ai/generate-reply', { assistant_id: 1, customer_identifier: 'x', message: 'hi' });
	expect(reply.status).toBe(200);
	expect(reply.data.success).toBe(true);
	expect((await c.bob.put('/leads/4', { status: 'completed' })).status).toBe(404);
});

it('refuses an unknown generation or a token that names no account; reset() restores the option', async () => {
	expect((await control().post('/sandbox/generation', { generation: '2027' })).status).toBe(422);
	expect((await control().post('/sandbox/generation', { generation: '2026', token: 'nobody' })).status).toBe(422);
	expect((await control().post('/sandbox/generation', { generation: '2026' })).data.generations.every((g: { generation: string }) => g.generation === '2026')).toBe(true);
	c.sb.reset();
	expect(c.sb.store.users.every((u) => u.generation === 'reference')).toBe(true);
});
