import type { INodeTypeDescription } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { VoiceAssistantPollingTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node';
import { VoiceAssistantTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantTrigger.node';

/** The three nodes, by the words the docs use for them. */
export type NodeName = 'action' | 'trigger' | 'polling';

export interface Shipped {
	/** the node type as a workflow stores it (package name + node name) */
	type: string;
	/** every version the build describes */
	versions: number[];
	/** the version the editor adds */
	newest: number;
}

const PACKAGE = 'n8n-nodes-voice-assistant';

/** A node with `version: [1, 2]`: the editor adds the highest unless the description names a default. */
function plain(description: INodeTypeDescription): Shipped {
	const versions = Array.isArray(description.version) ? description.version : [description.version];
	return { type: `${PACKAGE}.${description.name}`, versions, newest: description.defaultVersion ?? Math.max(...versions) };
}

/** What the build ships, read from the node classes themselves (not from any document). */
export function shippedVersions(): Record<NodeName, Shipped> {
	const trigger = new VoiceAssistantTrigger();
	return {
		action: plain(new VoiceAssistant().description),
		polling: plain(new VoiceAssistantPollingTrigger().description),
		trigger: {
			type: `${PACKAGE}.${trigger.description.name}`,
			versions: Object.keys(trigger.nodeVersions).map(Number),
			newest: trigger.description.defaultVersion ?? trigger.getLatestVersion(),
		},
	};
}
