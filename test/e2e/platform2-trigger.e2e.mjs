// The trigger on a Platform 2.0 account in a running n8n (`n8n start`), version 5 with Account Kind
// "Famulor Platform 2.0" and the 2.0 credential (API key, the sandbox's origin, a webhook signing
// secret). Workspace webhook: activation sends no request; the sandbox's signed call.completed runs
// once; the same bytes again, a wrong secret, no signature, one changed byte and the body re-serialised
// with other spacing run nothing; after the secret is changed in the credential, the new one works at
// once. Variable webhook: activation sets the assistant's variable_webhook_url
// and a new secret; ringing 2.0 calls get the variables the workflow computed (p50 measured, < 2 s); a
// failing workflow answers promptly without them; deactivation puts the previous URL back.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS, waitFor } from '../../scripts/lib/n8n.mjs';
import { loadSandboxModule } from '../../scripts/lib/sandbox.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { ROOT } from './helpers.mjs';

const SECRET = 'e2e-platform2-workspace-signing-secret-7c1a';
const CREDENTIAL = { id: 'vaSandboxP2Full1', name: 'Voice Assistant 2.0 (sandbox)' };
const HOOKS = { workspace: '7b2e5a3c-0d4f-4e81-9c21-3f4a5b6c7e01', greet: '7b2e5a3c-0d4f-4e81-9c21-3f4a5b6c7e02', fail: '7b2e5a3c-0d4f-4e81-9c21-3f4a5b6c7e03' };
const IDS = { workspace: 'vaE2eP2Workspace', greet: 'vaE2eP2Variables', fail: 'vaE2eP2VarsFail1' };

loadSandboxModule();
const require = createRequire(import.meta.url);
const webhooks = require(path.join(ROOT, 'sandbox', 'platform2', 'webhooks.ts'));
const { Platform2 } = require(path.join(ROOT, 'sandbox', 'platform2', 'engine.ts'));
// The sandbox's seed 1, as the stack's sandbox: the same assistant UUIDs.
const [, greetAssistant, failAssistant] = new Platform2(1).list('A', '/assistants').map((a) => String(a.id));

const trigger = (name, webhookId, parameters) => ({
	id: `${webhookId.slice(0, 8)}-0000-4000-8000-000000000001`,
	name,
	type: 'n8n-nodes-voice-assistant.voiceAssistantTrigger',
	typeVersion: 5,
	position: [0, 0],
	webhookId,
	parameters: { accountKind: 'platform2', ...parameters },
	credentials: { voiceAssistantPlatform2Api: CREDENTIAL },
});
const workflow = (id, name, nodes, connections = {}) => ({ id, name, active: false, settings: { executionOrder: 'v1' }, nodes, connections });
const variablesWorkflow = (id, webhookId, assistantId, second) =>
	workflow(id, `E2E 2.0: variables (${id})`, [trigger('Ringing', webhookId, { platform2Event: 'inboundVariables', platform2AssistantId: { __rl: true, mode: 'id', value: assistantId }, responseMode: 'lastNode' }), second], {
		Ringing: { main: [[{ node: second.name, type: 'main', index: 0 }]] },
	});

describe('n8n start: the trigger on a Platform 2.0 account', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	const urlOf = (webhookId) => `${n8n.server.origin}/webhook/${webhookId}/webhook`;
	const doc = (id) => sandbox.platform2.records.singleton(sandbox.platform2.workspaces.A, `/assistants/${id}/variables`) ?? {};

	before(async () => {
		stack = await startStack({
			server: true,
			workflows: [
				workflow(IDS.workspace, 'E2E 2.0: workspace webhook', [trigger('Workspace events', HOOKS.workspace, { platform2Event: 'workspaceEvents', responseMode: 'onReceived', platform2Options: {} })]),
				variablesWorkflow(IDS.greet, HOOKS.greet, greetAssistant, {
					id: 'e2e00000-0000-4000-8000-0000000009a2',
					name: 'Answer with variables',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [220, 0],
					parameters: { assignments: { assignments: [{ id: 'v1', name: 'variables.caller', value: '={{ $json.customer_phone }}', type: 'string' }] }, options: {} },
				}),
				variablesWorkflow(IDS.fail, HOOKS.fail, failAssistant, {
					id: 'e2e00000-0000-4000-8000-0000000009b2',
					name: 'CRM lookup (down)',
					type: 'n8n-nodes-base.code',
					typeVersion: 2,
					position: [220, 0],
					parameters: { jsCode: "throw new Error('The CRM is down');" },
				}),
			],
			extraCredentials: (sb) => [{ ...CREDENTIAL, type: 'voiceAssistantPlatform2Api', data: { apiKey: sb.platform2.keys.full, origin: sb.origin, webhookSigningSecret: SECRET } }],
			log: (l) => console.log(`# ${l}`),
		});
		({ sandbox, n8n } = stack);
	});

	after(async () => {
		await stack?.stop();
	});

	test('workspace webhook: a signed call.completed runs once; replayed, forged, unsigned, altered and re-serialised ones run nothing', async () => {
		const apiRequests = () => sandbox.requests.filter((r) => r.path.startsWith('/api/v1/')).length;
		const before = apiRequests();
		// resolves once n8n reports the publication done: the trigger's webhook methods have run
		assert.equal((await n8n.rest.activateWorkflow(IDS.workspace)).active, true);
		assert.equal(apiRequests(), before, 'activation sends no API request');
		const url = urlOf(HOOKS.workspace);
		// and n8n serves the production URL: an unsigned probe is refused (401), never run
		await waitFor(async () => (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status, {
			what: 'n8n to answer an unsigned probe of the workspace webhook URL with 401',
			until: (status) => status === 401,
		});
		webhooks.configureWorkspaceWebhook(sandbox.platform2, { url, secret: SECRET });
		const sent = await webhooks.deliverPlatform2Event(sandbox.platform2, { event: 'call.completed' });
		assert.equal(sent.status, 200);
		const [first] = await n8n.rest.waitForExecutions(IDS.workspace, { count: 1 });
		assert.equal(first.status, 'success');

		const sign = (body, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
		const post = async (body, signature) =>
			(await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(signature ? { 'X-Famulor-Signature': signature } : {}) }, body })).status;
		const raw = sent.raw;
		assert.equal(await post(raw, sent.signature), 200, 'the replay is acknowledged');
		assert.equal(await post(raw, sign(raw, 'another-secret')), 401);
		assert.equal(await post(raw), 401);
		assert.equal(await post(raw.replace('"completed"', '"complated"'), sent.signature), 401);
		assert.equal(await post(JSON.stringify(JSON.parse(raw), null, 2), sent.signature), 401);
		// n8n answers a webhook request only once the execution it starts is on record (even Respond
		// Immediately answers after n8n has created the execution), so the list is complete now.
		assert.deepEqual((await n8n.rest.listExecutions(IDS.workspace)).map((e) => e.id), [first.id], 'only the first delivery ran');

		// The secret is changed in the dashboard and in n8n's credential (re-imported by the CLI into the
		// database the running n8n reads): the next delivery, signed with the new secret, runs at once,
		// though the trigger keeps the secret it read for 30 s (trigger/credentialSecret.ts).
		const rotated = `${SECRET}-rotated`;
		await n8n.importCredentials([{ ...CREDENTIAL, type: 'voiceAssistantPlatform2Api', data: { apiKey: sandbox.platform2.keys.full, origin: sandbox.origin, webhookSigningSecret: rotated } }]);
		webhooks.configureWorkspaceWebhook(sandbox.platform2, { url, secret: rotated });
		const afterRotation = await webhooks.deliverPlatform2Event(sandbox.platform2, { event: 'call.completed', subjectId: 'e2e-call-after-rotation' });
		assert.equal(afterRotation.status, 200, 'the new secret is accepted at once');
		assert.deepEqual(afterRotation.body, { received: true }, 'and runs the workflow');
		const runs = await n8n.rest.waitForExecutions(IDS.workspace, { count: 2 });
		assert.equal(runs.length, 2);
		assert.match(JSON.stringify(runs[0].data.resultData.runData), /e2e-call-after-rotation/, 'the newest run carries the delivery signed with the new secret');
		await n8n.rest.deactivateWorkflow(IDS.workspace);
	});

	test('variable webhook: ringing calls get their variables (p50 < 2 s), a failing workflow answers promptly without, deactivation restores', async () => {
		for (const id of [greetAssistant, failAssistant]) {
			sandbox.platform2.records.setSingleton(sandbox.platform2.workspaces.A, `/assistants/${id}/variables`, { variables: { greeting: 'Hallo' }, variable_webhook_url: 'https://old.example.com/vars' });
		}
		// Each activation resolves once n8n reports the publication done: the trigger's create() has
		// set the assistant's URL and secret, and n8n has saved the node's static data (the secret's
		// nonce) after it; until then a signed request would be 401.
		for (const id of [IDS.greet, IDS.fail]) assert.equal((await n8n.rest.activateWorkflow(id)).active, true);
		assert.equal(doc(greetAssistant).variable_webhook_url, urlOf(HOOKS.greet), 'the variable webhook points at n8n');
		assert.match(String(doc(greetAssistant).variable_webhook_secret), /^[0-9a-f]{64}$/);
		// A signed probe that names no call is 400 (it runs nothing): the registration is in use.
		for (const [id, hook] of [[greetAssistant, HOOKS.greet], [failAssistant, HOOKS.fail]]) {
			const probe = '{"probe":true}';
			const signature = `sha256=${createHmac('sha256', String(doc(id).variable_webhook_secret)).update(probe).digest('hex')}`;
			const answer = await fetch(urlOf(hook), { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Famulor-Signature': signature }, body: probe });
			assert.equal(answer.status, 400, `a signed probe of ${id}'s variable webhook: ${await answer.text()}`);
		}

		const ms = [];
		for (let i = 0; i < 20; i++) {
			const phone = `+49176111122${String(10 + i)}`;
			const ring = await webhooks.ringPlatform2Call(sandbox.platform2, { assistantId: greetAssistant, customerPhone: phone });
			assert.equal(ring.status, 200, `ringing call ${i + 1} of 20: n8n answered ${ring.status} ${JSON.stringify(ring.answer)} after ${ring.ms} ms\n--- n8n output (tail)\n${n8n.server.child.output.split('\n').slice(-40).join('\n')}`);
			assert.deepEqual(ring.variables, { caller: phone });
			ms.push(ring.ms);
		}
		const sorted = [...ms].sort((a, b) => a - b);
		const p50 = sorted[Math.floor(sorted.length / 2)];
		console.log(`# 2.0 variable webhook answer: p50 ${p50} ms, max ${sorted.at(-1)} ms over 20 ringing calls`);
		assert.ok(p50 < 2000, `p50 ${p50} ms`);

		const started = Date.now();
		const failed = await webhooks.ringPlatform2Call(sandbox.platform2, { assistantId: failAssistant });
		assert.equal(failed.status, 500);
		assert.deepEqual(failed.variables, {});
		assert.ok(Date.now() - started < 2000, `answered after ${Date.now() - started} ms`);

		for (const id of [IDS.greet, IDS.fail]) await n8n.rest.deactivateWorkflow(id);
		assert.equal(doc(greetAssistant).variable_webhook_url, 'https://old.example.com/vars', 'the previous variable webhook URL is back');
		assert.deepEqual(doc(greetAssistant).variables, { greeting: 'Hallo' });
	});
});
