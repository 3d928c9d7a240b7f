import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { AnyOperation, Prepared } from '../operation';
import { ALLOW_FIELD, DEFAULT_MAX_SENDS, MAX_SENDS_FIELD, PREFIXES_FIELD } from './fields';
import { reserveToolSends } from './toolCalls';
import { isAgentToolRun } from './toolRun';

/**
 * The limits on an AI agent's tool calls (issue #19): an agent acts on what it reads, and callers'
 * transcripts and chat messages reach it. Normal runs of the node are not affected. A refusal is a
 * NodeOperationError for the whole run: n8n hands its message to the agent, so it says what was
 * refused and why, and that only a person can change it.
 */

function refusal(ctx: IExecuteFunctions, message: string, description: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), message, { description });
}

/** Before anything is read or sent: a write that needs the user's opt-in is refused without it. */
export function refuseUnlessAllowed(ctx: IExecuteFunctions, op: AnyOperation): void {
	const reason = op.write?.agent?.needsOptIn;
	if (reason === undefined || !isAgentToolRun(ctx)) return;
	if (ctx.getNodeParameter(ALLOW_FIELD, 0, false) === true) return;
	throw refusal(
		ctx,
		`Refused: "${op.action}" was asked for by an AI agent, and ${reason}. Only a person can allow it, with "Allow When Called by an AI Agent" on this tool.`,
		'An AI agent decides on what it reads, and callers can write to it (transcripts, chat messages), so this operation does not run on an agent\'s word alone. Switch on "Allow When Called by an AI Agent" on the tool node if it should, best behind a human review step.',
	);
}

/** The allowed prefixes as typed ("+49, +43 1"): each one a + and digits, spaces and dashes ignored. */
function readPrefixes(ctx: IExecuteFunctions): string[] {
	const typed = String(ctx.getNodeParameter(PREFIXES_FIELD, 0, '') ?? '');
	const prefixes = typed
		.split(/[,;\n]/)
		.map((part) => part.replace(/[\s().-]/g, ''))
		.filter((part) => part !== '');
	const wrong = prefixes.find((prefix) => !/^\+\d{1,15}$/.test(prefix));
	if (wrong !== undefined) {
		throw new NodeOperationError(ctx.getNode(), `Allowed Number Prefixes: "${wrong}" is not an international prefix such as +49`);
	}
	return prefixes;
}

/**
 * After the batch is checked, before anything is sent: every number this run would reach must start
 * with an allowed prefix, and the execution's sends (all the agent's calls of this tool) must stay
 * within Max Tool Calls per Execution. The sends are counted as reserved here, sent or not.
 */
export function admitToolSends(ctx: IExecuteFunctions, op: AnyOperation, prepared: Prepared[]): void {
	const reaches = op.write?.agent?.reaches;
	if (reaches === undefined || !isAgentToolRun(ctx) || prepared.length === 0) return;

	const prefixes = readPrefixes(ctx);
	if (prefixes.length > 0) {
		const outside = prepared.map((item) => reaches.call(op.write?.agent, item)).find((number) => !prefixes.some((prefix) => number.startsWith(prefix)));
		if (outside !== undefined) {
			throw refusal(
				ctx,
				`Refused: ${outside} does not start with one of the number prefixes this tool may reach (${prefixes.join(', ')})`,
				'The tool node\'s "Allowed Number Prefixes" limit which numbers an AI agent may reach. Nothing was sent.',
			);
		}
	}

	const max = Number(ctx.getNodeParameter(MAX_SENDS_FIELD, 0, DEFAULT_MAX_SENDS));
	if (!Number.isFinite(max) || max <= 0) return;
	const { reserved, usedBefore } = reserveToolSends(ctx, prepared.length, max);
	if (!reserved) {
		throw refusal(
			ctx,
			`Refused: this tool may send at most ${max} in one workflow execution, ${usedBefore} already went out, and this call asked for ${prepared.length} more`,
			'The tool node\'s "Max Tool Calls per Execution" limits how much an AI agent may send in one execution. Nothing was sent.',
		);
	}
}
