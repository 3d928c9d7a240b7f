/**
 * Issue #22, "done when": every write works against a sandbox account of either API generation with
 * at most one refused request on the first item, and none on the next one (the host's form is
 * remembered). Each write runs twice per generation; the requests the sandbox refused are counted.
 */
import type { IDataObject } from 'n8n-workflow';

import { assistantCreateParams, byId, expectOk, jsonOf, useNodeSandbox } from './helpers';
import { createParams as sipTrunkParams } from './sipTrunk/helpers';

const t = useNodeSandbox();

/** Answers that mean "not in this form" (route or body refused): 404, 405, 422. */
const refused = () => t.requests().filter((r) => r.method !== 'GET' && [404, 405, 422].includes(r.status ?? 0));
const writes = () => t.requests().filter((r) => r.method !== 'GET');

let counter = 0;
const unique = () => `${Date.now() % 100000}${counter++}`;

/** Each write, with what it needs set up; `n` makes the two runs differ where a record must be new. */
const WRITES: Array<[string, (n: string) => Promise<IDataObject> | IDataObject]> = [
	['Assistant → Create', (n) => assistantCreateParams({ name: `Gen ${n}` })],
	['Assistant → Update', (n) => ({ resource: 'assistant', operation: 'update', assistantId: byId(1), updateFields: { name: `Renamed ${n}`, language: 'French' } })],
	['Assistant → Delete', async (n) => {
		const [created] = jsonOf(expectOk(await t.run(assistantCreateParams({ name: `Doomed ${n}` }))));
		return { resource: 'assistant', operation: 'delete', assistantId: byId(Number(created.id)) };
	}],
	['Lead → Create', (n) => ({ resource: 'lead', operation: 'create', campaignId: byId(4), phoneNumber: `+49176${n.padStart(8, '1').slice(-8)}`, variablesInput: 'none' })],
	['Lead → Update', () => ({ resource: 'lead', operation: 'update', leadId: '1', updateFields: { status: 'completed' } })],
	['Lead → Delete', () => ({ resource: 'lead', operation: 'delete', leadId: String(t.sb.store.leads.find((l) => l.user_id === t.sb.users.alice)!.id) })],
	['Campaign → Create', (n) => ({ resource: 'campaign', operation: 'create', name: `Campaign ${n}`, assistantId: byId(1) })],
	['Campaign → Delete', async (n) => {
		const [created] = jsonOf(expectOk(await t.run({ resource: 'campaign', operation: 'create', name: `Doomed ${n}`, assistantId: byId(1) })));
		return { resource: 'campaign', operation: 'delete', campaignId: byId(Number(created.id)) };
	}],
	['SMS → Send', () => ({ resource: 'sms', operation: 'send', from: 1, to: '+491512345678', body: 'Hello' })],
	['Conversation → Generate AI Reply', (n) => ({ resource: 'conversation', operation: 'generateReply', assistantId: byId(1), customerIdentifier: `c${n}`, message: 'Hi', variablesInput: 'none' })],
	['Conversation → Turn AI Off', async () => {
		const [created] = jsonOf(expectOk(await t.run({ resource: 'conversation', operation: 'create', assistantId: byId(1), variablesInput: 'none' })));
		return { resource: 'conversation', operation: 'disableAi', conversationId: String(created.conversation_id) };
	}],
	['Tool → Create', (n) => ({ resource: 'tool', operation: 'create', name: `tool_${n.replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`, description: 'A tool', endpoint: 'https://tools.example.com/x', method: 'POST' })],
	['Folder → Create', (n) => ({ resource: 'folder', operation: 'create', name: `Folder ${n}` })],
	['Label → Create', (n) => ({ resource: 'label', operation: 'create', name: `Label ${n}` })],
	['Knowledge Base → Create', (n) => ({ resource: 'knowledgeBase', operation: 'create', name: `KB ${n}` })],
	['Phone Number → Update Nickname', (n) => ({ resource: 'phoneNumber', operation: 'updateNickname', phoneNumberId: 1, nickname: `Line ${n}` })],
	['SIP Trunk → Create', (n) => ({ ...sipTrunkParams(), sipUsername: `pbx-${n}` })],
	['SIP Trunk → Update', (n) => ({ resource: 'sipTrunk', operation: 'update', sipTrunkId: byId(3), updateFields: { nickname: `Trunk ${n}` } })],
	['Account → Create API Key', (n) => ({ resource: 'account', operation: 'createApiKey', keyName: `Key ${n}` })],
	['White Label → Transfer Balance', () => ({ resource: 'whiteLabel', operation: 'transferBalance', identifyUserBy: 'id', userId: '3', transferOperation: 'add', transferType: 'minutes', amount: 1 })],
];

describe.each(['reference', '2026'] as const)('every write on a %s account', (generation) => {
	it.each(WRITES)('%s: at most one refused request the first time, none the second', async (_name, params) => {
		t.sb.setGeneration(generation, t.sb.users.alice);
		// Tools are capped at five per account by the plan: make room.
		t.sb.store.catalog.tools.splice(0, t.sb.store.catalog.tools.length);
		for (const round of [0, 1]) {
			const parameters = await params(unique());
			t.sb.clearRequests();
			const result = await t.run(parameters);
			expect(result.error?.message).toBeUndefined();
			expect(writes().length).toBeGreaterThanOrEqual(1);
			expect(refused().length).toBeLessThanOrEqual(round === 0 ? 1 : 0);
		}
	});
});
