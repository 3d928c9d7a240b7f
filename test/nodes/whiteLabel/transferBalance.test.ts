/** White Label → Transfer Balance: POST /white-label/transfer; money: agent opt-in; a clear 403 for other tokens. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runAsAgentTool } from '../../security/agent-harness';
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

const transfer = (overrides: IDataObject = {}, token?: string) =>
	t.run({ resource: 'whiteLabel', operation: 'transferBalance', identifyUserBy: 'id', userId: '3', transferOperation: 'add', transferType: 'minutes', amount: 60, ...overrides }, { token });

describe('White Label → Transfer Balance', () => {
	it('adds minutes: sent once, the user\'s and the reseller\'s balances in the output', async () => {
		const [item] = jsonOf(expectOk(await transfer()));
		expect(t.requests()).toEqual([
			expect.objectContaining({ method: 'POST', path: '/api/white-label/transfer', body: { user_id: 3, transfer_type: 'minutes', operation: 'add', amount: 60 }, status: 200 }),
		]);
		expect(item).toEqual({
			message: 'Transfer completed successfully.',
			transfer: { type: 'minutes', operation: 'add', amount: 60 },
			user: { id: 3, email: 'carol@example.com', name: 'Carol Example', minutes_balance: 90, credits_balance: 90 },
			your_balance: { minutes: 540 },
		});
	});

	it('credits cost the reseller minutes at 9 credits = 1 minute; Remove gives them back', async () => {
		const [added] = jsonOf(expectOk(await transfer({ transferType: 'credits', amount: 90, identifyUserBy: 'email', userEmail: 'carol@example.com' })));
		expect(added).toMatchObject({ user: { credits_balance: 180 }, your_balance: { minutes: 590 } });
		const [removed] = jsonOf(expectOk(await transfer({ transferType: 'credits', transferOperation: 'remove', amount: 180 })));
		expect(removed).toMatchObject({ user: { credits_balance: 0 }, your_balance: { minutes: 610 } });
	});

	it("passes the platform's refusal when a balance is short", async () => {
		expect((await transfer({ amount: 10_000 })).error?.message).toBe('Insufficient balance.');
	});

	it('checks the amount and the user before sending', async () => {
		expect((await transfer({ amount: 0 })).error?.message).toBe('Amount must be a number greater than 0 (got 0) [item 0]');
		expect((await transfer({ amount: -5 })).error?.message).toBe('Amount must be a number greater than 0 (got -5) [item 0]');
		expect((await transfer({ identifyUserBy: 'email', userEmail: 'carol' })).error?.message).toBe('Email must be an email address (got "carol") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it('a non-reseller token: the error names the operation and the token it needs; nothing moved', async () => {
		const result = await transfer({}, t.sb.tokens.bob);
		expect(result.error?.message).toBe("White Label → Transfer Balance needs the white-label admin (reseller) token; this credential's token is not one");
		expect(t.sb.store.whiteLabel.balances(3)).toEqual({ minutes_balance: 30, credits_balance: 90 });
	});

	it("is refused as an AI agent's tool unless allowed: nothing sent", async () => {
		const parameters = { resource: 'whiteLabel', operation: 'transferBalance', identifyUserBy: 'id', userId: '3', transferOperation: 'add', transferType: 'minutes', amount: 5 } as INodeParameters;
		const run = await runAsAgentTool({ parameters, credentials: t.credentials, plan: [[{}]] });
		expect(run.rounds.flat()[0].error).toMatch(/it moves balance \(money\) between accounts/);
		expect(t.requests()).toHaveLength(0);
	});
});
