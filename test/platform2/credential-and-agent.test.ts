/**
 * The Platform 2.0 credential's Test button (GET /me, which needs no scope) and its URL rule, and the
 * operations an AI agent may not run on its own word: paid, irreversible or explicitly confirmed ones.
 */
import { PLATFORM2_KEYS } from '../../sandbox';
import { testCredentials } from '../harness';
import { resetToolSends } from '../../nodes/VoiceAssistant/engine/agent/toolCalls';
import { runAsAgentTool } from '../security/agent-harness';
import { CREDENTIAL_TYPE, usePlatform2Node } from './helpers';

const p2 = usePlatform2Node();
const test2 = async (credentials: { apiKey: string; origin: string }) => await testCredentials(credentials, { credentialType: CREDENTIAL_TYPE });

describe('the Test button', () => {
	it('passes for a key of any scope, with GET /me', async () => {
		expect(await test2(p2.credentials('full'))).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(await test2(p2.credentials('assistantsRead'))).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(p2.requests().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/me', 'GET /api/v1/me']);
	});

	it('fails for a wrong key', async () => {
		expect(await test2({ apiKey: 'fam_wrong', origin: p2.sb.origin })).toEqual({
			status: 'Error',
			message: expect.stringContaining('The API key was not accepted (HTTP 401)'),
		});
	});

	it.each([
		['plain http:// to another host', 'http://app.famulor.io', 'must start with https://'],
		['a path', 'https://app.famulor.io/some/path', 'without a path'],
		['a port', 'https://app.famulor.io:8443', 'must not name a port'],
		['a user name before "@"', 'https://app.famulor.io@evil.example', 'user name or password'],
		['no URL at all', 'famulor', 'not a valid URL'],
	])('refuses an origin with %s before anything is sent', async (_what, origin, says) => {
		const result = await test2({ apiKey: PLATFORM2_KEYS.full, origin });
		expect(result.status).toBe('Error');
		expect(result.message).toContain(says);
		expect(p2.requests()).toHaveLength(0);
	});

	it('accepts the origin written with /api/v1 or a trailing slash', async () => {
		expect(await test2({ apiKey: PLATFORM2_KEYS.full, origin: `${p2.sb.origin}/api/v1/` })).toMatchObject({ status: 'OK' });
		expect(await test2({ apiKey: PLATFORM2_KEYS.full, origin: `${p2.sb.origin}/` })).toMatchObject({ status: 'OK' });
	});
});

describe('as an AI agent\'s tool', () => {
	beforeEach(() => resetToolSends());
	const asTool = async (parameters: Record<string, unknown>) =>
		await runAsAgentTool({ parameters: { accountKind: 'platform2', ...parameters }, credentials: p2.credentials(), credentialType: CREDENTIAL_TYPE, plan: [[{}]] });
	const sms = { resource: 'smsPlatform2', operation: 'sendSms', fromNumberId: { __rl: true, mode: 'id', value: '' }, to: '+4915123456789', body: 'Hello' };

	it('a paid operation (Send SMS) is refused unless the user allowed it: nothing sent', async () => {
		const numbers = p2.sb.platform2.list('A', '/phone-numbers');
		const run = await asTool({ ...sms, fromNumberId: { __rl: true, mode: 'id', value: String(numbers[0].id) } });
		expect(run.rounds.flat()[0].error).toMatch(/^Refused: "Send an SMS.*" was asked for by an AI agent, and it costs credits\./);
		expect(p2.requests().filter((r) => r.method === 'POST')).toHaveLength(0);
	});

	it('with "Allow When Called by an AI Agent" on, it is sent once', async () => {
		const numbers = p2.sb.platform2.list('A', '/phone-numbers');
		const run = await asTool({ ...sms, fromNumberId: { __rl: true, mode: 'id', value: String(numbers[0].id) }, allowForAiAgent: true });
		expect(run.rounds.flat()[0].error).toBeUndefined();
		expect(p2.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/sms/send')).toHaveLength(1);
	});

	it('an irreversible one (Delete Assistant) is refused too; a read is not limited', async () => {
		const [assistant] = p2.sb.platform2.list('A', '/assistants');
		const refused = await asTool({ resource: 'assistants', operation: 'deleteAssistant', id: { __rl: true, mode: 'id', value: String(assistant.id) } });
		expect(refused.rounds.flat()[0].error).toMatch(/it cannot be undone/);
		expect(p2.sb.platform2.list('A', '/assistants').some((a) => a.id === assistant.id)).toBe(true);
		const read = await asTool({ resource: 'assistants', operation: 'getAssistant', id: { __rl: true, mode: 'id', value: String(assistant.id) } });
		expect(read.rounds.flat()[0].error).toBeUndefined();
	});
});

describe('as an AI agent\'s tool: the operations guarded by rule (agent-guard.test.ts lists them all)', () => {
	beforeEach(() => resetToolSends());
	const asTool = async (parameters: Record<string, unknown>, mode: 'engine' | 'supplyData' = 'engine') =>
		await runAsAgentTool({ parameters: { accountKind: 'platform2', ...parameters }, credentials: p2.credentials(), credentialType: CREDENTIAL_TYPE, plan: [[{}]], mode });
	const writes = () => p2.requests().filter((r) => r.method !== 'GET');

	it('Delete Knowledge Base (with all its documents) is refused without the switch: nothing sent, the knowledge base is still there; with it, deleted once', async () => {
		const [kb] = p2.sb.platform2.list('A', '/knowledge-bases');
		const deleteKb = { resource: 'knowledgeBases', operation: 'deleteKnowledgeBase', id: { __rl: true, mode: 'id', value: String(kb.id) } };
		const refused = await asTool(deleteKb);
		expect(refused.rounds.flat()[0].error).toBe(
			'Refused: "Delete a knowledge base with all documents" was asked for by an AI agent, and it deletes or removes something on the platform. Only a person can allow it, with "Allow When Called by an AI Agent" on this tool.',
		);
		expect(writes()).toHaveLength(0);
		expect(p2.sb.platform2.list('A', '/knowledge-bases').some((k) => k.id === kb.id)).toBe(true);

		const allowed = await asTool({ ...deleteKb, allowForAiAgent: true });
		expect(allowed.rounds.flat()[0].error).toBeUndefined();
		expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /api/v1/knowledge-bases/${kb.id}`]);
		expect(p2.sb.platform2.list('A', '/knowledge-bases').some((k) => k.id === kb.id)).toBe(false);
	});

	it.each(['engine', 'supplyData'] as const)('Update Team Member Role is refused without the switch (%s path): the role stays; with it, changed', async (mode) => {
		const [member] = p2.sb.platform2.list('A', '/team-members');
		const roleOf = () => p2.sb.platform2.list('A', '/team-members').find((m) => m.id === member.id)?.role;
		const before = roleOf();
		const changeRole = { resource: 'workspaces', operation: 'updateTeamMemberRole', id: String(member.id), role: 'billing' };
		const refused = await asTool(changeRole, mode);
		expect(refused.rounds.flat()[0].error).toMatch(/^Refused: "Change a team member's role" was asked for by an AI agent, and it changes who may do what/);
		expect(writes()).toHaveLength(0);
		expect(roleOf()).toBe(before);

		const allowed = await asTool({ ...changeRole, allowForAiAgent: true }, mode);
		expect(allowed.rounds.flat()[0].error).toBeUndefined();
		expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /api/v1/team-members/${member.id}`]);
		expect(roleOf()).toBe('billing');
	});

	it.each([
		['transfer workspace ownership', { resource: 'workspaces', operation: 'transferWorkspaceOwnership', memberId: '0f8fad5b-d9cb-469f-a165-70867728950e', expectedOwnerUserId: '1f8fad5b-d9cb-469f-a165-70867728950e' }, /hands something over/],
		['create an API key', { resource: 'apiKeys', operation: 'createApiKey', name: 'agent key' }, /creates credentials/],
		['lift an opt-out', { resource: 'suppression', operation: 'removeSuppressionEntry', by: 'phone', phoneNumber: '+4915199999999' }, /deletes or removes/],
		['release a phone number', { resource: 'phoneNumbers', operation: 'releasePhoneNumber', id: { __rl: true, mode: 'id', value: '0f8fad5b-d9cb-469f-a165-70867728950e' } }, /gives up something the workspace holds/],
	])('an agent may not %s without the switch: nothing sent', async (_what, parameters, reason) => {
		const refused = await asTool(parameters);
		expect(refused.rounds.flat()[0].error).toMatch(reason);
		expect(refused.rounds.flat()[0].error).toMatch(/Allow When Called by an AI Agent/);
		expect(writes()).toHaveLength(0);
	});

	it('the tool description the agent reads says an opt-in operation is refused and why', async () => {
		const [kb] = p2.sb.platform2.list('A', '/knowledge-bases');
		const run = await asTool({ resource: 'knowledgeBases', operation: 'deleteKnowledgeBase', id: { __rl: true, mode: 'id', value: String(kb.id) } }, 'supplyData');
		expect(run.toolDescription).toContain('It deletes or removes something on the platform, so it runs only where a person allowed it on this tool ("Allow When Called by an AI Agent"); elsewhere it is refused.');
	});
});

describe('as an AI agent\'s tool, sends to a number', () => {
	beforeEach(() => resetToolSends());
	it('Create Call keeps to the tool\'s allowed number prefixes: another country is refused, nothing sent', async () => {
		const [assistant] = p2.sb.platform2.list('A', '/assistants');
		const run = await runAsAgentTool({
			parameters: { accountKind: 'platform2', resource: 'calls', operation: 'createCall', assistantId: { __rl: true, mode: 'id', value: String(assistant.id) }, toNumber: '+12125550123', allowedNumberPrefixes: '+49' },
			credentials: p2.credentials(),
			credentialType: CREDENTIAL_TYPE,
			plan: [[{}]],
		});
		expect(run.rounds.flat()[0].error).toBe('Refused: +12125550123 does not start with one of the number prefixes this tool may reach (+49)');
		expect(p2.requests().filter((r) => r.method === 'POST')).toHaveLength(0);
	});
});
