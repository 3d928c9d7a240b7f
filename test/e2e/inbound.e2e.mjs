// A ringing inbound call answered with variables in a running n8n (`n8n start`), built the way the
// editor builds it today: the example "greet an inbound caller by name" (trigger version 4, Respond:
// When Last Node Finishes → Code node as the CRM → Edit Fields building {"variables": {...}}) is
// imported and activated; the sandbox rings calls that ask the inbound URL for variables. Two callers
// get their own variables; a workflow whose lookup fails still lets its call connect (without
// variables) well within the platform's wait, and so does a slow one under n8n's workflow Timeout
// setting; forged deliveries get nothing and start nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS } from '../../scripts/lib/n8n.mjs';
import { readWorkflows, startStack } from '../../scripts/lib/stack.mjs';
import { E2E_DIR, ROOT } from './helpers.mjs';

const GREET_WORKFLOW_ID = 'vaExampleGreetCl';
const FAILING_WORKFLOW_ID = 'vaE2eInboundFail';
const SLOW_WORKFLOW_ID = 'vaE2eInboundSlow';
const GREET_ASSISTANT = 2;
const FAILING_ASSISTANT = 5;
const SLOW_ASSISTANT = 8;
/** How long the sandbox's ringing call waits for an answer before it connects without variables. */
const PLATFORM_WAIT_MS = 3000;

const percentile = (values, p) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

describe('n8n start: a ringing inbound call answered with variables', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;

	const assistant = (id) => sandbox.store.assistants.find((a) => a.id === id);
	const ring = (assistantId, customerPhone) => sandbox.simulateInboundCall({ assistantId, customerPhone, askForVariables: true });
	const askedFor = (callId) => sandbox.store.webhookDeliveries.find((d) => d.kind === 'inbound-before-connect' && d.call_id === callId);
	const variablesOf = (callId) => sandbox.store.calls.find((c) => c.id === callId)?.input_variables;

	before(async () => {
		stack = await startStack({
			stepMs: 20,
			server: true,
			sandbox: { inboundAnswerTimeoutMs: PLATFORM_WAIT_MS },
			workflows: readWorkflows([`${ROOT}/examples/greet-caller-by-name.json`, `${E2E_DIR}/workflows/inbound-failing.json`, `${E2E_DIR}/workflows/inbound-slow.json`]),
			log: (l) => console.log(`# ${l}`),
		});
		({ sandbox, n8n } = stack);
		// each resolves once n8n reports the publication done (the trigger's create() has run)
		for (const id of [GREET_WORKFLOW_ID, FAILING_WORKFLOW_ID, SLOW_WORKFLOW_ID]) {
			const activated = await n8n.rest.activateWorkflow(id);
			assert.equal(activated.active, true, `workflow ${id} is active`);
		}
		for (const id of [GREET_ASSISTANT, FAILING_ASSISTANT, SLOW_ASSISTANT]) {
			const url = assistant(id).inbound_webhook_url;
			assert.ok(url?.startsWith(`${n8n.server.origin}/webhook/`), `assistant ${id}'s inbound_webhook_url points at n8n (it is ${url})`);
		}
	});

	after(async () => {
		await stack?.stop();
	});

	test('two callers: each call connects with the variables the workflow computed for it', async () => {
		const jonas = await ring(GREET_ASSISTANT, '+4917012345670');
		const ada = await ring(GREET_ASSISTANT, '+4915112345670');
		assert.deepEqual(askedFor(jonas.call_id)?.response, { status: 200, body: { variables: { customer_name: 'Jonas Weber', customer_tier: 'gold' } } });
		assert.deepEqual(variablesOf(jonas.call_id), { customer_name: 'Jonas Weber', customer_tier: 'gold' });
		assert.deepEqual(variablesOf(ada.call_id), { customer_name: 'Ada Lovelace', customer_tier: 'silver' });

		const unknown = await ring(GREET_ASSISTANT, '+4917099999990');
		assert.deepEqual(variablesOf(unknown.call_id), { customer_name: '', customer_tier: 'new' }, 'an unknown caller is answered too');
	});

	test('the answer time, measured over 20 ringing calls', async () => {
		const ms = [];
		for (let i = 0; i < 20; i++) {
			const { call_id } = await ring(GREET_ASSISTANT, i % 2 ? '+4915112345670' : '+4917012345670');
			const asked = askedFor(call_id);
			assert.equal(asked?.response.status, 200, `call ${call_id} was answered`);
			ms.push(asked.ms);
		}
		console.log(`# answer time over 20 ringing calls: p50 ${percentile(ms, 50)} ms, p90 ${percentile(ms, 90)} ms, max ${Math.max(...ms)} ms`);
		assert.ok(percentile(ms, 50) < PLATFORM_WAIT_MS, 'answers arrive within the platform wait');
	});

	test('a workflow that fails: n8n answers 500 at once and the call connects without variables', async () => {
		const started = Date.now();
		const result = await ring(FAILING_ASSISTANT, '+4917012345670');
		const asked = askedFor(result.call_id);
		assert.equal(asked?.response.status, 500);
		assert.ok(asked.ms < PLATFORM_WAIT_MS, `answered in ${asked.ms} ms, before the platform gave up waiting`);
		assert.deepEqual(variablesOf(result.call_id), {});
		assert.equal(result.status, 'completed', `the call went ahead (took ${Date.now() - started} ms in all)`);
		const [execution] = await n8n.rest.waitForExecutions(FAILING_WORKFLOW_ID, { count: 1 });
		assert.equal(execution.status, 'error');
	});

	test("a slow workflow: the workflow's Timeout (1 s) cuts it short and the call connects without variables", async () => {
		// the lookup takes 8 s; the platform here would wait up to 3 s
		const result = await ring(SLOW_ASSISTANT, '+4917012345670');
		const asked = askedFor(result.call_id);
		assert.equal(asked?.response.status, 500);
		assert.ok(asked.ms >= 900 && asked.ms < 2500, `answered after ${asked.ms} ms: at the workflow's timeout, not after the lookup`);
		assert.deepEqual(variablesOf(result.call_id), {});
		assert.equal(result.status, 'completed');
	});

	test('forged deliveries get 401 and start nothing', async () => {
		const before_ = (await n8n.rest.listExecutions(GREET_WORKFLOW_ID)).length;
		const url = new URL(assistant(GREET_ASSISTANT).inbound_webhook_url);
		const forgedUrls = [new URL(url), new URL(url)];
		forgedUrls[0].searchParams.set('secret', '0'.repeat(64));
		forgedUrls[1].searchParams.delete('secret');
		for (const forged of forgedUrls) {
			const res = await fetch(forged, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ assistant_id: GREET_ASSISTANT, customer_phone: '+4917012345670', status: 'ringing' }),
			});
			assert.equal(res.status, 401, `${forged.search || 'no secret'} is refused`);
			assert.equal((await res.json()).variables, undefined, 'and no variables are handed out');
		}
		// n8n answers a webhook request only once the execution it starts is on record, so the list is
		// complete now: nothing to wait for.
		assert.equal((await n8n.rest.listExecutions(GREET_WORKFLOW_ID)).length, before_, 'no execution started');
	});

	test('deactivating turns the inbound webhook off again', async () => {
		// each resolves once n8n reports the triggers torn down (the trigger's delete() has run)
		for (const id of [GREET_WORKFLOW_ID, FAILING_WORKFLOW_ID, SLOW_WORKFLOW_ID]) await n8n.rest.deactivateWorkflow(id);
		for (const id of [GREET_ASSISTANT, FAILING_ASSISTANT, SLOW_ASSISTANT]) {
			assert.ok(!assistant(id).inbound_webhook_url, `assistant ${id}'s inbound webhook is off (it is ${assistant(id).inbound_webhook_url})`);
		}
	});
});
