/** White Label → Register User: POST /white-label/register; the password is sent, never output nor quoted. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runAsAgentTool } from '../../security/agent-harness';
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const PASSWORD = 'n3w-User-pass';

const register = (overrides: IDataObject = {}, token?: string) =>
	t.run({ resource: 'whiteLabel', operation: 'registerUser', userName: 'Dora Client', userEmail: 'dora@example.com', userPassword: PASSWORD, ...overrides }, { token });

describe('White Label → Register User', () => {
	it('registers the user (time zone Europe/Bucharest unless given); outputs the user and its token, never the password', async () => {
		const [item] = jsonOf(expectOk(await register()));
		expect(t.requests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/api/white-label/register',
				body: { name: 'Dora Client', email: 'dora@example.com', password: PASSWORD, timezone: 'Europe/Bucharest' },
				status: 201,
			}),
		]);
		expect(item).toEqual({ id: expect.any(Number), name: 'Dora Client', email: 'dora@example.com', token: expect.stringMatching(/^\d+\|/), message: 'Registration successful.' });
		expect(JSON.stringify(item)).not.toContain(PASSWORD);
		// the new user has an account of their own: the token works, and sees none of alice's records
		const [me] = jsonOf(expectOk(await t.run({ resource: 'account', operation: 'get' }, { token: item.token as string })));
		expect(me).toMatchObject({ email: 'dora@example.com', balance: 0 });
		expect(jsonOf(expectOk(await t.run({ resource: 'tool', operation: 'getMany', returnAll: true }, { token: item.token as string })))).toEqual([]);
	});

	it('checks name, email, password and time zone before sending, never quoting the password', async () => {
		expect((await register({ userEmail: 'dora.example.com' })).error?.message).toBe('Email must be an email address (got "dora.example.com") [item 0]');
		expect((await register({ userPassword: 'short' })).error?.message).toBe('Password must be at least 8 characters [item 0]');
		expect((await register({ userTimezone: 'Mars/Olympus' })).error?.message).toBe('Timezone must be a time zone name such as Europe/Berlin (got "Mars/Olympus") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it("passes a taken email in the platform's words, without the password", async () => {
		const result = await register({ userEmail: 'bob@example.com' });
		expect(result.error?.message).toBe('The given data was invalid.: email');
		expect(JSON.stringify({ ...(result.recordedError as object), node: undefined })).not.toContain(PASSWORD);
	});

	it('is refused clearly for a token that is not a reseller\'s', async () => {
		expect((await register({}, t.sb.tokens.carol)).error?.message).toBe(
			"White Label → Register User needs the white-label admin (reseller) token; this credential's token is not one",
		);
	});

	it("is refused as an AI agent's tool unless allowed", async () => {
		const parameters = { resource: 'whiteLabel', operation: 'registerUser', userName: 'A', userEmail: 'a@example.com', userPassword: PASSWORD } as INodeParameters;
		const run = await runAsAgentTool({ parameters, credentials: t.credentials, plan: [[{}]] });
		expect(run.rounds.flat()[0].error).toMatch(/it creates an account and a secret token for it/);
		expect(t.requests()).toHaveLength(0);
	});
});
