/**
 * The fields of "Tool Called During a Call" (trigger version 6), for both account kinds: the tool's
 * Name, Description and Parameters are the action node's Tool fields (actions/classic/tool/fields.ts), each
 * parameter with Required added (the trigger checks it; the platform has no such flag).
 */
import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { descriptionField, nameField, parameterValues, timeoutField } from '../../actions/classic/tool/fields';

export const TOOL_CALL_EVENT = 'toolCall';
export const TOOL_PARAMETERS = 'toolParameters';

export const FAILURE_ANSWER_DEFAULT = "Sorry, I can't look that up right now. Please try again in a moment.";

/** The event as both Event lists offer it. */
export const toolCallEventOption: INodePropertyOptions = {
	name: 'Tool Called During a Call',
	value: TOOL_CALL_EVENT,
	description:
		'The assistant calls a tool while it talks (e.g. to look up an order); the workflow answers and the assistant speaks the answer. The trigger creates the tool and gives it to the chosen assistants while active.',
};

const requiredValue: INodeProperties = {
	displayName: 'Required',
	name: 'required',
	type: 'boolean',
	default: true,
	description: 'Whether a call without this value is refused before the workflow runs (the assistant is told what is missing)',
};

/** The event's fields, shown where `show` says (classic: Event; 2.0: Account Kind and Event). */
export function toolCallFields(show: IDisplayOptions['show'], assistants: { name: string; method: string; idKind: string }): INodeProperties[] {
	const displayOptions = { show };
	return [
		{
			displayName:
				"While active, this trigger creates the tool on the platform and adds it to the chosen assistants' tools (their other tools stay). Deactivating removes exactly that. End the workflow with one item: its JSON is the answer the assistant reads, e.g. {\"answer\": \"Your order ships tomorrow.\"}.",
			name: 'toolCallNotice',
			type: 'notice',
			default: '',
			displayOptions,
		},
		{ ...nameField, name: 'toolName', required: true, placeholder: 'e.g. lookup_order', displayOptions },
		{
			...descriptionField,
			name: 'toolDescription',
			required: true,
			placeholder: "e.g. Looks up the caller's order by its number and says when it ships",
			description: 'What the tool does and when to use it: the assistant reads this to decide when to call it (at most 255 characters)',
			displayOptions,
		},
		{
			displayName: 'Parameters',
			name: TOOL_PARAMETERS,
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Parameter',
			default: {},
			description: 'What the assistant gathers during the call and sends with the tool call; the workflow gets them as the fields of its item',
			options: [{ displayName: 'Parameter', name: 'parameter', values: [...parameterValues, requiredValue] }],
			displayOptions,
		},
		{
			...timeoutField,
			name: 'toolTimeout',
			description:
				'How long the assistant waits for the answer (1 to 30 seconds). A workflow not done about a second before it gets the Failure Answer instead, so the caller is never left waiting.',
			displayOptions,
		},
		{
			displayName: 'Assistant Names or IDs',
			name: assistants.name,
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: assistants.method },
			default: [],
			description: `The assistants that get the tool while the workflow is active. None: the tool is only created, to be given to assistants in the dashboard. Choose from the list, or specify ${assistants.idKind} using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
			displayOptions,
		},
		{
			displayName: 'Failure Answer',
			name: 'toolFailureAnswer',
			type: 'string',
			typeOptions: { rows: 2 },
			default: FAILURE_ANSWER_DEFAULT,
			description: 'What the assistant is told when the workflow fails, gives no answer, or is not done before the Timeout (it can say it to the caller)',
			displayOptions,
		},
	];
}
