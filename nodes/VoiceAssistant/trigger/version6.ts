/**
 * Version 6 of the trigger: version 5 plus "Tool Called During a Call" for both account kinds
 * (toolCall/). The event joins each kind's Event list; while it is chosen, the other events' fields
 * are hidden and the tool's fields shown. Versions 1 to 5 are unchanged.
 */
import type { INodeProperties } from 'n8n-workflow';

import { ACCOUNT_KIND } from '../shared/accountKind';
import { PLATFORM2_EVENT } from './platform2/lifecycle';
import { platform2Properties, version5Properties } from './platform2/properties';
import { triggerPropertiesFor } from './classic/properties';
import { TOOL_CALL_EVENT, toolCallEventOption, toolCallFields } from './toolCall/fields';

const byName = (a: { name: string }, b: { name: string }) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1);

/** An Event field with the tool-call event among its options (alphabetical, as the editor lists them). */
function withToolCallEvent(property: INodeProperties): INodeProperties {
	return { ...property, options: [...(property.options ?? []), toolCallEventOption].sort(byName) as INodeProperties['options'] };
}

/** A classic field of another event: hidden while the tool-call event is chosen. */
function hiddenForToolCall(property: INodeProperties): INodeProperties {
	const displayOptions = property.displayOptions ?? {};
	const hidden = (displayOptions.hide?.event as string[] | undefined) ?? [];
	return { ...property, displayOptions: { ...displayOptions, hide: { ...(displayOptions.hide ?? {}), event: [...hidden, TOOL_CALL_EVENT] } } };
}

function classicProperties(): INodeProperties[] {
	const fields = toolCallFields({ event: [TOOL_CALL_EVENT] }, { name: 'toolAssistants', method: 'getAssistants', idKind: 'their IDs (numbers)' });
	return [
		...triggerPropertiesFor(4).map((property) => (property.name === 'event' ? withToolCallEvent(property) : hiddenForToolCall(property))),
		...fields,
	];
}

function platform2ToolProperties(): INodeProperties[] {
	const fields = toolCallFields(
		{ [ACCOUNT_KIND]: ['platform2'], [PLATFORM2_EVENT]: [TOOL_CALL_EVENT] },
		{ name: 'platform2ToolAssistants', method: 'getPlatform2Assistants', idKind: 'their IDs (UUIDs)' },
	);
	return [...platform2Properties.map((property) => (property.name === PLATFORM2_EVENT ? withToolCallEvent(property) : property)), ...fields];
}

export function version6Properties(): INodeProperties[] {
	return version5Properties(classicProperties(), platform2ToolProperties());
}
