import type { IWebhookDescription } from 'n8n-workflow';

/** Version 6: whether the node is set to "Tool Called During a Call" (either account kind), as an expression. */
export const IS_TOOL_CALL =
	'($parameter["accountKind"] === "platform2" ? $parameter["platform2Event"] === "toolCall" : $parameter["event"] === "toolCall")';

/**
 * The webhook n8n serves, per version. n8n reads these fields for every delivery:
 * - version 1 (kept unchanged for existing workflows): n8n also evaluates the `binaryData`
 *   expression of a version-1 node while parsing the body, and `responseData` defaults to
 *   'firstEntryJson', which "Respond: Immediately" sent as that literal text.
 * - version 2: n8n parses only JSON/text/form bodies and evaluates no binaryData expression;
 *   `responseData` is a plain empty string, so an immediate answer is the JSON the node hands back
 *   (`{"received": true}`) and "When Last Node Finishes" answers with the last node's items (an array,
 *   which the platform does not read as a ringing call's variables).
 * - version 3: "When Last Node Finishes" answers with the last node's first item as one JSON object
 *   (`firstEntryJson`), so a workflow can give a ringing inbound call `{"variables": {...}}`; an immediate
 *   answer stays the node's JSON (a non-empty responseData would be sent as literal text).
 * - version 6: the same, and "Tool Called During a Call" always answers with the last node's first item.
 * `responseMode` must follow the Respond parameter, which only an expression can do here: n8n's
 * engine-free resolution of such fields applies only to nodes without resource-locator parameters.
 */
export function webhookFor(version: number): IWebhookDescription {
	const webhook: IWebhookDescription = {
		name: 'default',
		httpMethod: 'POST',
		responseMode: '={{$parameter["responseMode"]}}',
		path: 'webhook',
	};
	if (version >= 6) {
		// A tool call is always answered by the workflow's last node (trigger/toolCall/answer.ts guards it).
		webhook.responseMode = `={{${IS_TOOL_CALL} ? "lastNode" : $parameter["responseMode"]}}`;
		webhook.responseData = `={{${IS_TOOL_CALL} || $parameter["responseMode"] === "lastNode" ? "firstEntryJson" : ""}}`;
	} else if (version >= 3) webhook.responseData = '={{$parameter["responseMode"] === "lastNode" ? "firstEntryJson" : ""}}';
	else if (version >= 2) webhook.responseData = '';
	return webhook;
}
