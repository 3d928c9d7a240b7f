/**
 * The tool a "Tool Called During a Call" trigger declares, read from its parameters and checked
 * against the platform's rules before anything is sent (shared/toolRules.ts): a bad value fails the
 * activation with the field's name, and nothing is created.
 */
import { createHash } from 'node:crypto';
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { TOOL_RANGES, TOOL_TEXT } from '../../shared/limits';
import { checkToolName, checkToolParameters, collectionRows, type ToolParameter } from '../../shared/toolRules';
import type { AccountKind } from '../../shared/accountKind';
import { charCount } from '../../shared/validate';
import { isUuid } from '../../shared/uuid';
import { FAILURE_ANSWER_DEFAULT, TOOL_PARAMETERS } from './fields';


export interface DeclaredParameter extends ToolParameter {
	/** whether a call without it is refused (the platform has no such flag: the trigger checks it) */
	required: boolean;
}

export interface ToolSpec {
	kind: AccountKind;
	name: string;
	description: string;
	parameters: DeclaredParameter[];
	/** how long the platform waits for the answer, in seconds */
	timeoutSeconds: number;
	/** the assistants to give the tool to: numeric IDs (classic) or UUIDs (2.0), as text */
	assistantIds: string[];
	/** what the assistant hears when the workflow fails or is too slow */
	failureAnswer: string;
}

type Reader = IHookFunctions | IWebhookFunctions;

function failAt(ctx: Reader) {
	return (field: string, problem: string) =>
		new NodeOperationError(ctx.getNode(), `${field} ${problem}`, { description: 'Fix the field in the trigger and activate the workflow again.' });
}

/** The assistants picked, as text IDs in the order given, without repeats. */
function assistantIdsOf(ctx: Reader, kind: AccountKind): string[] {
	const raw = ctx.getNodeParameter(kind === 'classic' ? 'toolAssistants' : 'platform2ToolAssistants', []) as unknown;
	const list = Array.isArray(raw) ? raw : typeof raw === 'string' && raw.trim() !== '' ? raw.split(',') : [];
	const ids = list.map((value) => String(value).trim()).filter((value) => value !== '');
	for (const id of ids) {
		const valid = kind === 'classic' ? /^\d{1,15}$/.test(id) && Number(id) > 0 : isUuid(id);
		if (!valid) throw failAt(ctx)('Assistants', `holds "${id.slice(0, 100)}", which is not an assistant ID (${kind === 'classic' ? 'a number' : 'a UUID'})`);
	}
	return [...new Set(ids.map((id) => id.toLowerCase()))];
}

export function readToolSpec(ctx: Reader, kind: AccountKind): ToolSpec {
	const fail = failAt(ctx);
	const name = checkToolName(ctx.getNodeParameter('toolName', ''), fail);
	const description = String(ctx.getNodeParameter('toolDescription', '') ?? '').trim();
	if (description === '') throw fail('Description', 'is required: the assistant reads it to decide when to call the tool');
	if (charCount(description) > TOOL_TEXT.description) throw fail('Description', `must be at most ${TOOL_TEXT.description} characters (got ${charCount(description)})`);
	const rows = collectionRows(ctx.getNodeParameter(TOOL_PARAMETERS, {}), 'parameter');
	const parameters = checkToolParameters(rows, fail).map((parameter, index) => ({ ...parameter, required: rows[index].required !== false }));
	const timeout = Number(ctx.getNodeParameter('toolTimeout', 10));
	const { min, max } = TOOL_RANGES.timeout;
	if (!Number.isInteger(timeout) || timeout < min || timeout > max) throw fail('Timeout (Seconds)', `must be a whole number from ${min} to ${max} (got ${String(timeout)})`);
	const failureAnswer = String(ctx.getNodeParameter('toolFailureAnswer', FAILURE_ANSWER_DEFAULT) ?? '').trim() || FAILURE_ANSWER_DEFAULT;
	return { kind, name, description, parameters, timeoutSeconds: timeout, assistantIds: assistantIdsOf(ctx, kind), failureAnswer };
}

/**
 * What identifies the tool as registered: a change to any of these (not to the failure answer, which
 * only n8n uses) makes activation register it again.
 */
export function fingerprintOf(spec: ToolSpec): string {
	const { kind, name, description, parameters, timeoutSeconds, assistantIds } = spec;
	const material: IDataObject = { kind, name, description, parameters: parameters.map((p) => ({ ...p })), timeoutSeconds, assistantIds };
	return createHash('sha256').update(JSON.stringify(material)).digest('hex');
}
