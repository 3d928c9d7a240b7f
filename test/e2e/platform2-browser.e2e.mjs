// Famulor Platform 2.0 (issue #30) in the n8n editor, in headless Chromium: a Voice Assistant node set
// up as a new one is (Classic, the classic credential) is switched to Platform 2.0 by picking the 2.0
// credential (n8n shows no Account Kind field: it treats it as the node's authentication field and
// sets it from the credential's type), then shows the 2.0 resources; Assistants → Get Assistant's
// searchable list holds the key's workspace's assistants (and no other workspace's); the one picked
// is read by Execute step and shown in the output panel; the polling trigger's version 4 picks its
// Assistant and Campaign from the same lists; the trigger's version 6 shows "Tool Called During a Call"'s
// fields, its Assistant Names or IDs listing the workspace's assistants. Screenshots go to test-results/e2e/ only.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';

import { launchBrowser } from '../../scripts/lib/browser.mjs';
import { FILE_TIMEOUT_MS, NODE_TYPE, OWNER, WAIT_MS, restClient, waitFor } from '../../scripts/lib/n8n.mjs';
import { EXAMPLE_CREDENTIAL, startStack } from '../../scripts/lib/stack.mjs';
import { pickOption } from './editorSteps.mjs';
import { ROOT } from './helpers.mjs';
import { chooseToolCallEvent, openMultiOptions, pickMany, triggerWorkflow } from './toolCallPanel.mjs';

const SHOTS = path.join(ROOT, 'test-results', 'e2e');
const P2_TYPE = 'voiceAssistantPlatform2Api';
const FULL = { id: 'vaE2eP2FullKey01', name: 'Famulor Platform 2.0 (sandbox)' };
const WORKFLOW = 'vaE2eP2Editor001';
const NODE = 'Voice Assistant';

/** Manual Trigger → the action node as a new one is: Account Kind Classic, the classic credential. */
const editorWorkflow = {
	id: WORKFLOW,
	name: 'E2E 2.0: switch a node to Platform 2.0 in the editor',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{ id: 'e2e00000-0000-4000-8000-0000000020a1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'e2e00000-0000-4000-8000-0000000020a2',
			name: NODE,
			type: NODE_TYPE,
			typeVersion: 2,
			position: [240, 0],
			parameters: {},
			credentials: { voiceAssistantApi: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } },
		},
	],
	connections: { Start: { main: [[{ node: NODE, type: 'main', index: 0 }]] } },
	pinData: {},
};

const POLLING_WORKFLOW = 'vaE2eP2Editor002';
const POLLING_NODE = 'Voice Assistant Polling Trigger';

/** The polling trigger as the editor adds it now (version 4), on Platform 2.0: Call Completed. */
const pollingWorkflow = {
	id: POLLING_WORKFLOW,
	name: 'E2E 2.0: the polling trigger\'s filters picked from lists',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'e2e00000-0000-4000-8000-0000000020b1',
			name: POLLING_NODE,
			type: 'n8n-nodes-voice-assistant.voiceAssistantPollingTrigger',
			typeVersion: 4,
			position: [0, 0],
			parameters: { accountKind: 'platform2', event2: 'callCompleted' },
			credentials: { [P2_TYPE]: FULL },
		},
	],
	connections: {},
	pinData: {},
};

const TOOL_WORKFLOW = 'vaE2eP2Editor003';
const TOOL_NODE = 'Voice Assistant Trigger';

/** The trigger (version 6) on Platform 2.0: its default event, the workspace webhook. */
const toolWorkflow = triggerWorkflow({
	id: TOOL_WORKFLOW,
	name: 'E2E 2.0: choose "Tool Called During a Call" in the editor',
	nodeName: TOOL_NODE,
	nodeId: 'e2e00000-0000-4000-8000-0000000020c1',
	webhookId: 'e2e00000-0000-4000-8000-0000000020c2',
	parameters: { accountKind: 'platform2' },
	credentials: { [P2_TYPE]: FULL },
});

describe('n8n editor in Chromium: a node on Famulor Platform 2.0', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let origin;
	let browser;
	let page;

	const screenshot = async (name) => {
		mkdirSync(SHOTS, { recursive: true });
		const file = path.join(SHOTS, name);
		await page.screenshot({ path: file });
		console.log(`# screenshot ${path.relative(ROOT, file)}`);
	};

	before(async () => {
		stack = await startStack({
			stepMs: 20,
			server: true,
			workflows: [editorWorkflow, pollingWorkflow, toolWorkflow],
			log: (l) => console.log(`# ${l}`),
			extraCredentials: (sb) => [{ ...FULL, type: P2_TYPE, data: { apiKey: sb.platform2.keys.full, origin: sb.origin } }],
		});
		({ sandbox } = stack);
		origin = stack.n8n.server.origin;
		browser = await launchBrowser();
		page = browser.page;
		// what the editor shows is waited for as long as anything else n8n does (E2E_WAIT_S)
		page.setDefaultTimeout(WAIT_MS);
	});

	afterEach(async (t) => {
		if (!t.passed) await screenshot(`failed-p2-${t.name.replace(/\W+/g, '-').slice(0, 40)}.png`).catch(() => {});
	});

	after(async () => {
		await browser?.close();
		await stack?.stop();
	});

	const pick = (ndv, parameter, entry) => pickOption(page, ndv, parameter, entry);


	/** A resource locator's From List: opens it (again while the panel re-renders) until it holds `count` entries. */
	const openList = async (ndv, parameter, count) => {
		const entries = page.locator('[data-test-id=rlc-item]:visible');
		const opener = ndv.locator(`[data-test-id=resource-locator-${parameter}] [data-test-id=rlc-input]`);
		await waitFor(
			async () => {
				if (!(await entries.first().isVisible())) await opener.click();
				await entries.first().waitFor({ timeout: 2000 }).catch(() => {});
				return (await entries.count()) === count;
			},
			{ what: `the ${parameter} list to hold ${count} entries` },
		).catch(async (error) => {
			throw new Error(`${error.message}; it lists: ${(await entries.allTextContents()).join(' | ')}`);
		});
		return { entries, texts: (await entries.allTextContents()).map((t) => t.trim()) };
	};

	test('the 2.0 credential picked, Assistants → Get Assistant: the list holds the workspace\'s assistants; the one picked is read and shown', async () => {
		await page.goto(`${origin}/signin`);
		await page.locator('input[name=emailOrLdapLoginId], input[type=email]').first().fill(OWNER.email);
		await page.locator('input[type=password]').first().fill(OWNER.password);
		await page.click('[data-test-id=form-submit-button]');
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'));

		await page.goto(`${origin}/workflow/${WORKFLOW}`);
		await page.locator(`[data-test-id=canvas-node][data-node-name="${NODE}"]`).dblclick();
		const ndv = page.locator('[data-test-id=ndv]');
		await ndv.locator('[data-test-id=node-parameters]').waitFor();

		// n8n hides Account Kind in the panel: the credentials depend on it, so n8n treats it as the node's
		// authentication field and sets it from the credential picked. Picking the 2.0 credential is the switch.
		assert.equal(await ndv.locator('[data-test-id=parameter-input-accountKind]').count(), 0, 'Account Kind is not shown as a field');
		const credential = ndv.locator('[data-test-id=node-credentials-select]');
		// the dropdown offers the credentials of both kinds
		const credentialEntry = page.locator('.el-select-dropdown:visible .el-select-dropdown__item').filter({ hasText: FULL.name });
		await waitFor(
			async () => {
				if (!(await credentialEntry.first().isVisible())) await credential.click();
				return credentialEntry.first().waitFor({ timeout: 2000 }).then(() => true, () => false);
			},
			{ what: `"${FULL.name}" in the credential dropdown` },
		);
		await screenshot('platform2-credential-choice.png');
		await credentialEntry.first().click();
		await waitFor(async () => (await credential.locator('input').inputValue()) === FULL.name, { what: 'the 2.0 credential to be selected' });
		await pick(ndv, 'resource', 'Assistants (Platform 2.0)');
		await pick(ndv, 'operation', 'Get Assistant');

		sandbox.clearRequests();
		const workspaceA = sandbox.platform2.list('A', '/assistants');
		const workspaceB = sandbox.platform2.list('B', '/assistants');
		assert.ok(workspaceA.length >= 2 && workspaceB.length >= 1, 'the sandbox seeds assistants in both workspaces');
		const { entries, texts } = await openList(ndv, 'id', workspaceA.length);
		for (const assistant of workspaceA) assert.ok(texts.some((t) => t.startsWith(assistant.name)), `"${assistant.name}" is offered: ${texts.join(' | ')}`);
		for (const other of workspaceB) assert.ok(!texts.some((t) => t.startsWith(other.name)), `workspace B's "${other.name}" is not`);
		const listed = sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/assistants');
		assert.ok(listed.length >= 1, 'the list came from the platform');
		assert.ok(listed.every((r) => r.query.limit === '100' && r.workspace === sandbox.platform2.workspaces.A), 'one page of 100 at a time, of the key\'s workspace');
		await page.waitForTimeout(300); // the opening animation, for the picture
		await screenshot('platform2-assistant-list.png');

		const chosen = workspaceA.find((a) => a.name === 'Reception') ?? workspaceA[1];
		await entries.filter({ hasText: chosen.name }).first().click();

		sandbox.clearRequests();
		await ndv.locator('[data-test-id=node-execute-button]').first().click();
		const output = ndv.locator('[data-test-id=output-panel]');
		await output.locator('[data-test-id=node-run-status-success]').waitFor();
		await output.getByText(chosen.name).first().waitFor();
		const reads = sandbox.requests.filter((r) => r.path.startsWith('/api/v1/'));
		assert.deepEqual(
			reads.map((r) => `${r.method} ${r.path} ${r.status}`),
			[`GET /api/v1/assistants/${chosen.id} 200`],
			'Execute step read exactly the assistant picked',
		);
		await page.waitForTimeout(300); // the output panel's transition, for the picture (n8n is done: the run shows)
		await screenshot('platform2-get-assistant.png');
	});
	test('Calls (Platform 2.0) → Create Call: the caller number is picked from the workspace\'s numbers, shown as the number itself', async () => {
		// the panel of the first test is still open on the same node: switch its operation
		const ndv = page.locator('[data-test-id=ndv]');
		await pick(ndv, 'resource', 'Calls (Platform 2.0)');
		await pick(ndv, 'operation', 'Create Call');
		const numbers = sandbox.platform2.list('A', '/phone-numbers');
		assert.ok(numbers.length >= 1, 'the sandbox seeds phone numbers in workspace A');
		sandbox.clearRequests();
		const { entries, texts } = await openList(ndv, 'callerNumber', numbers.length);
		for (const number of numbers) {
			const e164 = number.number ?? number.e164 ?? number.phone_number;
			assert.ok(texts.some((t) => t.startsWith(e164)), `${e164} is offered by its number: ${texts.join(' | ')}`);
		}
		assert.ok(
			sandbox.requests.some((r) => r.method === 'GET' && r.path === '/api/v1/phone-numbers'),
			'the list came from the platform',
		);
		await page.waitForTimeout(300); // the opening animation, for the picture
		await screenshot('platform2-create-call-caller-number.png');
		const first = texts[0];
		await entries.first().click();
		// the field now shows the number picked (n8n keeps its ID, what the API takes as phone_number_id)
		const shown = () => ndv.locator('[data-test-id=resource-locator-callerNumber] input').evaluateAll((inputs) => inputs.map((input) => input.value));
		await waitFor(async () => (await shown()).some((value) => value !== '' && first.startsWith(value.trim())), {
			what: `the caller number field to show "${first}"`,
		}).catch(async (error) => {
			throw new Error(`${error.message}; its inputs hold: ${(await shown()).join(' | ')}`);
		});
	});
	test('a search for "call" in the node panel: classic and Platform 2.0 actions listed under different names', async () => {
		await page.goto(`${origin}/workflow/${WORKFLOW}`);
		await page.locator('[data-test-id=canvas-node]').first().waitFor();
		const panel = page.locator('[data-test-id=node-creator]');
		await page.locator('[data-test-id=node-creator-plus-button]').click();
		await panel.locator('input').first().fill('call');
		await panel.getByText('Voice Assistant', { exact: true }).first().waitFor();
		await page.waitForTimeout(500);
		await screenshot('platform2-node-search-call.png');
		// the node's entry lists every action under "<resource> Actions": classic's Call, 2.0's Calls (Platform 2.0)
		await panel.getByText('Voice Assistant', { exact: true }).first().click();
		await panel.getByText('Make a call', { exact: true }).first().waitFor();
		const heading = (name) => panel.getByText(new RegExp(`^${name.replace(/[()+.]/g, '\\$&')} Actions$`, 'i'));
		await heading('Call').first().waitFor();
		const platform2 = heading('Calls (Platform 2.0)');
		await platform2.first().scrollIntoViewIfNeeded();
		await platform2.first().waitFor();
		assert.equal(await heading('Calls').count(), 0, 'no 2.0 heading without its account kind');
		await panel.getByText('Place an outbound call with an assistant (returns queued call)', { exact: true }).first().scrollIntoViewIfNeeded();
		await page.waitForTimeout(300);
		await screenshot('platform2-node-panel-calls.png');
		for (let press = 0; press < 5 && (await panel.isVisible()); press++) {
			await page.keyboard.press('Escape');
			await page.waitForTimeout(300);
		}
	});
	test("the polling trigger (version 4): its Assistant and Campaign are picked from the workspace's lists", async () => {
		await page.goto(`${origin}/workflow/${POLLING_WORKFLOW}`);
		await page.locator(`[data-test-id=canvas-node][data-node-name="${POLLING_NODE}"]`).dblclick();
		const ndv = page.locator('[data-test-id=ndv]');
		await ndv.locator('[data-test-id=node-parameters]').waitFor();
		for (const [parameter, collection] of [
			['assistantId2', '/assistants'],
			['campaignId', '/campaigns'],
		]) {
			const records = sandbox.platform2.list('A', collection);
			assert.ok(records.length >= 2, `the sandbox seeds ${collection} in workspace A`);
			sandbox.clearRequests();
			const { entries, texts } = await openList(ndv, parameter, records.length);
			for (const record of records) assert.ok(texts.some((t) => t.startsWith(record.name)), `"${record.name}" is offered: ${texts.join(' | ')}`);
			assert.ok(sandbox.requests.some((r) => r.method === 'GET' && r.path === `/api/v1${collection}`), 'the list came from the platform');
			if (parameter === 'assistantId2') await screenshot('platform2-polling-assistant-list.png');
			const chosen = records[1];
			await entries.filter({ hasText: chosen.name }).first().click();
			const shown = () => ndv.locator(`[data-test-id=resource-locator-${parameter}] input`).evaluateAll((inputs) => inputs.map((input) => input.value));
			await waitFor(async () => (await shown()).some((value) => value.trim() === chosen.name), { what: `the ${parameter} field to show "${chosen.name}"` }).catch(async (error) => {
				throw new Error(`${error.message}; its inputs hold: ${(await shown()).join(' | ')}`);
			});
		}
	});
	test('Trigger version 6 → Tool Called During a Call: the tool\'s fields only; Assistant Names or IDs lists the workspace\'s assistants', async () => {
		await page.goto(`${origin}/workflow/${TOOL_WORKFLOW}`);
		// n8n may load the assistant list as soon as the field appears: the request log starts here
		sandbox.clearRequests();
		await page.locator(`[data-test-id=canvas-node][data-node-name="${TOOL_NODE}"]`).dblclick();
		const ndv = page.locator('[data-test-id=ndv]');
		await ndv.locator('[data-test-id=node-parameters]').waitFor();
		const labels = await chooseToolCallEvent(page, ndv, {
			eventParameter: 'platform2Event',
			// the workspace webhook's fields: Respond, Options
			otherFields: ['parameter-input-responseMode', 'collection-parameter-add'],
			otherLabels: ['Respond', 'Options', 'Assistant', 'Messaging Connector'],
		});
		console.log(`# the panel's fields: ${labels.join(' | ')}`);

		const workspaceA = sandbox.platform2.list('A', '/assistants');
		const workspaceB = sandbox.platform2.list('B', '/assistants');
		assert.ok(workspaceA.length >= 2 && workspaceB.length >= 1, 'the sandbox seeds assistants in both workspaces');
		const { entries, names, texts } = await openMultiOptions(page, ndv, 'platform2ToolAssistants', workspaceA.length);
		assert.deepEqual([...names].sort(), workspaceA.map((a) => a.name).sort(), `the list: ${names.join(' | ')}`);
		for (const assistant of workspaceA) assert.ok(texts.some((t) => t.startsWith(assistant.name) && t.includes(`ID ${assistant.id}`)), `"${assistant.name}" with its ID: ${texts.join(' | ')}`);
		for (const other of workspaceB) assert.ok(!names.includes(other.name), `workspace B's "${other.name}" is not`);
		assert.ok(
			sandbox.requests.some((r) => r.method === 'GET' && r.path === '/api/v1/assistants' && r.workspace === sandbox.platform2.workspaces.A),
			'the list came from the platform, of the key\'s workspace',
		);
		await screenshot('platform2-tool-call-assistants-list.png');

		const two = [workspaceA[0], workspaceA[1]];
		await pickMany(page, ndv, 'platform2ToolAssistants', entries, two.map((a) => a.name));
		await page.keyboard.press('Escape'); // the dropdown closes, the choice stays
		await page.locator('.el-select-dropdown:visible').waitFor({ state: 'hidden' });
		await page.waitForTimeout(300); // the dropdown's closing animation, for the picture
		await screenshot('platform2-tool-call-fields.png');

		// saved (Ctrl+S), the workflow holds the 2.0 event and the two assistants' UUIDs
		await page.locator('[data-test-id=ndv-close-button]').click();
		await ndv.waitFor({ state: 'hidden' });
		await page.keyboard.press('Control+s');
		const rest = restClient(origin);
		await rest.login();
		const saved = await waitFor(async () => (await rest.getWorkflow(TOOL_WORKFLOW)).nodes.find((n) => n.name === TOOL_NODE).parameters, {
			what: 'the workflow to be saved with the tool event',
			until: (parameters) => parameters.platform2Event === 'toolCall' && parameters.platform2ToolAssistants?.length === 2,
		});
		assert.equal(saved.toolName, 'lookup_order');
		assert.deepEqual([...saved.platform2ToolAssistants].sort(), two.map((a) => String(a.id)).sort(), 'the UUIDs of the two chosen');
	});
});
