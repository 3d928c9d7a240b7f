/**
 * webhook() for "Tool Called During a Call", both account kinds. In this order: the secret header
 * (constant time; 401 and nothing runs without it), the values against the declared parameters (a
 * missing or mistyped one is answered in words the assistant can say, and nothing runs), then the
 * workflow runs with the values as its item and its last node's first item is the answer, guarded
 * so the assistant always gets one in time (answer.ts).
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { isObject } from '../../shared/objects';
import { deliverySlot } from '../registration';
import { secretMatchesHash } from '../secret';
import { answerDeadlineMs, guardAnswer, type AnswerStream } from './answer';
import { checkArguments } from './arguments';
import { toolRegistrations } from './registration';
import { TOOL_SECRET_HEADER } from './secretHeader';
import type { AccountKind } from '../../shared/accountKind';
import { readToolSpec } from './spec';

/** Answers the request itself (JSON) and starts no execution. */
function answerNow(ctx: IWebhookFunctions, status: number, body: object): IWebhookResponseData {
	const res = ctx.getResponseObject();
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
	return { noWebhookResponse: true };
}

export function receiveToolCall(ctx: IWebhookFunctions, kind: AccountKind): IWebhookResponseData {
	const registration = toolRegistrations.read(ctx, deliverySlot(ctx));
	const given = ctx.getHeaderData()[TOOL_SECRET_HEADER];
	if (!registration || registration.kind !== kind || !secretMatchesHash(given, registration.secretHash)) {
		return answerNow(ctx, 401, { message: 'Missing or wrong secret' });
	}
	const spec = readToolSpec(ctx, kind);
	const raw = ctx.getBodyData() as unknown;
	const body = isObject(raw) && !Array.isArray(raw) ? raw : {};
	const checked = checkArguments(body, ctx.getQueryData() as IDataObject, spec.parameters);
	// 200 with the words: the platform hands a tool's answer to the assistant; an error status may not be.
	if ('refusal' in checked) return answerNow(ctx, 200, { error: checked.refusal });
	guardAnswer(ctx.getResponseObject() as unknown as AnswerStream, { error: spec.failureAnswer }, answerDeadlineMs(spec.timeoutSeconds));
	return { workflowData: [[{ json: checked.values }]] };
}
