/**
 * Issue #14, points 6 and 8: IDs are plain decimal safe integers ("0x10" is not lead 16, "1e3" not
 * 1000, 9007199254740993 not ...992), refused naming the field and item with nothing sent; quotes of
 * user input in messages stop at about 100 characters.
 */
import type { INodeParameters } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { runNode, runWebhookMethod } from '../harness';
import { VoiceAssistantTrigger, parameters } from '../trigger/helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ quiet: true });
});
afterAll(async () => {
	await sb.stop();
});
beforeEach(() => sb.clearRequests());

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const run = async (parameters: INodeParameters) =>
	await runNode({ node: VoiceAssistant, parameters, credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl }, continueOnFail: true });

const BAD = ['0x10', '1e3', '9007199254740993', '12.0', ' +5', '1_000'];

describe.each(BAD)('ID %s', (bad) => {
	it.each([
		['Lead ID', { resource: 'lead', operation: 'update', leadId: bad, updateFields: { status: 'completed' } }],
		['Campaign', { resource: 'campaign', operation: 'start', campaignId: byId(bad) }],
		['Assistant', { resource: 'assistant', operation: 'update', assistantId: byId(bad), updateFields: { name: 'x' } }],
		['Phone Number', { resource: 'assistant', operation: 'update', assistantId: byId('1'), updateFields: { phoneNumberId: `={{ "${bad}" }}` } }],
	])('is refused in %s, naming the field and the item; nothing is sent', async (field, parameters) => {
		const { items, error } = await run(parameters);
		if (items.length > 0) {
			expect(String(items[0].json.error)).toMatch(new RegExp(`^${field} must be a numeric ID .*\\[item 0\\]$`));
		} else {
			// In a locator's ID mode n8n's own check (the field's regex) may refuse it first; digits-only
			// values beyond 2^53 pass that check and reach requireId.
			expect(error?.message).toMatch(/ID/);
		}
		expect(sb.requests).toHaveLength(0);
	});
});

it('a JSON number beyond 2^53 is refused too (it has already lost its last digit)', async () => {
	const { items } = await run({ resource: 'lead', operation: 'update', leadId: '={{ 9007199254740993 }}', updateFields: { status: 'completed' } });
	expect(String(items[0].json.error)).toMatch(/^Lead ID must be a numeric ID/);
	expect(sb.requests).toHaveLength(0);
});

it('plain digits still work', async () => {
	const { items } = await run({ resource: 'campaign', operation: 'start', campaignId: byId(' 1 ') });
	expect(items[0].json.error).toBeUndefined();
});

it.each(['0x1', '1e0'])('the trigger refuses assistant %s instead of watching assistant 1', async (bad) => {
	await expect(
		runWebhookMethod(VoiceAssistantTrigger, 'create', {
			parameters: parameters({ assistantId: byId(bad) }),
			credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
			staticData: {},
		}),
	).rejects.toThrow(/is not a valid assistant ID/);
	expect(sb.requests).toHaveLength(0);
});

it('a 10,000-character input is quoted with at most ~100 characters', async () => {
	const long = 'x'.repeat(10_000);
	const { items } = await run({ resource: 'lead', operation: 'update', leadId: long, updateFields: { status: 'completed' } });
	const message = String(items[0].json.error);
	expect(message).toMatch(/^Lead ID must be a numeric ID \(got "x+\.\.\.\) \[item 0\]$/);
	expect(message.length).toBeLessThan(160);
});

it('a JSON parse error quotes at most ~100 characters of the input', async () => {
	const broken = `{"a": ${'1'.repeat(5000)}x}`;
	const { items } = await run({ resource: 'lead', operation: 'update', leadId: '2', updateFields: { variablesJson: broken } });
	expect(String(items[0].json.error).length).toBeLessThan(220);
});
