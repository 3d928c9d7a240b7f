/** The polling trigger's description: n8n's polling convention, and the webhook trigger's parameter names. */
import type { INodeProperties } from 'n8n-workflow';

import { VoiceAssistantPollingTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node';
import { VoiceAssistantTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantTrigger.node';
import { concreteNodeType } from '../harness/workflow';
import packageJson from '../../package.json';
import codex from '../../nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node.json';

const polling = new VoiceAssistantPollingTrigger().description;
const webhook = concreteNodeType(new VoiceAssistantTrigger(), 3).description;

const names = (properties: INodeProperties[]) => properties.map((p) => p.name);
const optionNames = (properties: INodeProperties[]) => names((properties.find((p) => p.name === 'options')?.options ?? []) as INodeProperties[]);

describe('Voice Assistant Polling Trigger: description', () => {
	it('is a polling trigger as n8n expects one (Poll Times are added by n8n)', () => {
		expect(polling).toMatchObject({ polling: true, group: ['trigger'], inputs: [] });
		// version 3 adds the Platform 2.0 credential, shown only for Account Kind Platform 2.0
		expect(polling.credentials?.[0]).toMatchObject({ name: 'voiceAssistantApi', required: true });
		expect(polling.name).toMatch(/Trigger$/);
		expect(polling.webhooks).toBeUndefined();
		expect(names(polling.properties)).not.toContain('pollTimes');
	});

	it("uses the webhook trigger's parameter names, so a workflow can swap one for the other", () => {
		for (const name of ['event', 'assistantId', 'simplify']) expect(names(webhook.properties)).toContain(name);
		for (const name of ['event', 'assistantId', 'simplify']) expect(names(polling.properties)).toContain(name);
		for (const name of ['statuses', 'downloadRecording', 'binaryPropertyName']) {
			expect(optionNames(webhook.properties)).toContain(name);
			expect(optionNames(polling.properties)).toContain(name);
		}
	});

	it('is registered in package.json and has a codex file naming it', () => {
		expect(packageJson.n8n.nodes).toContain('dist/nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node.js');
		expect(codex.node).toBe(`n8n-nodes-voice-assistant.${polling.name}`);
	});
});
