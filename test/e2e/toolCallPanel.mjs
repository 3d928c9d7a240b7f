// The Voice Assistant Trigger's "Tool Called During a Call" (version 6) in the n8n editor, for both
// browser files (browser.e2e.mjs: classic, platform2-browser.e2e.mjs: Platform 2.0): the event is
// chosen in the Event dropdown as a person would, then the panel must show the tool's fields, in
// order, and none of the other events' fields; the Assistant Names or IDs dropdown lists exactly the
// account's assistants, and two picked show as chosen.
import assert from 'node:assert/strict';

import { waitFor } from '../../scripts/lib/wait.mjs';
import { pickOption } from './editorSteps.mjs';

export const TRIGGER_TYPE = 'n8n-nodes-voice-assistant.voiceAssistantTrigger';
export const TOOL_CALL_EVENT = 'Tool Called During a Call';
/** The event's fields as the panel labels them, in this order, below its notice (toolCall/fields.ts). */
export const TOOL_FIELD_LABELS = ['Name', 'Description', 'Parameters', 'Timeout (Seconds)', 'Assistant Names or IDs', 'Failure Answer'];
/** What a parameter row of Parameters asks for. */
export const TOOL_PARAMETER_LABELS = ['Name', 'Type', 'Description', 'Required'];

/** A workflow holding only the trigger at version 6, with the parameters and credentials given. */
export function triggerWorkflow({ id, name, nodeName, nodeId, webhookId, parameters, credentials }) {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [{ id: nodeId, name: nodeName, type: TRIGGER_TYPE, typeVersion: 6, position: [0, 0], webhookId, parameters, credentials }],
		connections: {},
		pinData: {},
	};
}

/** The labels of the fields inside `scope`, top to bottom, as shown (a required field's "*" left off). */
async function labelsIn(scope) {
	const labels = scope.locator('label.n8n-input-label:visible');
	// a label's first line is its text; below it, on hover, n8n's Fixed / Expression switch
	return (await labels.allInnerTexts()).map((text) => text.split('\n')[0].replace(/\s*\*\s*$/, '').trim()).filter((text) => text !== '');
}

/** The labels of the panel's fields, top to bottom. */
export const fieldLabels = (ndv) => labelsIn(ndv.locator('[data-test-id=node-parameters]'));


/**
 * The tool event chosen in `eventParameter`'s dropdown: the panel shows the tool's fields (in order) and
 * none of `otherFields` (parameter test ids and labels of the other events, which it showed before);
 * Name and Description are typed, a parameter row is added. Returns the labels shown.
 */
export async function chooseToolCallEvent(page, ndv, { eventParameter, otherFields, otherLabels }) {
	// before: the default event's fields are there (so that their absence afterwards means something)
	for (const field of otherFields) await ndv.locator(`[data-test-id=${field}]`).first().waitFor();
	await pickOption(page, ndv, eventParameter, TOOL_CALL_EVENT);
	await ndv.locator('[data-test-id=parameter-input-toolFailureAnswer]').waitFor();

	const labels = await waitFor(() => fieldLabels(ndv), {
		what: "the panel to show the tool's fields",
		until: (shown) => TOOL_FIELD_LABELS.every((label) => shown.includes(label)),
	});
	for (const label of otherLabels) assert.ok(!labels.includes(label), `no "${label}" for this event: ${labels.join(' | ')}`);
	// below Event, the tool's fields in this order and nothing else
	assert.deepEqual(labels.slice(labels.indexOf('Event') + 1), TOOL_FIELD_LABELS, `the panel's fields: ${labels.join(' | ')}`);
	await ndv.getByText('While active, this trigger creates the tool on the platform', { exact: false }).first().waitFor();
	for (const field of otherFields) assert.equal(await ndv.locator(`[data-test-id=${field}]`).count(), 0, `${field} is hidden for this event`);
	assert.equal(await ndv.locator('[data-test-id=parameter-input-toolTimeout] input').first().inputValue(), '10', 'Timeout is 10 s by default');
	assert.equal(
		await ndv.locator('[data-test-id=parameter-input-toolFailureAnswer] input, [data-test-id=parameter-input-toolFailureAnswer] textarea').first().inputValue(),
		"Sorry, I can't look that up right now. Please try again in a moment.",
		'the Failure Answer has its default',
	);

	await ndv.locator('[data-test-id=parameter-input-toolName] input').first().fill('lookup_order');
	await ndv.locator('[data-test-id=parameter-input-toolDescription] textarea, [data-test-id=parameter-input-toolDescription] input').first().fill("Looks up the caller's order by its number");
	// Parameters starts empty, with its "Add Parameter" button; a click adds one row
	const parameters = ndv.locator('[data-test-id=fixed-collection-toolParameters]');
	const add = parameters.getByText('Add Parameter', { exact: true });
	await add.first().waitFor();
	await add.first().click();
	const rowLabels = await waitFor(async () => labelsIn(parameters), {
		what: 'a parameter row to show',
		until: (shown) => shown.length >= TOOL_PARAMETER_LABELS.length,
	});
	assert.deepEqual(rowLabels.slice(-TOOL_PARAMETER_LABELS.length), TOOL_PARAMETER_LABELS, `a parameter row asks for: ${rowLabels.join(' | ')}`);
	return labels;
}

/**
 * Opens the multiOptions dropdown of `parameter` until it lists `count` entries; returns the entries'
 * locator and their names (each entry's headline, without its description).
 */
export async function openMultiOptions(page, ndv, parameter, count) {
	const opener = ndv.locator(`[data-test-id=parameter-input-${parameter}]`);
	const entries = page.locator('.el-select-dropdown:visible .el-select-dropdown__item');
	await waitFor(
		async () => {
			if (!(await entries.first().isVisible())) await opener.click();
			await entries.first().waitFor({ timeout: 2000 }).catch(() => {});
			return (await entries.count()) === count;
		},
		{ what: `the ${parameter} dropdown to list ${count} entries` },
	).catch(async (error) => {
		throw new Error(`${error.message}; it lists: ${(await entries.allTextContents()).join(' | ')}`);
	});
	await page.waitForTimeout(300); // the opening animation, for the picture
	const names = (await entries.locator('.option-headline').allInnerTexts()).map((t) => t.trim());
	return { entries, names, texts: (await entries.allInnerTexts()).map((t) => t.trim()) };
}

/** The names a multiOptions field shows as chosen (its tags). */
export async function chosenTags(ndv, parameter) {
	return (await ndv.locator(`[data-test-id=parameter-input-${parameter}] .el-tag:visible`).allInnerTexts()).map((t) => t.trim()).filter((t) => t !== '');
}

/**
 * Picks the entries named `names` in the open dropdown of `parameter` (it stays open: several may be
 * chosen) and waits until the field shows exactly those as chosen.
 */
export async function pickMany(page, ndv, parameter, entries, names) {
	for (const name of names) {
		await entries.filter({ has: page.locator('.option-headline', { hasText: name }) }).first().click();
		await waitFor(async () => (await chosenTags(ndv, parameter)).includes(name), { what: `"${name}" to show as chosen in ${parameter}` });
	}
	const chosen = await chosenTags(ndv, parameter);
	assert.deepEqual([...chosen].sort(), [...names].sort(), `the field shows exactly the two chosen: ${chosen.join(' | ')}`);
	const selected = (await entries.filter({ has: page.locator('.option-headline') }).evaluateAll((items) =>
		items.filter((item) => item.classList.contains('is-selected') || item.classList.contains('selected')).map((item) => item.querySelector('.option-headline')?.textContent?.trim()),
	));
	assert.deepEqual([...selected].sort(), [...names].sort(), `the list marks exactly the two chosen: ${selected.join(' | ')}`);
}
