/**
 * Issue #19, finding 3: driven through n8n's tool executor, the node bought a number, deleted a
 * lead and placed a call on the model's word alone. Now, when the node runs as an AI agent's tool:
 * - Buy, Call → Delete, Lead → Delete and Campaign → Start refuse unless the user switched on
 *   "Allow When Called by an AI Agent";
 * - Make Call, Send SMS and the WhatsApp sends are limited per execution (over all the agent's calls)
 *   and to allowed number prefixes;
 * - the description the agent reads says so.
 * Normal runs of the node are not affected.
 */
import { NodeHelpers, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { resetToolSends } from '../../nodes/VoiceAssistant/engine/agent/toolCalls';
import { resetPacers } from '../../nodes/VoiceAssistant/transport/pacers';
import { startSandbox, type Sandbox } from '../../sandbox';
import { runNode } from '../harness';
import { runAsAgentTool, toolVariant, type AgentRun } from './agent-harness';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ quiet: true });
});
afterAll(async () => {
	await sb.waitForIdle();
	await sb.stop();
});
beforeEach(() => {
	sb.reset();
	sb.clearRequests();
	resetPacers();
	resetToolSends();
});

const credentials = () => ({ apiToken: sb.tokens.alice, baseUrl: sb.baseUrl });
const byId = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });
const requests = (method: string, path: RegExp) => sb.requests.filter((r) => r.method === method && path.test(r.path));
const calls = (run: AgentRun) => run.rounds.flat();

async function asTool(parameters: INodeParameters, plan: IDataObject[][] = [[{}]], mode: 'engine' | 'supplyData' = 'engine') {
	const run = await runAsAgentTool({ parameters, credentials: credentials(), plan, mode });
	expect(run.executionError).toBeUndefined();
	return run;
}

async function availableNumber(): Promise<string> {
	const found = await runNode({
		node: VoiceAssistant,
		parameters: { resource: 'phoneNumber', operation: 'searchAvailable', countryCode: 'GB', limit: 1 },
		credentials: credentials(),
	});
	sb.clearRequests();
	return String(found.items[0].json.phone_number);
}

function makeCall(phone: string, extra: INodeParameters = {}): INodeParameters {
	return { resource: 'call', operation: 'make', assistantId: byId(1), phoneNumber: phone, ...extra };
}

describe.each(['engine', 'supplyData'] as const)('as a tool (%s path): operations that cost money or cannot be undone need the opt-in', (mode) => {
	it('Buy is refused without "Allow When Called by an AI Agent": nothing bought', async () => {
		const number = await availableNumber();
		const run = await asTool({ resource: 'phoneNumber', operation: 'buy', phoneNumber: number }, [[{}]], mode);
		expect(calls(run)).toHaveLength(1);
		expect(calls(run)[0].error).toMatch(/^Refused: "Buy a phone number" was asked for by an AI agent, and buying a number costs money\. .*"Allow When Called by an AI Agent"/);
		expect(requests('POST', /purchase/)).toHaveLength(0);
		expect(sb.store.phoneNumbers.some((p) => p.phone_number === number)).toBe(false);
	});

	it('Call → Delete, Lead → Delete and Campaign → Start are refused without it: nothing sent', async () => {
		const call = sb.store.calls.find((c) => c.user_id === sb.users.alice)!;
		const lead = sb.store.leads.find((l) => l.user_id === sb.users.alice)!;
		const cases: Array<[INodeParameters, RegExp]> = [
			[{ resource: 'call', operation: 'delete', callId: String(call.id) }, /deleting a call cannot be undone/],
			[{ resource: 'lead', operation: 'delete', leadId: String(lead.id) }, /deleting a lead cannot be undone/],
			[{ resource: 'campaign', operation: 'start', campaignId: byId(1) }, /starting a campaign has all its leads called, which costs money/],
			[{ resource: 'campaign', operation: 'delete', campaignId: byId(1) }, /deleting a campaign stops it and removes its leads/],
			[{ resource: 'assistant', operation: 'delete', assistantId: byId(1) }, /deleting an assistant cannot be undone/],
		];
		for (const [parameters, reason] of cases) {
			const run = await asTool(parameters, [[{}]], mode);
			expect(calls(run)[0].error).toMatch(reason);
		}
		expect(sb.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
		expect(sb.store.calls.includes(call)).toBe(true);
		expect(sb.store.leads.includes(lead)).toBe(true);
		expect(sb.store.campaignOf(sb.users.alice, 1)).toBeDefined();
		expect(sb.store.assistantOf(sb.users.alice, 1)).toBeDefined();
	});

	it('with the opt-in switched on, Buy runs', async () => {
		const number = await availableNumber();
		const run = await asTool({ resource: 'phoneNumber', operation: 'buy', phoneNumber: number, allowForAiAgent: true }, [[{}]], mode);
		expect(calls(run)[0].error).toBeUndefined();
		expect(requests('POST', /purchase/)).toHaveLength(1);
		expect(sb.store.phoneNumbers.filter((p) => p.phone_number === number)).toHaveLength(1);
	});
});

describe('as a tool: calls and messages are capped per execution, over all the agent’s calls', () => {
	it('Max Tool Calls per Execution 2: of three calls in three rounds, two are placed, the third refused', async () => {
		const run = await asTool(makeCall('+4917640000001', { maxToolCallsPerExecution: 2 }), [[{}], [{}], [{}]]);
		const results = calls(run);
		expect(results.map((r) => r.error === undefined)).toEqual([true, true, false]);
		expect(results[2].error).toMatch(/^Refused: this tool may send at most 2 in one workflow execution, 2 already went out/);
		expect(requests('POST', /make_call/)).toHaveLength(2);
	});

	it('the default limit is 5 per execution; calls made in one round count too', async () => {
		const run = await asTool(makeCall('+4917640000002'), [[{}, {}, {}], [{}, {}, {}]]);
		expect(calls(run).filter((r) => r.error === undefined)).toHaveLength(5);
		expect(requests('POST', /make_call/)).toHaveLength(5);
	});

	it('the count belongs to one execution: the next execution starts from zero', async () => {
		await asTool(makeCall('+4917640000003', { maxToolCallsPerExecution: 1 }), [[{}]]);
		const next = await asTool(makeCall('+4917640000003', { maxToolCallsPerExecution: 1 }), [[{}], [{}]]);
		expect(calls(next).map((r) => r.error === undefined)).toEqual([true, false]);
		expect(requests('POST', /make_call/)).toHaveLength(2);
	});

	it('Allowed Number Prefixes: a number outside them is refused, one inside is called', async () => {
		const refused = await asTool(makeCall('+447911123456', { allowedNumberPrefixes: '+49, +43 1' }));
		expect(calls(refused)[0].error).toBe('Refused: +447911123456 does not start with one of the number prefixes this tool may reach (+49, +431)');
		const allowed = await asTool(makeCall('+4917640000004', { allowedNumberPrefixes: '+49, +43 1' }));
		expect(calls(allowed)[0].error).toBeUndefined();
		expect(requests('POST', /make_call/)).toHaveLength(1);
	});

	it('an Allowed Number Prefixes entry that is no prefix is an error, nothing sent', async () => {
		const run = await asTool(makeCall('+4917640000005', { allowedNumberPrefixes: '49' }));
		expect(calls(run)[0].error).toMatch(/Allowed Number Prefixes: "49" is not an international prefix/);
		expect(requests('POST', /make_call/)).toHaveLength(0);
	});
});

describe('what the agent reads', () => {
	it('the tool description of Buy says it is refused and why (supplyData path: the description the agent gets)', async () => {
		const run = await asTool({ resource: 'phoneNumber', operation: 'buy', phoneNumber: '+441234567890' }, [[{}]], 'supplyData');
		expect(run.toolDescription).toBe(
			'Buy a phone number in Voice Assistant. Buying a number costs money, so it runs only where a person allowed it on this tool ("Allow When Called by an AI Agent"); elsewhere it is refused. A refused call returns an error that says why; do not try to work around it.',
		);
	});

	it('Make Call’s says it is limited; an operation without limits keeps n8n’s automatic description', async () => {
		const make = await asTool(makeCall('+4917640000006'), [[{}]], 'supplyData');
		expect(make.toolDescription).toMatch(/^Make a call in Voice Assistant\. It is limited per workflow execution and to the number prefixes set on this tool\./);
		const get = await asTool({ resource: 'account', operation: 'get' }, [[{}]], 'supplyData');
		expect(get.toolDescription).toBe('Get the account in Voice Assistant');
	});

	it('the tool-only fields exist on the tool variant only ("@tool")', () => {
		const normal = new VoiceAssistant().description;
		const tool = toolVariant(new VoiceAssistant()).description;
		const shown = (description: typeof normal, values: INodeParameters) =>
			Object.keys(NodeHelpers.getNodeParameters(description.properties, values, true, false, null, description) ?? {});
		const buy = { resource: 'phoneNumber', operation: 'buy' };
		const make = { resource: 'call', operation: 'make' };
		expect(shown(normal, buy)).not.toEqual(expect.arrayContaining(['allowForAiAgent']));
		expect(shown(normal, make)).not.toContain('maxToolCallsPerExecution');
		expect(shown(normal, make)).not.toContain('toolDescription');
		expect(shown(tool, buy)).toEqual(expect.arrayContaining(['allowForAiAgent', 'toolDescription']));
		expect(shown(tool, make)).toEqual(expect.arrayContaining(['maxToolCallsPerExecution', 'allowedNumberPrefixes', 'toolDescription']));
		expect(shown(tool, make)).not.toContain('allowForAiAgent');
	});
});

describe('normal runs are not affected', () => {
	it('Buy, Lead → Delete and more than five Make Calls run as before', async () => {
		const number = await availableNumber();
		const bought = await runNode({ node: VoiceAssistant, parameters: { resource: 'phoneNumber', operation: 'buy', phoneNumber: number }, credentials: credentials() });
		expect(bought.error).toBeUndefined();
		const lead = sb.store.leads.find((l) => l.user_id === sb.users.alice)!;
		const deleted = await runNode({ node: VoiceAssistant, parameters: { resource: 'lead', operation: 'delete', leadId: String(lead.id) }, credentials: credentials() });
		expect(deleted.error).toBeUndefined();
		const items = Array.from({ length: 7 }, (_, i) => ({ phone: `+49176400001${String(i).padStart(2, '0')}` }));
		const placed = await runNode({
			node: VoiceAssistant,
			parameters: makeCall('={{ $json.phone }}', { allowedNumberPrefixes: '+44' }),
			credentials: credentials(),
			items,
		});
		expect(placed.error).toBeUndefined();
		expect(placed.items).toHaveLength(7);
		expect(requests('POST', /make_call/)).toHaveLength(7);
	});
});
