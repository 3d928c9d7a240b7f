// The n8n editor in a real browser (headless Chromium): owner setup, the Voice Assistant node's
// panel with a dropdown filled from the platform, executing the node, and a trigger execution.
// Screenshots go to test-results/e2e/; with E2E_UPDATE_DOCS=1 also to docs/ (the README's images).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';

import { launchBrowser } from '../../scripts/lib/browser.mjs';
import { OWNER, restClient, waitFor } from '../../scripts/lib/n8n.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { ROOT, requestsTo } from './helpers.mjs';

// What the editor must list, counted from the built nodes themselves.
const requireDist = createRequire(import.meta.url);
const { VoiceAssistant } = requireDist(path.join(ROOT, 'dist/nodes/VoiceAssistant/VoiceAssistant.node.js'));
const { VoiceAssistantTrigger } = requireDist(path.join(ROOT, 'dist/nodes/VoiceAssistant/VoiceAssistantTrigger.node.js'));
const ACTION_COUNT = new VoiceAssistant().description.properties
	.filter((p) => p.name === 'operation')
	.reduce((sum, p) => sum + p.options.length, 0);
const TRIGGER_EVENT_COUNT = new VoiceAssistantTrigger().getNodeType().description.properties.find((p) => p.name === 'event').options.length;

const SHOTS = path.join(ROOT, 'test-results', 'e2e');
const DOCS = path.join(ROOT, 'docs');

describe('n8n editor in Chromium', { timeout: 600_000 }, () => {
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
		stack = await startStack({ stepMs: 20, server: true, owner: false, log: (l) => console.log(`# ${l}`) });
		({ sandbox } = stack);
		origin = stack.n8n.server.origin;
		browser = await launchBrowser();
		page = browser.page;
		page.setDefaultTimeout(30_000);
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
			{ timeoutMs: 30_000, what: 'the voice dropdown to open' },
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
		await page.waitForTimeout(300);
		await screenshot('successful-run.png');
		await page.keyboard.press('Escape');
	});

	test('a finished call shows up as a successful trigger execution', async () => {
		const rest = restClient(origin);
		await rest.login();
		await rest.activateWorkflow('vaExampleRouteCl');
		const assistant = sandbox.store.assistants.find((a) => a.id === 1);
		await waitFor(() => assistant.webhook_url?.startsWith(`${origin}/webhook/`), { what: 'the trigger to register' });

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
		await page.waitForTimeout(500);
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
				await page.waitForTimeout(300);
			}
			await panel.waitFor({ state: 'hidden' });
		}
	});
});
