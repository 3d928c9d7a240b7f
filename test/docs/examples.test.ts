/**
 * The example workflows (also the e2e fixtures) are what users copy: they use the version of each of
 * our nodes the editor adds today, so they show the ten-field Simplify, not an old one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { shippedVersions } from './shippedVersions';

const EXAMPLES = join(__dirname, '../../examples');
const newestByType = new Map(Object.values(shippedVersions()).map((node) => [node.type, node.newest]));

const nodes = readdirSync(EXAMPLES)
	.filter((name) => name.endsWith('.json'))
	.flatMap((file) => {
		const workflow = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as { nodes: Array<{ name: string; type: string; typeVersion: number }> };
		return workflow.nodes.filter((node) => newestByType.has(node.type)).map((node) => ({ file, ...node }));
	});

describe('examples/*.json', () => {
	it('use our nodes', () => {
		expect(new Set(nodes.map((node) => node.type)).size).toBeGreaterThanOrEqual(2);
	});

	it('use the newest version of each of our nodes', () => {
		const old = nodes
			.filter((node) => node.typeVersion !== newestByType.get(node.type))
			.map((node) => `${node.file}: "${node.name}" is ${node.type} version ${node.typeVersion}, the newest is ${newestByType.get(node.type)}`);
		expect(old).toEqual([]);
	});
});

/**
 * The Platform 2.0 examples load as they are: every parameter of our action node is a field the editor
 * shows for its resource and operation on a 2.0 account, so a renamed resource, operation or field is
 * caught here (the e2e test platform2-loop runs each example against the sandbox).
 */
describe('examples/platform2-*.json', () => {
	const properties = new VoiceAssistant().description.properties;
	type Shown = { show?: Record<string, unknown[] | undefined> };
	const shownFor = (name: string, values: Record<string, unknown>) =>
		properties.some((p) => {
			if (p.name !== name) return false;
			const show = (p.displayOptions as Shown | undefined)?.show ?? {};
			return ['accountKind', 'resource', 'operation'].every((key) => !show[key] || show[key]!.includes(values[key]));
		});
	const examples = readdirSync(EXAMPLES)
		.filter((name) => name.startsWith('platform2-') && name.endsWith('.json'))
		.map((file) => ({ file, workflow: JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as { nodes: Array<{ name: string; type: string; parameters: Record<string, unknown>; credentials?: Record<string, unknown> }> } }));

	it('are five, each on the 2.0 credential', () => {
		expect(examples.map((e) => e.file).sort()).toEqual([
			'platform2-answer-order-questions-during-a-call.json',
			'platform2-bulk-leads-from-a-sheet.json',
			'platform2-call-and-wait-under-calling-rules.json',
			'platform2-opt-outs-in-step.json',
			'platform2-route-finished-calls.json',
		]);
		const ours = examples.flatMap(({ file, workflow }) => workflow.nodes.filter((node) => node.type.startsWith('n8n-nodes-voice-assistant.')).map((node) => ({ file, node })));
		expect(ours.filter(({ node }) => !node.credentials?.voiceAssistantPlatform2Api).map(({ file, node }) => `${file}: ${node.name}`)).toEqual([]);
	});

	it('set only fields the editor shows for their resource and operation', () => {
		const unknown = examples.flatMap(({ file, workflow }) =>
			workflow.nodes
				.filter((node) => node.type === 'n8n-nodes-voice-assistant.voiceAssistant')
				.flatMap((node) => Object.keys(node.parameters).filter((name) => !shownFor(name, node.parameters)).map((name) => `${file}: "${node.name}" ${name}`)),
		);
		expect(unknown).toEqual([]);
	});
});
