/**
 * The 2.0 trigger tests' set-up: the trigger (version 5, Account Kind "Famulor Platform 2.0") run
 * through the harness's real hook and webhook contexts, with the 2.0 credential, and a receiver that
 * plays n8n's webhook server: it hands the exact bytes it received to webhook() (rawBody, as n8n
 * keeps them) and answers as n8n would, "When Last Node Finishes" included.
 */
import http from 'node:http';
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { VoiceAssistantTrigger } from '../../../nodes/VoiceAssistant/VoiceAssistantTrigger.node';
import { DEFAULT_WEBHOOK_ID, runWebhook, runWebhookMethod, type RunWebhookResult, type WebhookMethodName } from '../../harness';
import { PLATFORM2_KEYS, type Sandbox } from '../../../sandbox';

export const CREDENTIAL_TYPE = 'voiceAssistantPlatform2Api';
export const SIGNING_SECRET = 'whsec_test_workspace_secret_0123456789';

export function p2Credentials(sb: Sandbox, extra: ICredentialDataDecryptedObject = {}): ICredentialDataDecryptedObject {
	return { apiKey: PLATFORM2_KEYS.full, origin: sb.origin, webhookSigningSecret: SIGNING_SECRET, ...extra };
}

export function p2Parameters(overrides: INodeParameters = {}): INodeParameters {
	return { accountKind: 'platform2', platform2Event: 'workspaceEvents', responseMode: 'onReceived', platform2Options: {}, ...overrides };
}

export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export interface Delivered {
	status: number;
	body: unknown;
	result?: RunWebhookResult;
	error?: unknown;
}

export interface P2Receiver {
	productionUrl: string;
	testUrl: string;
	deliveries: Delivered[];
	/** executions started (workflowData handed to n8n) */
	runs(): IDataObject[];
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject;
	/** the rest of the workflow for "When Last Node Finishes": the last node's items, or an Error */
	lastNode?: (json: IDataObject) => IDataObject[] | Error | Promise<IDataObject[] | Error>;
	/** one lifecycle call with this receiver's URLs, parameters, credential and static data */
	hook(method: WebhookMethodName, mode?: 'trigger' | 'manual'): Promise<boolean | undefined>;
	staticData: IDataObject;
	close(): Promise<void>;
}

export async function startP2Receiver(sb: Sandbox, parameters: INodeParameters, credentials = p2Credentials(sb)): Promise<P2Receiver> {
	const staticData: IDataObject = {};
	const deliveries: Delivered[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			void (async () => {
				const url = new URL(req.url ?? '/', origin);
				const mode = url.pathname.startsWith('/webhook-test/') ? 'manual' : 'webhook';
				const raw = Buffer.concat(chunks);
				let body: unknown = {};
				try {
					body = raw.length ? JSON.parse(raw.toString('utf8')) : {};
				} catch {
					body = raw.toString('utf8');
				}
				const delivered: Delivered = { status: 500, body: undefined };
				deliveries.push(delivered);
				const answer = (status: number, json: unknown) => {
					delivered.status = status;
					delivered.body = json;
					res.writeHead(status, { 'Content-Type': 'application/json' });
					res.end(typeof json === 'string' ? json : JSON.stringify(json ?? {}));
				};
				try {
					const r = await runWebhook(VoiceAssistantTrigger, {
						parameters: receiver.parameters,
						credentials: receiver.credentials,
						credentialType: CREDENTIAL_TYPE,
						typeVersion: 5,
						staticData,
						mode,
						webhookUrl: `${origin}${url.pathname}`,
						request: { method: req.method, headers: req.headers as Record<string, string>, query: Object.fromEntries(url.searchParams), body: body as IDataObject, rawBody: raw },
					});
					delivered.result = r;
					if (r.response.ended) {
						delivered.status = r.response.statusCode;
						delivered.body = typeof r.response.body === 'string' ? JSON.parse(r.response.body) : r.response.body;
						res.writeHead(r.response.statusCode, { 'Content-Type': 'application/json' });
						res.end(typeof r.response.body === 'string' ? r.response.body : JSON.stringify(r.response.body ?? {}));
					} else if (r.workflowData && receiver.parameters.responseMode === 'lastNode' && receiver.lastNode) {
						const items = await receiver.lastNode(r.workflowData[0][0].json);
						if (items instanceof Error || items.length === 0) answer(500, { message: 'Error in workflow' });
						else answer(200, items[0]);
					} else {
						answer(200, r.workflowData ? { message: 'Workflow was started' } : (r.webhookResponse ?? {}));
					}
				} catch (error) {
					delivered.error = error;
					answer(500, { message: String(error) });
				}
			})();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	const origin = `http://127.0.0.1:${port}`;
	const productionUrl = `${origin}/webhook/${DEFAULT_WEBHOOK_ID}/webhook`;
	const testUrl = `${origin}/webhook-test/${DEFAULT_WEBHOOK_ID}/webhook`;
	const receiver: P2Receiver = {
		productionUrl,
		testUrl,
		deliveries,
		runs: () => deliveries.filter((d) => d.result?.workflowData).map((d) => d.result!.workflowData![0][0].json),
		parameters,
		credentials,
		staticData,
		async hook(method, mode = 'trigger') {
			const { result } = await runWebhookMethod(VoiceAssistantTrigger, method, {
				parameters: receiver.parameters,
				credentials: receiver.credentials,
				credentialType: CREDENTIAL_TYPE,
				typeVersion: 5,
				staticData,
				mode,
				webhookUrl: mode === 'manual' ? testUrl : productionUrl,
			});
			// staticData is updated in place, as n8n keeps it with the workflow
			return result;
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
	return receiver;
}

/** POSTs exactly these bytes to a URL with these headers; answers status and JSON. */
export async function post(url: string, raw: string | Buffer, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
	const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: raw });
	const text = await res.text();
	let body: unknown = text;
	try {
		body = JSON.parse(text);
	} catch {
		/* text */
	}
	return { status: res.status, body };
}
