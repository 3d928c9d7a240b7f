/**
 * webhook() for a 2.0 account. In this order: authenticate over the exact bytes n8n received (the
 * workspace webhook's and the variable webhook's `X-Famulor-Signature`; the `secret` in the URL of an
 * assistant's or connector's URL, whose deliveries may be unsigned, CONFLICT 2), parse those bytes,
 * require a subject (call, conversation or booking: 400 otherwise), apply the filters, and run once:
 * a body already accepted (its SHA-256), or a second delivery of an event that happens once per call
 * or conversation, starts nothing.
 */
import { createHash } from 'node:crypto';
import type { ICredentialDataDecryptedObject, IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { isObject } from '../../shared/objects';
import { PLATFORM2_CREDENTIAL_TYPE } from '../../shared/platform2Origin';
import { WORKSPACE_WEBHOOK_SECRET } from '../../shared/signingSecret';
import { signedWithCredentialSecret } from '../credentialSecret';
import { rawBodyOf, signatureMatches } from '../readReceipts/signature';
import { deliverySlot } from '../registration';
import { alreadyAccepted } from '../replays';
import { SECRET_PARAM, secretMatchesHash } from '../secret';
import { variableWebhookSecret } from './enrichment';
import { assistantOf, callIdOf, eventOf, idText, oncePerSubject, subjectOf, type Platform2Event } from './events';
import { platform2EventOf } from './lifecycle';
import { platform2Registrations } from './registration';

export const FAMULOR_SIGNATURE_HEADER = 'x-famulor-signature';

function refuse(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = ctx.getResponseObject();
	res.writeHead(status, { 'Content-Type': 'application/json' });
	res.end(JSON.stringify({ message }));
	return { noWebhookResponse: true };
}

const skip = (reason: string): IWebhookResponseData => ({ webhookResponse: { received: true, executed: false, reason } });

function parse(raw: Buffer): unknown {
	try {
		return JSON.parse(raw.toString('utf8')) as unknown;
	} catch {
		return undefined;
	}
}

/** Whether the delivery is genuine; a reason when it is not. */
async function authenticate(ctx: IWebhookFunctions, event: Platform2Event, raw: Buffer): Promise<boolean> {
	const header = ctx.getHeaderData()[FAMULOR_SIGNATURE_HEADER];
	const matches = (secret: string) => signatureMatches(raw, header, secret);
	if (event === 'workspaceEvents') {
		return (await signedWithCredentialSecret(ctx, WORKSPACE_WEBHOOK_SECRET, matches)) === 'genuine';
	}
	const registration = platform2Registrations.read(ctx, deliverySlot(ctx));
	if (!registration || registration.event !== event) return false;
	if (event === 'inboundVariables') {
		const nonce = registration.nonce;
		if (!nonce) return false;
		const of = ({ apiKey }: ICredentialDataDecryptedObject) => variableWebhookSecret(String(apiKey ?? ''), nonce);
		return (await signedWithCredentialSecret(ctx, { credentialType: PLATFORM2_CREDENTIAL_TYPE, purpose: `variable webhook ${nonce}`, of }, matches)) === 'genuine';
	}
	return secretMatchesHash((ctx.getQueryData() as IDataObject)[SECRET_PARAM], registration.secretHash);
}

interface Filters {
	events?: string[];
	assistantId?: string;
}

/** Workspace webhook: the event and assistant filters (empty: all). */
function filteredOut(ctx: IWebhookFunctions, body: IDataObject): string | undefined {
	const options = ctx.getNodeParameter('platform2Options', {}) as Filters;
	const events = Array.isArray(options.events) ? options.events : [];
	if (events.length > 0 && !events.includes(eventOf(body) ?? '')) return 'event not selected';
	const wanted = typeof options.assistantId === 'string' ? options.assistantId.trim().toLowerCase() : '';
	if (wanted !== '' && assistantOf(body) !== wanted) return 'assistant not selected';
	return undefined;
}

/** What the delivery is about; undefined when it names nothing it should. */
function subject(event: Platform2Event, body: IDataObject): string | undefined {
	if (event === 'connectorConversationEnded') return subjectOf(body, 'conversation');
	if (event === 'inboundVariables') {
		// A ringing call may have no id yet: the caller's number is enough (as the classic inbound).
		const id = callIdOf(body);
		if (id !== undefined) return `ringing:${id}`;
		const caller = idText(body.customer_phone) ?? idText(body.from_number) ?? idText(body.from);
		return caller === undefined ? undefined : `ringing-from:${caller}`;
	}
	return subjectOf(body, 'call');
}

/**
 * Remembers the delivery; true when it (or its event, for once-per-subject events) was accepted
 * before, in any n8n process or before a restart (../replays.ts).
 */
function isDuplicate(ctx: IWebhookFunctions, scope: string, raw: Buffer, event: string, about: string): boolean {
	const bodyKey = [scope, 'body', createHash('sha256').update(raw).digest('base64')];
	const eventKey = [scope, 'event', event, about];
	const once = oncePerSubject(about) && !about.startsWith('ringing');
	return alreadyAccepted(ctx, once ? [bodyKey, eventKey] : [bodyKey]);
}

export async function receivePlatform2(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const event = platform2EventOf(ctx);
	const raw = await rawBodyOf(ctx);
	if (raw === undefined || !(await authenticate(ctx, event, raw))) {
		return refuse(ctx, 401, event === 'assistantCallCompleted' || event === 'connectorConversationEnded' ? 'Missing or wrong secret' : 'Missing or wrong signature');
	}
	const body = parse(raw);
	if (!isObject(body) || Array.isArray(body)) return refuse(ctx, 400, 'The body must be a JSON object');
	const about = subject(event, body);
	if (about === undefined) return refuse(ctx, 400, 'The delivery names no call, conversation or booking');

	const registration = platform2Registrations.read(ctx, deliverySlot(ctx));
	if (event !== 'workspaceEvents') {
		// The URL belongs to one assistant (or connector): a delivery naming another one is refused.
		const named = assistantOf(body);
		if (event !== 'connectorConversationEnded' && named !== undefined && registration && named !== registration.targetId) {
			return refuse(ctx, 401, 'This delivery is about another assistant');
		}
	} else {
		const filtered = filteredOut(ctx, body);
		if (filtered) return skip(filtered);
	}

	const scope = `platform2|${ctx.getWorkflow().id ?? ''}|${ctx.getNode().webhookId ?? ctx.getNode().id}|${deliverySlot(ctx)}`;
	if (isDuplicate(ctx, scope, raw, eventOf(body) ?? event, about)) return skip('duplicate');
	return { workflowData: [[{ json: body }]], webhookResponse: { received: true } };
}
