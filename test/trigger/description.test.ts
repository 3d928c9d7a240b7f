/**
 * What n8n reads from the description when it serves the webhook: the response mode comes from the
 * node's "Respond" parameter (resolved the way n8n's webhook helper resolves it), the node is a
 * plain trigger of our credential and not offered as an AI tool.
 */
import { NodeHelpers } from 'n8n-workflow';
import type { INode, INodeProperties } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { listSearch } from '../harness';
import { createWorkflow, prepareNode } from '../harness/workflow';
import type { VoiceAssistantTriggerVersion } from '../../nodes/VoiceAssistant/trigger/node';
import { VoiceAssistantTrigger, credentials, parameters } from './helpers';

const versioned = new VoiceAssistantTrigger();
// Version 4, the newest classic-only version; version 5 (Account Kind first) is test/platform2/trigger/description.test.ts
const trigger = versioned.getNodeType(4) as VoiceAssistantTriggerVersion;

/** A field of the webhook description resolved the way n8n's webhook helper resolves it for a delivery. */
function resolvedWebhookField(field: 'responseMode' | 'responseData', responseMode?: string, typeVersion?: number): unknown {
	const { nodeType, node } = prepareNode(VoiceAssistantTrigger, {
		parameters: parameters(responseMode ? { responseMode } : {}),
		typeVersion,
	});
	const workflow = createWorkflow(nodeType, [node]);
	const description = (versioned.getNodeType(node.typeVersion) as VoiceAssistantTriggerVersion).description.webhooks?.[0];
	return workflow.expression.getSimpleParameterValue(
		workflow.nodes[node.name] as INode,
		description?.[field] as string,
		'webhook',
		{},
		undefined,
		field === 'responseMode' ? 'onReceived' : 'firstEntryJson',
	);
}

const resolvedResponseMode = (responseMode?: string, typeVersion?: number) => resolvedWebhookField('responseMode', responseMode, typeVersion);

describe('trigger description', () => {
	it.each(['onReceived', 'lastNode', 'responseNode'])('responds per the Respond parameter: %s', (mode) => {
		if (mode !== 'responseNode') expect(resolvedResponseMode(mode)).toBe(mode);
		expect(resolvedResponseMode(mode, 2)).toBe(mode);
		expect(resolvedResponseMode(mode, 1)).toBe(mode);
	});

	it('is version 6 by default and still offers versions 1 to 5 for existing workflows', () => {
		expect(versioned.description.defaultVersion).toBe(6);
		expect(Object.keys(versioned.nodeVersions).map(Number).sort()).toEqual([1, 2, 3, 4, 5, 6]);
		expect(trigger.description.version).toBe(4);
		// version 4 changes only what Simplify keeps (shared/compact.ts), not the editor's fields
		const v3 = versioned.getNodeType(3) as VoiceAssistantTriggerVersion;
		expect(trigger.description.properties).toEqual(v3.description.properties);
		const v1 = versioned.getNodeType(1) as VoiceAssistantTriggerVersion;
		const v2 = versioned.getNodeType(2) as VoiceAssistantTriggerVersion;
		expect(v1.description.version).toBe(1);
		// version 2 adds only Download Recording (and its fields) to the options; version 1 keeps the rest as it was
		const withoutDownload = v2.description.properties.map((p) =>
			p.name === 'options' ? { ...p, options: (p.options as INodeProperties[]).filter((o) => !['downloadRecording', 'binaryPropertyName', 'allowedRecordingHosts', 'maxRecordingSizeMb'].includes(o.name)) } : p,
		);
		expect(v1.description.properties).toEqual(withoutDownload);
		// version 3 changes only how it answers
		const respondNames = ['responseMode', 'respondNodeNotice', 'inboundAnswerNotice'];
		const rest = (props: INodeProperties[]) => props.filter((p) => !respondNames.includes(p.name));
		expect(rest(trigger.description.properties)).toEqual(rest(v2.description.properties));
	});

	it('version 3 does not offer Respond to Webhook, which n8n runs only after its own Webhook, Form, Chat and Wait nodes', () => {
		const modes = trigger.description.properties
			.filter((p) => p.name === 'responseMode')
			.flatMap((p) => (p.options as Array<{ value: string }>).map((o) => o.value));
		expect(new Set(modes)).toEqual(new Set(['onReceived', 'lastNode']));
		expect(trigger.description.properties.some((p) => p.name === 'respondNodeNotice')).toBe(false);
		// versions 1 and 2 keep the option for saved workflows, with a notice that says what to do instead
		for (const version of [1, 2]) {
			const old = (versioned.getNodeType(version) as VoiceAssistantTriggerVersion).description.properties;
			expect(old.find((p) => p.name === 'respondNodeNotice')?.displayName).toContain('add this trigger again (version 3)');
		}
	});

	it.each([
		['lastNode', 'firstEntryJson'],
		['onReceived', ''],
	])('version 3 with Respond %s tells n8n to answer with %j (the last node\'s first item as one object)', (mode, expected) => {
		expect(resolvedWebhookField('responseData', mode, 3)).toBe(expected);
	});

	it('version 2 answers an immediate response with what the node hands back (JSON), version 1 as before', () => {
		// n8n: responseData falsy → the webhookResponse the node returned; undefined → "firstEntryJson".
		expect((versioned.getNodeType(2) as VoiceAssistantTriggerVersion).description.webhooks?.[0].responseData).toBe('');
		expect((versioned.getNodeType(1) as VoiceAssistantTriggerVersion).description.webhooks?.[0].responseData).toBeUndefined();
	});

	it('responds immediately by default', () => {
		expect(resolvedResponseMode()).toBe('onReceived');
	});

	it('is a POST webhook trigger of the voiceAssistantApi credential, not an AI tool', () => {
		const d = trigger.description;
		expect(d.name).toBe('voiceAssistantTrigger');
		expect(d.group).toEqual(['trigger']);
		expect(d.inputs).toEqual([]);
		expect(d.usableAsTool).toBeUndefined();
		expect(d.credentials).toEqual([{ name: 'voiceAssistantApi', required: true }]);
		expect(d.webhooks?.map((w) => [w.name, w.httpMethod])).toEqual([['default', 'POST']]);
		expect(typeof trigger.methods.listSearch.searchAssistants).toBe('function');
	});

	it('offers every call state of the platform in the status filter', () => {
		const options = trigger.description.properties.find((p) => p.name === 'options');
		const statuses = options?.options?.find((o) => 'name' in o && o.name === 'statuses') as { options?: Array<{ value: string }> };
		expect(statuses.options?.map((o) => o.value).sort()).toEqual(
			['busy', 'completed', 'ended', 'ended_by_assistant', 'ended_by_customer', 'failed', 'in-progress', 'initiated', 'no-answer', 'ringing'],
		);
	});

	it('shows the post-call options only for Call Ended', () => {
		const node = { parameters: parameters({ event: 'inboundCallCompleted' }), typeVersion: 2 } as unknown as INode;
		const options = trigger.description.properties.find((p) => p.name === 'options');
		const visible = (name: string, event: string) => {
			const option = options?.options?.find((o) => 'name' in o && o.name === name) as Parameters<typeof NodeHelpers.displayParameterPath>[1];
			return NodeHelpers.displayParameterPath({ ...node.parameters, event }, option, 'options', node, trigger.description);
		};
		expect(visible('onlyCompleted', 'callEnded')).toBe(true);
		expect(visible('includeRecording', 'callEnded')).toBe(true);
		expect(visible('onlyCompleted', 'inboundCallCompleted')).toBe(false);
		expect(visible('statuses', 'inboundCallCompleted')).toBe(true);
	});
});

describe('assistant list of the trigger', () => {
	const sb = useSandbox();

	it("lists the credential's assistants for the resource locator", async () => {
		const result = await listSearch(VoiceAssistantTrigger, 'searchAssistants', {
			credentials: credentials(sb),
			path: 'parameters.assistantId',
		});
		const ids = result.results.map((r) => Number(r.value));
		expect(ids).toContain(1);
		expect(ids).toContain(2);
		expect(ids).not.toContain(13); // bob's
	});
});
