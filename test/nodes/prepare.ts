/**
 * An operation's `prepare` called directly, without n8n or the sandbox: the request it builds from
 * one item's parameters. For tests where that mapping is the behaviour; the same operations also run
 * end to end through the engine in their own files.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { itemParams } from '../../nodes/VoiceAssistant/engine/itemParams';
import type { Operation, Prepared } from '../../nodes/VoiceAssistant/engine/operation';

const NODE: INode = {
	id: 'prepare-test',
	name: 'Voice Assistant',
	type: 'n8n-nodes-voice-assistant.voiceAssistant',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** What the operation prepares for item 0 with these parameters (dotted names read nested values, as n8n does). */
export function prepare<P extends Prepared>(operation: Operation<P>, parameters: IDataObject): P {
	const read = (name: string, fallback: unknown, options?: { extractValue?: boolean }) => {
		let value: unknown = parameters;
		for (const key of name.split('.')) value = value && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
		if (value === undefined) return fallback;
		const locator = value as { __rl?: boolean; value?: unknown };
		return options?.extractValue && locator && typeof locator === 'object' && locator.__rl ? locator.value : value;
	};
	const ctx = {
		getNode: () => NODE,
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown, options?: { extractValue?: boolean }) => read(name, fallback, options),
	} as unknown as IExecuteFunctions;
	return operation.prepare(itemParams(ctx, 0, operation.defaultCountry === true));
}
