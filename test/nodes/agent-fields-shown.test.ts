/**
 * The tool variant's fields are properties shared by many operations (engine/properties.ts, one opt-in
 * switch and one resource Description for all; issue #36 item 9). Whatever is shared, each operation
 * of both account kinds, as n8n reads its parameters, must get exactly its own: its Description (with
 * the limits the agent reads, or empty for n8n's automatic one), the opt-in switch only where it
 * needs one, the send limits only where it reaches a number; and none of them outside the tool.
 */
import { NodeHelpers, type INodeParameters, type INodeTypeDescription } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { agentDescription, isLimitedForAgents } from '../../nodes/VoiceAssistant/engine/agent/fields';
import type { AnyOperation, Resource } from '../../nodes/VoiceAssistant/engine/operation';
import { RESOURCES } from '../../nodes/VoiceAssistant/actions/classic/operations';
import { PLATFORM2_RESOURCES } from '../../nodes/VoiceAssistant/actions/platform2/resources';
import { toolVariant } from '../security/agent-harness';

const normal = new VoiceAssistant().description;
const tool = toolVariant(new VoiceAssistant()).description;
const AGENT_FIELDS = ['toolDescription', 'allowForAiAgent', 'maxToolCallsPerExecution', 'allowedNumberPrefixes'];

const read = (description: INodeTypeDescription, values: INodeParameters) =>
	NodeHelpers.getNodeParameters(description.properties, values, true, false, null, description) ?? {};

const cases = (kind: string, resources: Resource[]) =>
	resources.flatMap((resource) => resource.operations.map((op) => [kind, resource.value, op] as [string, string, AnyOperation]));
const ALL = [...cases('classic', RESOURCES), ...cases('platform2', PLATFORM2_RESOURCES)];

test('both kinds are covered, with limited operations of each', () => {
	expect(ALL.filter(([kind]) => kind === 'classic').length).toBeGreaterThan(50);
	expect(ALL.filter(([kind]) => kind === 'platform2').length).toBeGreaterThan(400);
	expect(ALL.filter(([kind, , op]) => kind === 'platform2' && op.write?.agent?.needsOptIn !== undefined).length).toBeGreaterThan(50);
	expect(ALL.filter(([kind, , op]) => kind === 'classic' && op.write?.agent?.needsOptIn !== undefined).length).toBeGreaterThan(5);
});

test.each(ALL.map(([kind, resource, op]) => [`${kind} ${resource} → ${op.value}`, kind, resource, op] as const))(
	'%s: the tool shows its own agent fields, the node none',
	(_label, kind, resource, op) => {
		const values = { accountKind: kind, resource, operation: op.value };
		const asTool = read(tool, values);
		const agent = op.write?.agent;
		expect(asTool.toolDescription).toBe(isLimitedForAgents(op) ? agentDescription(op) : '');
		expect('allowForAiAgent' in asTool).toBe(agent?.needsOptIn !== undefined);
		if (agent?.needsOptIn !== undefined) {
			expect(asTool.allowForAiAgent).toBe(false);
			// true either way: it runs where a person allowed it (words that said "refused" would keep a
			// model from calling a tool it was allowed)
			expect(asTool.toolDescription).toMatch(/runs only where a person allowed it on this tool/);
			expect(read(tool, { ...values, allowForAiAgent: true }).toolDescription).toBe(asTool.toolDescription);
		}
		expect('maxToolCallsPerExecution' in asTool).toBe(agent?.reaches !== undefined);
		expect('allowedNumberPrefixes' in asTool).toBe(agent?.reaches !== undefined);
		const asNode = read(normal, values);
		// no operation's own field takes an agent field's name (Create Assistant Automation's tool_description is bodyToolDescription)
		for (const name of AGENT_FIELDS) expect(name in asNode).toBe(false);
	},
);
