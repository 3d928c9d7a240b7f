// The n8n editor in a real browser (headless Chromium): owner setup, the Voice Assistant node's
// panel with a dropdown filled from the platform, executing the node, a trigger execution, and the
// dropdowns of the newer resources (WhatsApp sender and template, campaign, SMS sender, chat assistant,
// and the 2026 docs' tools, folders, labels, knowledge bases, SIP trunks and assistant fields), and the
// trigger's "Tool Called During a Call" (version 6): its fields, and its assistant list (toolCallPanel.mjs).
// Screenshots go to test-results/e2e/; with E2E_UPDATE_DOCS=1 also to docs/ (the README's images).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';

import { launchBrowser } from '../../scripts/lib/browser.mjs';
import { FILE_TIMEOUT_MS, OWNER, WAIT_MS, restClient, waitFor } from '../../scripts/lib/n8n.mjs';
import { EXAMPLE_CREDENTIAL, startStack } from '../../scripts/lib/stack.mjs';
import { ROOT, allWorkflows, requestsTo } from './helpers.mjs';
import { chooseToolCallEvent, openMultiOptions, pickMany, triggerWorkflow } from './toolCallPanel.mjs';

// What the editor must list, counted from the built nodes themselves.
const requireDist = createRequire(import.meta.url);
const { VoiceAssistant } = requireDist(path.join(ROOT, 'dist/nodes/VoiceAssistant/VoiceAssistant.node.js'));
const { VoiceAssistantTrigger } = requireDist(path.join(ROOT, 'dist/nodes/VoiceAssistant/VoiceAssistantTrigger.node.js'));
const ACTION_COUNT = new VoiceAssistant().description.properties
	.filter((p) => p.name === 'operation')
	.reduce((sum, p) => sum + p.options.length, 0);
const { formatPhoneForDisplay } = requireDist(path.join(ROOT, 'dist/nodes/VoiceAssistant/shared/phone.js'));
const TRIGGER_EVENT_COUNT = new VoiceAssistantTrigger().getNodeType().description.properties.find((p) => p.name === 'event').options.length;

const SHOTS = path.join(ROOT, 'test-results', 'e2e');
const DOCS = path.join(ROOT, 'docs');

/** The trigger (version 6) as the editor adds it, on the classic credential: its default event, Call Ended. */
const TOOL_EDITOR = 'vaE2eToolEditor1';
const TOOL_NODE = 'Voice Assistant Trigger';
const toolEditorWorkflow = triggerWorkflow({
	id: TOOL_EDITOR,
	name: 'E2E: choose "Tool Called During a Call" in the editor (classic)',
	nodeName: TOOL_NODE,
	nodeId: 'e2e00000-0000-4000-8000-0000000060a1',
	webhookId: 'e2e00000-0000-4000-8000-0000000060b1',
	parameters: {},
	credentials: { voiceAssistantApi: EXAMPLE_CREDENTIAL },
});

describe('n8n editor in Chromium', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let origin;
	let browser;
	let page;

	const screenshot = async (name, forDocs = true) => {
		mkdirSync(SHOTS, { recursive: true });
		const file = path.join(SHOTS, name);
		await page.screenshot({ path: file });
		if (forDocs && process.env.E2E_UPDATE_DOCS === '1') copyFileSync(file, path.join(DOCS, name));
		console.log(`# screenshot ${path.relative(ROOT, file)}`);
	};

	before(async () => {
		stack = await startStack({ stepMs: 20, server: true, owner: false, workflows: [...allWorkflows(), toolEditorWorkflow], log: (l) => console.log(`# ${l}`) });
		({ sandbox } = stack);
		origin = stack.n8n.server.origin;
		browser = await launchBrowser();
		page = browser.page;
		// what the editor shows is waited for as long as anything else n8n does (E2E_WAIT_S)
		page.setDefaultTimeout(WAIT_MS);
	});

	afterEach(async (t) => {
		// A picture of the moment a test failed says more than a locator timeout.
		if (!t.passed) await screenshot(`failed-${t.name.replace(/\W+/g, '-').slice(0, 40)}.png`, false).catch(() => {});
	});

	after(async () => {
		await browser?.close();
		await stack?.stop();
	});

	test('sets up the owner account in the browser', async () => {
		await page.goto(`${origin}/`);
		await page.waitForURL(/\/setup/);
		await page.fill('input[name=email]', OWNER.email);
		await page.fill('input[name=firstName]', OWNER.firstName);
		await page.fill('input[name=lastName]', OWNER.lastName);
		await page.fill('input[name=password]', OWNER.password);
		await page.click('[data-test-id=form-submit-button]');
		await page.waitForURL((url) => !url.pathname.startsWith('/setup'));
		// The account works outside the browser too.
		const rest = restClient(origin);
		const me = await rest.login();
		assert.equal(me.email, OWNER.email);
	});

	test('the node panel lists the platform voices; executing the node creates the assistant', async () => {
		await page.goto(`${origin}/workflow/vaExampleAsst001`);
		// The panel may load the voice list as it opens, before the dropdown is clicked.
		sandbox.clearRequests();
		const node = page.locator('[data-test-id=canvas-node][data-node-name="Create assistant"]');
		await node.dblclick();
		const ndv = page.locator('[data-test-id=ndv]');
		await ndv.locator('[data-test-id=node-parameters]').waitFor();

		const voice = ndv.locator('[data-test-id=parameter-input-voiceId]');
		const options = page.locator('.el-select-dropdown:visible .el-select-dropdown__item');
		// The panel re-renders while its option lists load; a click in that moment is lost, so retry.
		await waitFor(
			async () => {
				if (!(await options.first().isVisible())) await voice.click();
				return options.first().waitFor({ timeout: 2000 }).then(() => true, () => false);
			},
			{ what: 'the voice dropdown to open' },
		);
		await page.waitForTimeout(400); // let the dropdown's opening animation finish for the picture
		const texts = await options.allTextContents();
		const expected = sandbox.store.voices
			.filter((v) => v.mode === 'pipeline' && (v.user_id === null || v.user_id === sandbox.users.alice))
			.map((v) => v.name);
		assert.equal(texts.length, expected.length, `options: ${texts.join(' | ')}`);
		for (const name of expected) assert.ok(texts.some((t) => t.startsWith(name)), `voice "${name}" is offered`);
		const lookups = requestsTo(sandbox, 'GET', '/api/user/assistants/voices');
		assert.ok(lookups.some((r) => r.query.mode === 'pipeline'), 'the list follows the engine type');
		await screenshot('node-panel.png');

		await options.filter({ hasText: 'James (English, deep)' }).click();
		assert.equal(await voice.locator('input').inputValue(), 'James (English, deep)');

		sandbox.clearRequests();
		await ndv.locator('[data-test-id=node-execute-button]').first().click();
		const output = ndv.locator('[data-test-id=output-panel]');
		await output.locator('[data-test-id=node-run-status-success]').waitFor();
		await output.getByText('Solar Appointment Setter').first().waitFor();

		const [created] = requestsTo(sandbox, 'POST', '/api/user/assistant');
		assert.ok(created, 'the platform received the create request');
		assert.equal(created.body.voice_id, 4, 'with the voice picked in the dropdown');
		assert.equal(created.body.assistant_name, 'Solar Appointment Setter');
		await page.waitForTimeout(300); // the output panel's transition, for the picture (n8n is done: the run shows)
		await screenshot('successful-run.png');
		await page.keyboard.press('Escape');
	});

	test('a finished call shows up as a successful trigger execution', async () => {
		const rest = restClient(origin);
		await rest.login();
		await rest.activateWorkflow('vaExampleRouteCl'); // resolves once n8n reports it published
		const assistant = sandbox.store.assistants.find((a) => a.id === 1);
		assert.ok(assistant.webhook_url?.startsWith(`${origin}/webhook/`), `the trigger registered (webhook_url ${assistant.webhook_url})`);

		const res = await fetch(`${sandbox.baseUrl}/user/make_call`, {
			method: 'POST',
			headers: { authorization: `Bearer ${sandbox.tokens.alice}`, 'content-type': 'application/json' },
			body: JSON.stringify({ assistant_id: 1, phone_number: '+4915123456781' }),
		});
		assert.equal(res.status, 200);
		await sandbox.waitForIdle();
		const [execution] = await rest.waitForExecutions('vaExampleRouteCl');
		assert.equal(execution.status, 'success');

		await page.goto(`${origin}/workflow/vaExampleRouteCl/executions/${execution.id}`);
		const trigger = page.locator('[data-test-id=canvas-node][data-node-name="Call ended"]');
		await trigger.locator('[data-test-id=canvas-node-status-success]').waitFor();
		const close = page.locator('[data-test-id=suggested-actions-close]');
		if (await close.isVisible()) await close.click();
		await page.waitForTimeout(500); // the canvas settling, for the picture (n8n is done: the status shows)
		await screenshot('trigger.png');
		await rest.deactivateWorkflow('vaExampleRouteCl');
	});
	test('searching the node panel for Famulor or Sondos finds the node, with its actions and trigger events', async () => {
		await page.goto(`${origin}/workflow/vaExampleAsst001`);
		await page.locator('[data-test-id=canvas-node]').first().waitFor();
		const panel = page.locator('[data-test-id=node-creator]');
		for (const term of ['Famulor', 'Sondos']) {
			// The "+" at the top right opens the node creator with its search box.
			await page.locator('[data-test-id=node-creator-plus-button]').click();
			await panel.locator('input').first().fill(term);
			// n8n lists an action node and its trigger as one entry; opening it shows both.
			await panel.getByText('Voice Assistant', { exact: true }).first().click();
			await panel.getByText('Make a call', { exact: true }).first().waitFor();
			// Every action of the action node and, collapsed below them, the trigger's events.
			await panel.getByText(`Actions (${ACTION_COUNT})`, { exact: true }).first().waitFor();
			await panel.getByText(`Triggers (${TRIGGER_EVENT_COUNT})`, { exact: true }).first().waitFor();
			if (term === 'Famulor') await screenshot('node-search.png', false);
			// Escape steps back out of the node's actions, then closes the panel; with the longer
			// action list one press can land before the panel has focus, so press until it is gone.
			for (let press = 0; press < 5 && (await panel.isVisible()); press++) {
				await page.keyboard.press('Escape');
				await page.waitForTimeout(300); // the panel's own transition between two key presses
			}
			await panel.waitFor({ state: 'hidden' });
		}
	});

	// The newer resources' dropdowns, in one workflow (test/e2e/workflows/editor-dropdowns.json).
	const DROPDOWNS = 'vaE2eDropdowns01';
	const alice = () => sandbox.users.alice;

	/** Opens a node's panel; the request log is cleared first, as the panel may load lists as it opens. */
	const openNode = async (name) => {
		// A test that failed may have left a panel open: start again from the workflow.
		if (await page.locator('[data-test-id=ndv]').isVisible()) await page.goto(`${origin}/workflow/${DROPDOWNS}`);
		sandbox.clearRequests();
		await page.locator(`[data-test-id=canvas-node][data-node-name="${name}"]`).dblclick();
		const ndv = page.locator('[data-test-id=ndv]');
		await ndv.locator('[data-test-id=node-parameters]').waitFor();
		return ndv;
	};
	/** Closes the open dropdown (Escape) and the panel (its close button: a select keeps Escape to itself). */
	const closeNode = async () => {
		await page.keyboard.press('Escape');
		const ndv = page.locator('[data-test-id=ndv]');
		if (await ndv.isVisible()) await page.locator('[data-test-id=ndv-close-button]').click();
		await ndv.waitFor({ state: 'hidden' });
	};
	/**
	 * Opens a dropdown and waits until it lists `count` entries (the panel re-renders while lists load,
	 * and a click in that moment is lost, so it clicks again while nothing shows). Returns the texts.
	 */
	const openList = async (opener, entries, count, what) => {
		await waitFor(
			async () => {
				if (!(await entries.first().isVisible())) await opener.click();
				await entries.first().waitFor({ timeout: 2000 }).catch(() => {});
				return (await entries.count()) === count;
			},
			{ what: `${what} to list ${count} entries` },
		).catch(async (error) => {
			throw new Error(`${error.message}; it lists: ${(await entries.allTextContents()).join(' | ')}`);
		});
		await page.waitForTimeout(300); // the opening animation, for the picture
		return (await entries.allTextContents()).map((t) => t.trim());
	};
	/** A resource locator's From List dropdown. */
	const locatorList = (ndv, name, count) =>
		openList(
			ndv.locator(`[data-test-id=resource-locator-${name}] [data-test-id=rlc-input]`),
			page.locator('[data-test-id=rlc-item]:visible'),
			count,
			`the ${name} list`,
		);
	/** An options parameter's dropdown. */
	const optionsList = (ndv, name, count) =>
		openList(
			ndv.locator(`[data-test-id=parameter-input-${name}]`),
			page.locator('.el-select-dropdown:visible .el-select-dropdown__item'),
			count,
			`the ${name} dropdown`,
		);

	test('WhatsApp → Send Template: the sender list, then the approved templates of the sender picked', async () => {
		await page.goto(`${origin}/workflow/${DROPDOWNS}`);
		const ndv = await openNode('Send WhatsApp template');
		const senders = sandbox.store.chat.senders.filter((s) => s.user_id === alice());
		assert.ok(senders.length >= 1, 'the sandbox holds senders for the user');
		const senderTexts = await locatorList(ndv, 'senderId', senders.length);
		for (const sender of senders) {
			assert.ok(
				senderTexts.some((t) => t.startsWith(`${sender.display_name} (${formatPhoneForDisplay(sender.phone_number)}`)),
				`sender "${sender.display_name}" is offered: ${senderTexts.join(' | ')}`,
			);
		}
		assert.ok(requestsTo(sandbox, 'GET', '/api/user/whatsapp/senders').length >= 1, 'the list came from the platform');

		// Pick the sender with the most approved templates (the others' must not show up).
		const approved = (sender) => sandbox.store.chat.templates.filter((t) => t.sender_id === sender.id && t.status === 'approved');
		const sender = [...senders].sort((a, b) => approved(b).length - approved(a).length)[0];
		const templates = approved(sender);
		assert.ok(templates.length >= 1, 'the sender has approved templates');
		await page
			.locator('[data-test-id=rlc-item]:visible')
			.filter({ hasText: sender.display_name })
			.first()
			.click();

		const templateTexts = await optionsList(ndv, 'templateId', templates.length);
		// exactly the approved templates of the sender picked, each with its variables
		for (const template of templates) {
			const text = templateTexts.find((t) => t.startsWith(`${template.name} (${template.language})`));
			assert.ok(text, `template "${template.name}" is offered: ${templateTexts.join(' | ')}`);
			if (template.variables.length > 0) assert.ok(text.includes(`Variables: ${template.variables.join(', ')}`), `with its variables: ${text}`);
		}
		const asked = requestsTo(sandbox, 'GET', `/api/user/whatsapp/senders/${sender.id}/templates`);
		assert.ok(asked.some((r) => r.query.status === 'approved'), 'only approved templates were asked for');
		await screenshot('whatsapp-template-dropdown.png', false);
		await closeNode();
	});

	test('Campaign → Start: the campaign list holds the user\'s campaigns', async () => {
		const ndv = await openNode('Start campaign');
		const campaigns = sandbox.store.campaigns.filter((c) => c.user_id === alice());
		assert.ok(campaigns.length >= 1);
		const texts = await locatorList(ndv, 'campaignId', campaigns.length);
		for (const campaign of campaigns) {
			assert.ok(texts.includes(`${campaign.name} (${campaign.status})`), `campaign "${campaign.name}" is offered: ${texts.join(' | ')}`);
		}
		await screenshot('campaign-dropdown.png', false);
		await closeNode();
	});

	test('SMS → Send: the From dropdown holds the user\'s phone numbers', async () => {
		const ndv = await openNode('Send SMS');
		const numbers = sandbox.store.phoneNumbers.filter((p) => p.user_id === alice());
		assert.ok(numbers.length >= 1);
		const texts = await optionsList(ndv, 'from', numbers.length);
		for (const number of numbers) {
			const shown = formatPhoneForDisplay(number.phone_number);
			assert.ok(texts.some((t) => t.startsWith(shown)), `${shown} is offered: ${texts.join(' | ')}`);
		}
		assert.ok(requestsTo(sandbox, 'GET', '/api/user/assistants/phone-numbers').length >= 1);
		await screenshot('sms-sender-dropdown.png', false);
		await closeNode();
	});

	test('Polling trigger → Fetch Test Event: the newest finished call, and the cursor left alone', async () => {
		const ndv = await openNode('Call ended (polling)');
		const finished = new Set(['completed', 'ended', 'ended_by_assistant', 'ended_by_customer', 'busy', 'failed', 'no-answer']);
		const newest = sandbox.store.calls
			.filter((c) => c.user_id === alice() && finished.has(c.status))
			.sort((a, b) => b.created_at - a.created_at || b.id - a.id)[0];
		assert.ok(newest, 'the sandbox holds a finished call of the user');
		const button = ndv.locator('[data-test-id=node-execute-button]').first();
		assert.match(await button.innerText(), /Fetch Test Event/i, 'a polling trigger offers "Fetch Test Event"');
		await button.click();
		const output = ndv.locator('[data-test-id=output-panel]');
		await output.locator('[data-test-id=node-run-status-success]').waitFor();
		// The item shows the call's own number and the id it has on the platform.
		await output.getByText(String(newest.client_phone_number)).first().waitFor();
		const listed = requestsTo(sandbox, 'GET', '/api/user/calls');
		assert.ok(listed.length >= 1 && listed.length <= 3, `read at most three pages of the call list: ${listed.length}`);
		assert.equal(sandbox.requests.filter((r) => r.method !== 'GET' && r.path.startsWith('/api/')).length, 0, 'nothing written');
		await screenshot('polling-fetch-test-event.png', false);
		await closeNode();
	});

	// The 2026 docs' resources (issue #22): each picker lists the user's records from the platform.
	const pickers = [
		['Delete tool', 'toolId', () => sandbox.store.catalog.tools, '/api/user/tools'],
		['Delete folder', 'folderId', () => sandbox.store.catalog.groups.filter((g) => g.kind === 'folder'), '/api/user/folders'],
		['Delete label', 'labelId', () => sandbox.store.catalog.groups.filter((g) => g.kind === 'label'), '/api/user/labels'],
		['Get knowledge base', 'knowledgeBaseId', () => sandbox.store.knowledgeBases.bases, '/api/user/knowledgebases'],
	];
	for (const [nodeName, parameter, records, path] of pickers) {
		test(`${nodeName}: the ${parameter} list holds the user's records only`, async () => {
			const ndv = await openNode(nodeName);
			const mine = records().filter((r) => r.user_id === alice());
			const others = records().filter((r) => r.user_id !== alice() && !mine.some((m) => m.name === r.name));
			assert.ok(mine.length >= 1, 'the sandbox holds some for the user');
			const texts = await locatorList(ndv, parameter, mine.length);
			for (const record of mine) assert.ok(texts.some((t) => t.startsWith(record.name)), `"${record.name}" is offered: ${texts.join(' | ')}`);
			for (const other of others) assert.ok(!texts.some((t) => t.startsWith(other.name)), `another user's "${other.name}" is not`);
			assert.ok(requestsTo(sandbox, 'GET', path).length >= 1, 'the list came from the platform');
			await screenshot(`${parameter}-list.png`, false);
			await closeNode();
		});
	}

	test('SIP Trunk → Get: the trunk list holds the user\'s trunks, by number', async () => {
		const ndv = await openNode('Get SIP trunk');
		const trunks = sandbox.store.sip.trunksOf(alice());
		assert.ok(trunks.length >= 1, 'the sandbox holds trunks for the user');
		const texts = await locatorList(ndv, 'sipTrunkId', trunks.length);
		for (const trunk of trunks) {
			const number = sandbox.store.phoneNumbers.find((p) => p.id === trunk.id).phone_number;
			assert.ok(texts.some((t) => t.includes(formatPhoneForDisplay(number))), `${number} is offered: ${texts.join(' | ')}`);
		}
		assert.ok(requestsTo(sandbox, 'GET', '/api/user/phone-numbers/sip-trunks').length >= 1);
		await screenshot('sip-trunk-list.png', false);
		await closeNode();
	});

	test('Assistant → Update: the Voice Provider and Knowledge Base dropdowns of the 2026 fields', async () => {
		const ndv = await openNode('Update assistant (2026 fields)');
		const providers = await optionsList(ndv, 'synthesizerProviderId', 3);
		// each entry shows the provider's name, then its ID as the description
		for (const name of ['Azure', 'Cartesia', 'ElevenLabs']) assert.ok(providers.some((t) => t.startsWith(name)), `${name} is offered: ${providers.join(' | ')}`);
		assert.ok(requestsTo(sandbox, 'GET', '/api/user/assistants/synthesizer-providers').length >= 1);
		await page.keyboard.press('Escape');
		const bases = sandbox.store.knowledgeBases.bases.filter((b) => b.user_id === alice());
		const texts = await optionsList(ndv, 'knowledgeBaseId', bases.length);
		for (const base of bases) assert.ok(texts.some((t) => t.startsWith(base.name)), `"${base.name}" is offered: ${texts.join(' | ')}`);
		await screenshot('assistant-2026-dropdowns.png', false);
		await closeNode();
	});

	test('Conversation → Create: the assistant list holds the user\'s assistants only', async () => {
		const ndv = await openNode('Create conversation');
		const assistants = sandbox.store.assistants.filter((a) => a.user_id === alice());
		const others = sandbox.store.assistants.filter((a) => a.user_id !== alice());
		const texts = await locatorList(ndv, 'assistantId', assistants.length);
		for (const assistant of assistants) {
			assert.ok(texts.some((t) => t.startsWith(assistant.name)), `assistant "${assistant.name}" is offered`);
		}
		for (const other of others) assert.ok(!texts.some((t) => t.startsWith(`${other.name} (`)), `another user's "${other.name}" is not`);
		await screenshot('conversation-assistant-dropdown.png', false);
		await closeNode();
	});
	test('Trigger version 6 → Tool Called During a Call: the tool\'s fields only; Assistant Names or IDs lists the account\'s assistants', async () => {
		await page.goto(`${origin}/workflow/${TOOL_EDITOR}`);
		sandbox.clearRequests();
		await page.locator(`[data-test-id=canvas-node][data-node-name="${TOOL_NODE}"]`).dblclick();
		const ndv = page.locator('[data-test-id=ndv]');
		await ndv.locator('[data-test-id=node-parameters]').waitFor();
		const labels = await chooseToolCallEvent(page, ndv, {
			eventParameter: 'event',
			// Call Ended's fields: the Assistant locator, Respond, Simplify, Options
			otherFields: ['resource-locator-assistantId', 'parameter-input-responseMode', 'parameter-input-simplify', 'collection-parameter-add'],
			otherLabels: ['Assistant', 'Respond', 'Simplify', 'Options'],
		});
		console.log(`# the panel's fields: ${labels.join(' | ')}`);

		// exactly the account's assistants (the platform's, deleted ones left out), as the platform lists them
		const assistants = sandbox.store.assistants.filter((a) => a.user_id === alice() && a.deleted_at === null);
		assert.ok(assistants.length >= 2, 'the sandbox holds two assistants or more for the user');
		const { entries, names, texts } = await openMultiOptions(page, ndv, 'toolAssistants', assistants.length);
		assert.deepEqual([...names].sort(), assistants.map((a) => a.name).sort(), `the list: ${names.join(' | ')}`);
		for (const assistant of assistants) {
			assert.ok(texts.some((t) => t.startsWith(assistant.name) && t.includes(`ID ${assistant.id}`)), `"${assistant.name}" with its ID: ${texts.join(' | ')}`);
		}
		// (n8n loads the list as the field appears: the request log was cleared before the panel opened)
		assert.ok(requestsTo(sandbox, 'GET', '/api/user/assistants/get').length >= 1, 'the list came from the platform');
		await screenshot('tool-call-assistants-list.png', false);

		const two = [assistants[0].name, assistants[1].name];
		await pickMany(page, ndv, 'toolAssistants', entries, two);
		await page.keyboard.press('Escape'); // the dropdown closes, the choice stays
		await page.locator('.el-select-dropdown:visible').waitFor({ state: 'hidden' });
		await page.waitForTimeout(300); // the dropdown's closing animation, for the picture
		await screenshot('tool-call-fields.png', false);
		await closeNode();

		// saved (Ctrl+S), the workflow holds the event, the fields typed and the two assistants' IDs
		await page.keyboard.press('Control+s');
		const rest = restClient(origin);
		await rest.login();
		const saved = await waitFor(async () => (await rest.getWorkflow(TOOL_EDITOR)).nodes.find((n) => n.name === TOOL_NODE).parameters, {
			what: 'the workflow to be saved with the tool event',
			until: (parameters) => parameters.event === 'toolCall' && Array.isArray(parameters.toolAssistants) && parameters.toolAssistants.length === 2,
		});
		assert.equal(saved.toolName, 'lookup_order');
		assert.deepEqual([...saved.toolAssistants].sort(), [assistants[0].id, assistants[1].id].sort(), 'the IDs of the two chosen');
	});
});
