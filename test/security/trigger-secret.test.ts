/**
 * Issue #14, point 3: the trigger's secret is in no node output and not in static data; a
 * registration saved by 0.1.0 (secret in clear) keeps working and is migrated; a replayed delivery
 * starts no second execution.
 */
import type { IDataObject } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { MEMORY_ENTRIES, forgetProcessMemories } from '../../nodes/VoiceAssistant/trigger/recentMemory';
import { useSandbox } from '../helpers/sandbox';
import { runNode, runWebhook } from '../harness';
import { PRODUCTION_URL, VoiceAssistantTrigger, credentials, lifecycle, parameters, webhookSettings } from '../trigger/helpers';

const SECRET = /secret=([0-9a-f]{64})/;

const sb = useSandbox({ quiet: true, forgetProcessMemories: true });

async function activate(): Promise<{ staticData: IDataObject; secret: string }> {
	const hooks = lifecycle(sb, parameters(), { production: PRODUCTION_URL });
	expect(await hooks.run('create')).toBe(true);
	const secret = SECRET.exec(webhookSettings(sb, 1).webhook_url ?? '')?.[1] ?? '';
	expect(secret).toMatch(/^[0-9a-f]{64}$/);
	return { staticData: hooks.staticData, secret };
}

async function deliver(staticData: IDataObject, secret: string, body: IDataObject) {
	return await runWebhook(VoiceAssistantTrigger, {
		parameters: parameters(),
		credentials: credentials(sb),
		staticData,
		webhookUrl: PRODUCTION_URL,
		request: { method: 'POST', query: { secret }, body },
	});
}

describe('the secret stays out of outputs and static data', () => {
	it.each([
		['Get Many, simplified', { operation: 'getMany', returnAll: true, simple: true }],
		['Get Many, raw records', { operation: 'getMany', returnAll: true, simple: false }],
		['Get Many Outbound', { operation: 'getManyOutbound', returnAll: true }],
	])('%s', async (_name, operation) => {
		const { secret } = await activate();
		// the inbound slot too: the same assistant's inbound URL carries a (foreign) secret
		sb.store.assistants.find((a) => a.id === 1)!.inbound_webhook_url = `https://hooks.example/in?secret=${'a'.repeat(64)}&x=1`;
		const { items, error } = await runNode({
			node: VoiceAssistant,
			parameters: { resource: 'assistant', ...operation },
			credentials: credentials(sb),
		});
		expect(error).toBeUndefined();
		const output = JSON.stringify(items);
		expect(output).not.toContain(secret);
		expect(output).not.toContain('a'.repeat(64));
		if (operation.operation === 'getMany') expect(output).toContain('secret=***');
	});

	it('static data holds only the hash, and deliveries with the secret still start the workflow', async () => {
		const { staticData, secret } = await activate();
		expect(JSON.stringify(staticData)).not.toContain(secret);
		const result = await deliver(staticData, secret, { id: 901, status: 'completed', assistant_id: 1 });
		expect(result.workflowData?.[0]).toHaveLength(1);
	});

	it('a registration saved by 0.1.0 (secret in clear) keeps working and loses the clear secret', async () => {
		const { staticData, secret } = await activate();
		// what 0.1.0 saved: the secret and the URL with it
		const saved = staticData.production as IDataObject;
		delete saved.secretHash;
		saved.secret = secret;
		saved.url = `${PRODUCTION_URL}?secret=${secret}`;

		const result = await deliver(staticData, secret, { id: 902, status: 'completed', assistant_id: 1 });
		expect(result.workflowData?.[0]).toHaveLength(1);
		expect(JSON.stringify(staticData)).not.toContain(secret);
		const hooks = lifecycle(sb, parameters(), { production: PRODUCTION_URL }, staticData);
		expect(await hooks.run('checkExists')).toBe(true);
		expect((await deliver(staticData, 'f'.repeat(64), { id: 903, status: 'completed' })).response.statusCode).toBe(401);
	});
});

describe('replayed deliveries', () => {
	it('5 replays of one delivery start 1 execution; the others are acknowledged as duplicates', async () => {
		const { staticData, secret } = await activate();
		const body = { id: 777, status: 'completed', assistant_id: 1 };
		const results = [];
		for (let i = 0; i < 5; i++) results.push(await deliver(staticData, secret, { ...body }));
		expect(results.filter((r) => r.workflowData)).toHaveLength(1);
		for (const r of results.slice(1)) expect(r.webhookResponse).toMatchObject({ executed: false, reason: 'duplicate' });
	});

	it('the same call with another status is a new delivery', async () => {
		const { staticData, secret } = await activate();
		expect((await deliver(staticData, secret, { id: 778, status: 'in-progress' })).workflowData).toBeDefined();
		expect((await deliver(staticData, secret, { id: 778, status: 'completed' })).workflowData).toBeDefined();
	});

	it('inbound deliveries without a call id are never taken for replays (documented choice)', async () => {
		// Only Inbound Call Completed accepts a delivery without a call id (issue #19, finding 9).
		const inboundParameters = parameters({ event: 'inboundCallCompleted' }, 2);
		const hooks = lifecycle(sb, inboundParameters, { production: PRODUCTION_URL });
		expect(await hooks.run('create')).toBe(true);
		const secret = SECRET.exec(webhookSettings(sb, 2).inbound_webhook_url ?? '')?.[1] ?? '';
		const inbound = { customer_phone: '+4917612345670', assistant_phone: '+4930123456' };
		const deliverInbound = async () =>
			await runWebhook(VoiceAssistantTrigger, {
				parameters: inboundParameters,
				credentials: credentials(sb),
				staticData: hooks.staticData,
				webhookUrl: PRODUCTION_URL,
				request: { method: 'POST', query: { secret }, body: inbound },
			});
		expect((await deliverInbound()).workflowData).toBeDefined();
		expect((await deliverInbound()).workflowData).toBeDefined();
	});

	it(`memory is bounded: n8n's database keeps the newest ${MEMORY_ENTRIES}, so after a restart the oldest is forgotten`, async () => {
		const { staticData, secret } = await activate();
		expect((await deliver(staticData, secret, { id: 1, status: 'completed' })).workflowData).toBeDefined();
		for (let id = 2; id <= MEMORY_ENTRIES + 1; id++) await deliver(staticData, secret, { id, status: 'completed' });
		expect(staticData.acceptedDeliveries).toHaveLength(MEMORY_ENTRIES);
		forgetProcessMemories(); // n8n restarted: only what its database keeps
		expect((await deliver(staticData, secret, { id: MEMORY_ENTRIES + 1, status: 'completed' })).workflowData).toBeUndefined();
		expect((await deliver(staticData, secret, { id: 1, status: 'completed' })).workflowData).toBeDefined();
	});
});
