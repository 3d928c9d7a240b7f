// The trigger in a running n8n (`n8n start`): activating the example "route finished calls" workflow
// points the assistant's post-call webhook at n8n; the sandbox completes simulated calls and
// delivers them; n8n records successful executions with the calls' data; deactivating puts the
// assistant's webhook settings back. The same for Conversation Ended (an ended WhatsApp chat), and a
// version-2 Call Ended trigger with Download Recording: the recording lands as binary data in the
// execution and the recording host never sees the token. WhatsApp read receipts: activation calls
// no API, a signed delivery runs once with its signature checked over the raw bytes n8n received, and
// forged, unsigned, altered and replayed deliveries run nothing.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS } from '../../scripts/lib/n8n.mjs';
import { readWorkflows, startStack } from '../../scripts/lib/stack.mjs';
import { E2E_DIR, ROOT, requestsTo } from './helpers.mjs';

const WORKFLOW_ID = 'vaExampleRouteCl';
const CONVERSATION_WORKFLOW_ID = 'vaE2eConvEnded01';
const RECORDING_WORKFLOW_ID = 'vaE2eRecTrigger1';
const RECEIPTS_WORKFLOW_ID = 'vaE2eReadRcpts01';
const RECEIPTS_WEBHOOK_ID = '7b2e5a3c-0d4f-4e81-9c21-3f4a5b6c7d07';
const SIGNING_SECRET = 'e2e-read-receipts-signing-secret-4f1d';
const ASSISTANT_ID = 1;
const WEBHOOK_FIELDS = [
	'webhook_url',
	'is_webhook_active',
	'send_webhook_only_on_completed',
	'include_recording_in_webhook',
	'conversation_ended_webhook_url',
];

const settingsOf = (assistant) => Object.fromEntries(WEBHOOK_FIELDS.map((k) => [k, assistant[k]]));

describe('n8n start: Voice Assistant Trigger', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	let assistant;
	let before_;

	before(async () => {
		stack = await startStack({
			stepMs: 20,
			server: true,
			workflows: readWorkflows([
				`${ROOT}/examples/route-finished-calls.json`,
				`${E2E_DIR}/workflows/conversation-ended.json`,
				`${E2E_DIR}/workflows/call-ended-recording.json`,
				`${E2E_DIR}/workflows/read-receipts.json`,
			]),
			// The read-receipt trigger's credential: the same token, plus the sender's signing secret.
			extraCredentials: (sb) => [
				{
					id: 'vaSandboxRcpts01',
					name: 'Voice Assistant (sandbox, read receipts)',
					data: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl, whatsappSigningSecret: SIGNING_SECRET },
				},
			],
			log: (l) => console.log(`# ${l}`),
		});
		({ sandbox, n8n } = stack);
		assistant = sandbox.store.assistants.find((a) => a.id === ASSISTANT_ID);
		// The assistant already reports to some other system: that must survive the trigger.
		Object.assign(assistant, {
			webhook_url: 'https://crm.example.com/hooks/calls',
			is_webhook_active: true,
			send_webhook_only_on_completed: true,
			include_recording_in_webhook: false,
			conversation_ended_webhook_url: 'https://crm.example.com/hooks/chats',
		});
		before_ = settingsOf(assistant);
	});

	after(async () => {
		await stack?.stop();
	});

	test('activating the workflow points the assistant webhook at n8n', async () => {
		// n8n answers the activation request before the trigger has registered its webhook; this
		// resolves once n8n reports the publication done (the trigger's create() has run).
		const activated = await n8n.rest.activateWorkflow(WORKFLOW_ID);
		assert.equal(activated.active, true);
		assert.ok(assistant.webhook_url?.startsWith(`${n8n.server.origin}/webhook/`), `the assistant's webhook_url points at n8n (it is ${assistant.webhook_url})`);
		assert.match(assistant.webhook_url, /\?secret=[0-9a-f]{32,}$/, 'deliveries carry a secret');
		assert.equal(assistant.is_webhook_active, true);
		assert.equal(assistant.send_webhook_only_on_completed, false, 'the trigger wants all calls (Only Completed is off)');
	});

	test('finished calls start executions that carry the call data and take the right branch', async () => {
		const place = async (phone) => {
			const res = await fetch(`${sandbox.baseUrl}/user/make_call`, {
				method: 'POST',
				headers: { authorization: `Bearer ${sandbox.tokens.alice}`, 'content-type': 'application/json' },
				body: JSON.stringify({ assistant_id: ASSISTANT_ID, phone_number: phone }),
			});
			assert.equal(res.status, 200);
			return (await res.json()).call_id;
		};
		// The sandbox decides the outcome by the last digit: 1 → completed, 7 → busy.
		const completedId = await place('+4915123456781');
		const busyId = await place('+4915123456787');
		await sandbox.waitForIdle();

		for (const id of [completedId, busyId]) {
			const call = sandbox.store.calls.find((c) => c.id === id);
			assert.equal(call.webhook_response?.status, 200, `n8n accepted the post-call webhook of call ${id}`);
		}

		const executions = await n8n.rest.waitForExecutions(WORKFLOW_ID, { count: 2 });
		assert.equal(executions.length, 2);
		const byCall = new Map();
		for (const execution of executions) {
			assert.equal(execution.status, 'success', `execution ${execution.id} succeeded`);
			assert.equal(execution.mode, 'webhook');
			const runData = execution.data.resultData.runData;
			const [item] = runData['Call ended'][0].data.main[0];
			byCall.set(item.json.call_id, runData);
		}

		const completed = sandbox.store.calls.find((c) => c.id === completedId);
		const completedRun = byCall.get(completedId);
		assert.ok(completedRun, 'an execution for the completed call');
		const trigger = completedRun['Call ended'][0].data.main[0][0].json;
		assert.equal(trigger.status, 'completed');
		assert.equal(trigger.customer_phone, completed.client_phone_number);
		assert.equal(trigger.duration, completed.duration);
		assert.deepEqual(trigger.extracted_variables, completed.variables);
		const branch = completed.variables.interested ? 'Hot lead' : 'Not interested';
		assert.ok(completedRun[branch], `a completed call goes to "${branch}"`);
		assert.equal(completedRun[branch][0].data.main[0][0].json.call_id, completedId);

		const busyRun = byCall.get(busyId);
		assert.ok(busyRun, 'an execution for the busy call');
		assert.equal(busyRun['Call again later'][0].data.main[0][0].json.reason, 'busy');
		assert.equal(busyRun['Interested?'], undefined, 'a busy call does not reach the interest check');
	});

	test('deactivating the workflow restores the assistant webhook settings', async () => {
		// resolves once n8n reports the triggers torn down (the trigger's delete() has run)
		const deactivated = await n8n.rest.deactivateWorkflow(WORKFLOW_ID);
		assert.equal(deactivated.active, false);
		assert.deepEqual(settingsOf(assistant), before_);
	});

	const placeCall = async (phone) => {
		const res = await fetch(`${sandbox.baseUrl}/user/make_call`, {
			method: 'POST',
			headers: { authorization: `Bearer ${sandbox.tokens.alice}`, 'content-type': 'application/json' },
			body: JSON.stringify({ assistant_id: ASSISTANT_ID, phone_number: phone }),
		});
		assert.equal(res.status, 200);
		return (await res.json()).call_id;
	};

	test('Conversation Ended: activating registers n8n as the conversation-ended URL', async () => {
		const activated = await n8n.rest.activateWorkflow(CONVERSATION_WORKFLOW_ID);
		assert.equal(activated.active, true);
		assert.ok(
			assistant.conversation_ended_webhook_url?.startsWith(`${n8n.server.origin}/webhook/`),
			`the assistant's conversation_ended_webhook_url points at n8n (it is ${assistant.conversation_ended_webhook_url})`,
		);
		assert.match(assistant.conversation_ended_webhook_url, /\?secret=[0-9a-f]{32,}$/, 'deliveries carry a secret');
		assert.equal(
			requestsTo(sandbox, 'POST', '/api/user/assistants/enable-conversation-ended-webhook').length,
			1,
			'registered through enable-conversation-ended-webhook',
		);
	});

	test('Conversation Ended: an ended WhatsApp conversation runs the workflow with its data', async () => {
		const conversationId = sandbox.simulateWhatsAppMessage({ senderId: 1, from: '+4915199990001', message: 'Danke, bis morgen!', name: 'Eva' });
		const result = await sandbox.simulateConversationEnd({ conversationId });
		assert.equal(result.webhook_response?.status, 200, 'n8n accepted the conversation-ended webhook');

		const [execution] = await n8n.rest.waitForExecutions(CONVERSATION_WORKFLOW_ID, { count: 1 });
		assert.equal(execution.status, 'success');
		assert.equal(execution.mode, 'webhook');
		const runData = execution.data.resultData.runData;
		const trigger = runData['Conversation ended'][0].data.main[0][0].json;
		assert.equal(trigger.conversation_id, conversationId);
		assert.equal(trigger.type, 'whatsapp');
		assert.equal(trigger.customer_phone, '+4915199990001');
		assert.equal(trigger.transcript, 'User: Danke, bis morgen!');
		assert.equal(runData['Follow up'][0].data.main[0][0].json.follow_up, 'Write to Eva at +4915199990001');
	});

	test('Conversation Ended: deactivating puts the previous URL back', async () => {
		const deactivated = await n8n.rest.deactivateWorkflow(CONVERSATION_WORKFLOW_ID);
		assert.equal(deactivated.active, false);
		assert.equal(assistant.conversation_ended_webhook_url, before_.conversation_ended_webhook_url, 'the previous conversation_ended_webhook_url is back');
		assert.deepEqual(settingsOf(assistant), before_, 'and the post-call settings were not touched');
	});

	test('Download Recording (trigger version 2): the recording lands as binary data, the recording host never sees the token', async () => {
		const activated = await n8n.rest.activateWorkflow(RECORDING_WORKFLOW_ID);
		assert.equal(activated.active, true);
		assert.ok(assistant.webhook_url?.startsWith(`${n8n.server.origin}/webhook/`), `the assistant webhook_url points at n8n (it is ${assistant.webhook_url})`);
		assert.equal(assistant.include_recording_in_webhook, true, 'Download Recording asks for the recording URL');
		sandbox.recordingRequests.splice(0);

		const callId = await placeCall('+4915123456781');
		await sandbox.waitForIdle();
		const call = sandbox.store.calls.find((c) => c.id === callId);
		assert.equal(call.webhook_response?.status, 200, 'n8n accepted the post-call webhook');
		assert.ok(call.recording_url?.startsWith(sandbox.recordingsOrigin), 'the call has a recording on the recording host');

		const [execution] = await n8n.rest.waitForExecutions(RECORDING_WORKFLOW_ID, { count: 1 });
		assert.equal(execution.status, 'success');
		const [item] = execution.data.resultData.runData['Call ended with recording'][0].data.main[0];
		assert.equal(item.json.call_id, callId);
		assert.equal(item.json.recording_error, null);
		assert.equal(item.binary?.data?.fileName, `call-${callId}.mp3`);
		assert.equal(item.binary?.data?.mimeType, 'audio/mpeg');
		assert.ok(sandbox.recordingRequests.length >= 1, 'n8n fetched the recording from the recording host');
		assert.deepEqual(
			sandbox.recordingRequests.map((r) => r.authorization),
			sandbox.recordingRequests.map(() => null),
			'no Authorization header reached the recording host',
		);

		await n8n.rest.deactivateWorkflow(RECORDING_WORKFLOW_ID);
		assert.deepEqual(settingsOf(assistant), before_);
	});

	test('WhatsApp read receipts: a signed delivery runs once (its raw bytes checked); forged, replayed and unsigned ones run nothing', async () => {
		const apiRequests = () => sandbox.requests.filter((r) => r.path.startsWith('/api/')).length;
		const before = apiRequests();
		const activated = await n8n.rest.activateWorkflow(RECEIPTS_WORKFLOW_ID);
		assert.equal(activated.active, true);
		const url = `${n8n.server.origin}/webhook/${RECEIPTS_WEBHOOK_ID}/webhook`;
		// There is no API for this webhook: activation (done once n8n reports it) must not call the platform.
		assert.equal(apiRequests(), before, 'activation sent no request to the platform');

		// The sandbox, as the dashboard's sender configured with this URL and secret, sends one receipt.
		sandbox.configureReadReceipts({ senderId: 1, url, secret: SIGNING_SECRET, retryDelaysMs: [] });
		const sent = await sandbox.sendReadReceipt({ senderId: 1, status: 'delivered', whatsappMessageId: 4711 });
		assert.deepEqual(sent.attempts, [200], 'n8n accepted the signed delivery');
		const [first] = await n8n.rest.waitForExecutions(RECEIPTS_WORKFLOW_ID, { count: 1 });
		assert.equal(first.status, 'success');
		const delivered = first.data.resultData.runData['Message status'][0].data.main[0][0].json;
		assert.equal(delivered.whatsapp_message_id, 4711);
		assert.equal(delivered.status, 'delivered');

		// Signed over bytes that JSON.parse + JSON.stringify would not give back (spaces, an escape):
		// only a check over the raw body, as n8n received it, accepts this.
		const payload = { ...sandbox.store.webhookDeliveries.filter((d) => d.kind === 'read-receipt').at(-1).payload, status: 'read' };
		const raw = JSON.stringify(payload, null, 1).replace('"read"', '"re\\u0061d"');
		const sign = (body, secret = SIGNING_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
		const post = async (body, signature) =>
			await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(signature ? { 'X-Signature-256': signature } : {}) }, body });
		assert.equal((await post(raw, sign(raw))).status, 200);
		const runs = await n8n.rest.waitForExecutions(RECEIPTS_WORKFLOW_ID, { count: 2 });
		assert.equal(runs[0].data.resultData.runData['Message status'][0].data.main[0][0].json.status, 'read');

		// The same delivery again (the platform retries), a forged one, an unsigned one, a byte changed.
		assert.equal((await post(raw, sign(raw))).status, 200, 'a replay is acknowledged');
		const forged = { ...payload, whatsapp_message_id: 4712 };
		assert.equal((await post(JSON.stringify(forged), sign(JSON.stringify(forged), 'not-the-secret'))).status, 401);
		assert.equal((await post(JSON.stringify(forged))).status, 401);
		assert.equal((await post(raw.replace('4711', '4713'), sign(raw))).status, 401);
		// n8n answers a webhook request only once the execution it starts is on record (even Respond
		// Immediately answers after n8n has created the execution), so the list is complete now.
		assert.deepEqual((await n8n.rest.listExecutions(RECEIPTS_WORKFLOW_ID)).map((e) => e.id), runs.map((e) => e.id), 'none of them started an execution');

		await n8n.rest.deactivateWorkflow(RECEIPTS_WORKFLOW_ID);
		assert.equal(apiRequests(), before, 'nor did deactivation');
	});
});
