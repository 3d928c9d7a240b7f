/**
 * Shared pieces of the trigger tests: node parameters, a sandbox per test file, and a tiny HTTP
 * receiver that plays n8n's webhook server — it forwards every delivery the sandbox POSTs into the
 * trigger's webhook() (through the harness's real WebhookContext) and answers the way n8n would.
 */
import http from 'node:http';
import type { IDataObject, INodeParameters, IWebhookFunctions } from 'n8n-workflow';

import { VoiceAssistantTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantTrigger.node';
import { forgetProcessMemories } from '../../nodes/VoiceAssistant/trigger/recentMemory';
import { DEFAULT_WEBHOOK_ID, runWebhook, runWebhookMethod } from '../harness';
import type { RunWebhookResult, WebhookMethodName } from '../harness';
import type { Sandbox } from '../../sandbox';

export { VoiceAssistantTrigger };

export const PRODUCTION_URL = `http://localhost:5678/webhook/${DEFAULT_WEBHOOK_ID}/webhook`;
export const TEST_URL = `http://localhost:5678/webhook-test/${DEFAULT_WEBHOOK_ID}/webhook`;

export function parameters(overrides: INodeParameters = {}, assistantId = 1): INodeParameters {
	return {
		event: 'callEnded',
		assistantId: { __rl: true, mode: 'id', value: String(assistantId) },
		responseMode: 'onReceived',
		simplify: false,
		options: {},
		...overrides,
	};
}

export function credentials(sb: Sandbox, token = sb.tokens.alice) {
	return { apiToken: token, baseUrl: sb.baseUrl };
}

/** The webhook fields of an assistant as stored by the sandbox. */
export function webhookSettings(sb: Sandbox, assistantId: number) {
	const a = sb.store.assistants.find((x) => x.id === assistantId);
	if (!a) throw new Error(`no assistant ${assistantId}`);
	return {
		webhook_url: a.webhook_url,
		is_webhook_active: a.is_webhook_active,
		send_webhook_only_on_completed: a.send_webhook_only_on_completed,
		include_recording_in_webhook: a.include_recording_in_webhook,
		inbound_webhook_url: a.inbound_webhook_url,
	};
}

/** The whole stored assistant except updated_at (which any PUT changes), serialised for exact comparison. */
export function assistantSnapshot(sb: Sandbox, assistantId: number): string {
	const a = sb.store.assistants.find((x) => x.id === assistantId);
	if (!a) throw new Error(`no assistant ${assistantId}`);
	return JSON.stringify({ ...a, updated_at: undefined });
}

export function setWebhookSettings(sb: Sandbox, assistantId: number, settings: Partial<ReturnType<typeof webhookSettings>>) {
	const a = sb.store.assistants.find((x) => x.id === assistantId);
	if (!a) throw new Error(`no assistant ${assistantId}`);
	Object.assign(a, settings);
}

export interface Lifecycle {
	staticData: IDataObject;
	run(
		method: WebhookMethodName,
		opts?: { mode?: 'trigger' | 'manual'; parameters?: INodeParameters; token?: string; webhookUrl?: string },
	): Promise<boolean | undefined>;
}

/** Lifecycle calls sharing one static-data object, as n8n keeps it with the workflow. */
/**
 * The little of a webhook context the delivery memories read (trigger/deliveryMemory.ts): the node's
 * static data, and which workflow, node and mode it belongs to.
 */
export function memoryContext(staticData: IDataObject, { workflowId = 'wf', nodeId = 'node', mode = 'webhook' } = {}): IWebhookFunctions {
	return {
		getWorkflowStaticData: () => staticData,
		getWorkflow: () => ({ id: workflowId }),
		getNode: () => ({ id: nodeId }),
		getMode: () => mode,
	} as unknown as IWebhookFunctions;
}

/**
 * A trigger that never saw a delivery: n8n's process memory and what the static data keeps
 * (for tests that post one delivery again to test something other than the replay guard).
 */
export function forgetDeliveries(staticData: IDataObject): void {
	forgetProcessMemories();
	delete staticData.acceptedDeliveries;
	delete staticData.messageProgress;
}

export function lifecycle(
	sb: Sandbox,
	baseParameters: INodeParameters,
	webhookUrls?: { production?: string; test?: string },
	staticData: IDataObject = {},
): Lifecycle {
	return {
		staticData,
		async run(method, opts = {}) {
			const mode = opts.mode ?? 'trigger';
			const webhookUrl = opts.webhookUrl ?? (mode === 'manual' ? webhookUrls?.test : webhookUrls?.production);
			const { result } = await runWebhookMethod(VoiceAssistantTrigger, method, {
				parameters: opts.parameters ?? baseParameters,
				credentials: credentials(sb, opts.token),
				staticData,
				mode,
				...(webhookUrl ? { webhookUrl } : {}),
			});
			return result;
		},
	};
}

export interface Delivery {
	mode: 'webhook' | 'manual';
	query: Record<string, string>;
	body: unknown;
	result?: RunWebhookResult;
	error?: unknown;
	/** what the receiver answered the sandbox */
	status: number;
}

export interface Receiver {
	origin: string;
	productionUrl: string;
	testUrl: string;
	deliveries: Delivery[];
	/** parameters the trigger runs with (may be changed between calls) */
	parameters: INodeParameters;
	/** the credential the trigger runs with (default: alice's token and the sandbox) */
	credentials?: Record<string, string>;
	/**
	 * Stands in for the rest of the workflow when Respond is "Using 'Respond to Webhook' Node": given
	 * the trigger's output item, what that node answers (n8n then sends it as the HTTP answer).
	 */
	respondNode?: (json: IDataObject) => unknown | Promise<unknown>;
	/**
	 * Stands in for the rest of the workflow when Respond is "When Last Node Finishes": given the
	 * trigger's output item, the last node's items (or an Error when the workflow fails). n8n answers
	 * a version-3 trigger with the first item's JSON (`firstEntryJson`), 500 on an error or no item.
	 */
	lastNode?: (json: IDataObject) => IDataObject[] | Error | Promise<IDataObject[] | Error>;
	close(): Promise<void>;
}

/**
 * Plays n8n's webhook server on 127.0.0.1:<free port>: /webhook/<id>/webhook runs the trigger in
 * production mode, /webhook-test/<id>/webhook in test mode, both with the given static data.
 */
export async function startReceiver(sb: Sandbox, staticData: IDataObject, nodeParameters: INodeParameters): Promise<Receiver> {
	const deliveries: Delivery[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			void (async () => {
				const url = new URL(req.url ?? '/', receiver.origin);
				const mode = url.pathname.startsWith('/webhook-test/') ? 'manual' : 'webhook';
				const query = Object.fromEntries(url.searchParams.entries());
				const text = Buffer.concat(chunks).toString('utf8');
				const delivery: Delivery = { mode, query, body: text ? (JSON.parse(text) as unknown) : {}, status: 500 };
				deliveries.push(delivery);
				try {
					delivery.result = await runWebhook(VoiceAssistantTrigger, {
						parameters: receiver.parameters,
						credentials: receiver.credentials ?? credentials(sb),
						staticData,
						mode,
						webhookUrl: `${receiver.origin}${url.pathname}`,
						// rawBody: the exact bytes, as n8n keeps them (signatures are over them)
						request: { method: req.method, headers: req.headers as Record<string, string>, query, body: delivery.body, rawBody: text },
					});
					const r = delivery.result;
					if (r.response.ended) {
						delivery.status = r.response.statusCode;
						res.writeHead(r.response.statusCode, { 'Content-Type': 'application/json' });
						res.end(typeof r.response.body === 'string' ? r.response.body : JSON.stringify(r.response.body ?? {}));
					} else if (r.workflowData && receiver.respondNode && receiver.parameters.responseMode === 'responseNode') {
						const answer = await receiver.respondNode(r.workflowData[0][0].json);
						delivery.status = 200;
						res.writeHead(200, { 'Content-Type': 'application/json' });
						res.end(JSON.stringify(answer));
					} else if (r.workflowData && receiver.lastNode && receiver.parameters.responseMode === 'lastNode') {
						const items = await receiver.lastNode(r.workflowData[0][0].json);
						const answer = items instanceof Error ? { message: 'Error in workflow' } : items[0];
						delivery.status = answer && !(items instanceof Error) ? 200 : 500;
						res.writeHead(delivery.status, { 'Content-Type': 'application/json' });
						res.end(JSON.stringify(answer ?? { message: 'No item to return was found' }));
					} else {
						// n8n: 200 with "Workflow was started" or the node's webhookResponse
						delivery.status = 200;
						res.writeHead(200, { 'Content-Type': 'application/json' });
						res.end(JSON.stringify(r.workflowData ? { message: 'Workflow was started' } : (r.webhookResponse ?? {})));
					}
				} catch (error) {
					delivery.error = error;
					res.writeHead(500);
					res.end(String(error));
				}
			})();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	const origin = `http://127.0.0.1:${port}`;
	const receiver: Receiver = {
		origin,
		productionUrl: `${origin}/webhook/${DEFAULT_WEBHOOK_ID}/webhook`,
		testUrl: `${origin}/webhook-test/${DEFAULT_WEBHOOK_ID}/webhook`,
		deliveries,
		parameters: nodeParameters,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
	return receiver;
}

/** Places an outbound call through the sandbox API; the last digit of the number picks the outcome. */
export async function placeCall(sb: Sandbox, assistantId: number, phone: string): Promise<number> {
	const response = await fetch(`${sb.baseUrl}/user/make_call`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${sb.tokens.alice}`, 'Content-Type': 'application/json' },
		body: JSON.stringify({ phone_number: phone, assistant_id: assistantId, variables: { customer_name: 'Jonas Weber' } }),
	});
	const body = (await response.json()) as { call_id?: number; message?: string };
	if (response.status !== 200 || typeof body.call_id !== 'number') {
		throw new Error(`make_call failed: ${response.status} ${JSON.stringify(body)}`);
	}
	return body.call_id;
}
