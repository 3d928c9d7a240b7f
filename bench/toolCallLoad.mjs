// P14's parts (bench/p14-tool-call.mjs): the two workflows that answer a tool call with the same one
// node, the client that sends the calls as the platform does (a POST, a flat JSON body of the values,
// the secret in a header), and one mode's measured phases, counted in n8n's execution list.
import { randomUUID } from 'node:crypto';

import { CREDENTIAL_TYPE, TRIGGER_TYPE } from '../scripts/lib/n8n.mjs';
import { EXAMPLE_CREDENTIAL } from '../scripts/lib/stack.mjs';

export const TOOL_NAME = 'order_status';
export const ANCHOR_PATH = 'p14-order-status';
export const WORKFLOW_IDS = { trigger: 'p14ToolCallTrigr', anchor: 'p14WebhookAnchor' };
const FAILURE_ANSWER = 'Sorry, the order system is not answering right now.';
/** The tool's timeout (s): the trigger answers with the Failure Answer at 9 s, so a slow call shows as lost. */
const TOOL_TIMEOUT_S = 10;
/** The anchor has no such guard; a client gives up here and counts the call lost. */
const CLIENT_TIMEOUT_MS = 30_000;

export const expectedAnswer = (orderNumber) => `Order ${orderNumber} ships tomorrow.`;

/**
 * The one node both workflows run: Edit Fields (no task runner, unlike the Code node, so the figure
 * measures the entry and the answer, not the runner). Identical in both: the trigger hands the values
 * as the item, the Webhook node under `body`.
 */
function answerNode() {
	return {
		id: randomUUID(),
		name: 'Answer',
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position: [220, 0],
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: [{ id: randomUUID(), name: 'answer', type: 'string', value: '=Order {{ $json.order_number || $json.body.order_number }} ships tomorrow.' }],
			},
			includeOtherFields: false,
			options: {},
		},
	};
}

const chain = (names) => Object.fromEntries(names.slice(0, -1).map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]));

/** Voice Assistant Trigger v6, Tool Called During a Call (classic, given to assistant 1) → Answer. */
export function triggerWorkflow() {
	const trigger = {
		id: randomUUID(),
		name: 'Tool called',
		type: TRIGGER_TYPE,
		typeVersion: 6,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters: {
			event: 'toolCall',
			toolName: TOOL_NAME,
			toolDescription: "Says when the caller's order ships, by its order number",
			toolParameters: { parameter: [{ name: 'order_number', type: 'string', description: 'The order number the caller gives', required: true }] },
			toolTimeout: TOOL_TIMEOUT_S,
			toolFailureAnswer: FAILURE_ANSWER,
			toolAssistants: [1],
		},
		credentials: { [CREDENTIAL_TYPE]: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } },
	};
	const nodes = [trigger, answerNode()];
	return { id: WORKFLOW_IDS.trigger, name: 'P14 Voice Assistant Trigger v6: Tool Called During a Call', active: false, settings: { executionOrder: 'v1' }, nodes, connections: chain(nodes.map((n) => n.name)) };
}

/** The anchor: n8n's Webhook node (POST, Using 'Respond to Webhook' Node) → Answer → Respond to Webhook. */
export function anchorWorkflow() {
	const webhook = {
		id: randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters: { httpMethod: 'POST', path: ANCHOR_PATH, responseMode: 'responseNode', options: {} },
	};
	const respond = {
		id: randomUUID(),
		name: 'Respond to Webhook',
		type: 'n8n-nodes-base.respondToWebhook',
		typeVersion: 1.5,
		position: [440, 0],
		parameters: { respondWith: 'firstIncomingItem', options: {} },
	};
	const nodes = [webhook, answerNode(), respond];
	return { id: WORKFLOW_IDS.anchor, name: "P14 n8n's Webhook + Respond to Webhook", active: false, settings: { executionOrder: 'v1' }, nodes, connections: chain(nodes.map((n) => n.name)) };
}

/** Whether an answer is exactly the one for this order number (nothing more: the last node's first item). */
function isAnswerFor(text, orderNumber) {
	try {
		const body = JSON.parse(text);
		return Object.keys(body).length === 1 && body.answer === expectedAnswer(orderNumber);
	} catch {
		return false;
	}
}

/** Sends one tool call per order number, `concurrency` in flight; per call { status, ms, right, text }. */
export async function fire(client, orderNumbers, concurrency) {
	const results = new Array(orderNumbers.length);
	let next = 0;
	await Promise.all(
		Array.from({ length: Math.min(concurrency, orderNumbers.length) }, async () => {
			while (next < orderNumbers.length) {
				const index = next++;
				const body = JSON.stringify({ order_number: orderNumbers[index] });
				const t0 = performance.now();
				try {
					const res = await fetch(client.url, {
						method: 'POST',
						headers: { 'content-type': 'application/json', ...client.headers },
						body,
						signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
					});
					const text = await res.text();
					results[index] = { status: res.status, ms: performance.now() - t0, right: res.status === 200 && isAnswerFor(text, orderNumbers[index]), text };
				} catch (error) {
					results[index] = { status: 0, ms: performance.now() - t0, right: false, text: String(error) };
				}
			}
		}),
	);
	return results;
}

export function percentile(values, p) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The workflow's executions in n8n's list, and whether the newest has not finished yet. */
async function executionCount(rest, workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const res = await rest.get(`/executions?filter=${filter}&limit=1`);
	return { count: res.count ?? 0, running: (res.results ?? []).some((e) => ['new', 'running'].includes(e.status)) };
}

/**
 * Each workflow's executions once n8n has saved what it started: at least `atLeast[key]` and none
 * running (or 120 s), then once more after a pause, so a late second run of a call would still count.
 */
async function settledCounts(rest, clients, atLeast = {}) {
	const deadline = Date.now() + 120_000;
	for (const client of clients) {
		for (;;) {
			const { count, running } = await executionCount(rest, client.workflowId);
			if ((count >= (atLeast[client.key] ?? 0) && !running) || Date.now() > deadline) break;
			await sleep(500);
		}
	}
	await sleep(1500);
	const counts = {};
	for (const client of clients) counts[client.key] = (await executionCount(rest, client.workflowId)).count;
	return counts;
}

const round1 = (value) => Math.round(value * 10) / 10;

/**
 * One mode: a warm-up (not measured), then per concurrency `rounds` rounds in which each client sends
 * `count` calls in turn, each round starting with the other client. Every call a distinct order
 * number. Returns a row per concurrency and client; the anchor is `clients[1]`.
 */
export async function measureMode({ mode, clients, rest, count, rounds, warmUp, concurrencies, log }) {
	let serial = 0;
	const orderNumbers = (n) => Array.from({ length: n }, () => `A-${String(++serial).padStart(6, '0')}`);
	for (const client of clients) await fire(client, orderNumbers(warmUp), Math.max(...concurrencies));
	let counts = await settledCounts(rest, clients);
	const rows = [];
	for (const concurrency of concurrencies) {
		const before = counts;
		const samples = Object.fromEntries(clients.map((c) => [c.key, { ms: [], lostMs: [], wrong: new Set() }]));
		for (let r = 0; r < rounds; r++) {
			for (const client of clients.map((_, i) => clients[(i + r) % clients.length])) {
				const results = await fire(client, orderNumbers(count), concurrency);
				const s = samples[client.key];
				s.ms.push(...results.map((x) => x.ms));
				for (const x of results.filter((x) => !x.right)) {
					s.lostMs.push(x.ms);
					s.wrong.add(`${x.status} ${x.text.slice(0, 80)}`);
				}
				log(`P14 ${mode} c${concurrency} round ${r + 1} ${client.name}: p50 ${percentile(results.map((x) => x.ms), 50).toFixed(1)} ms, p95 ${percentile(results.map((x) => x.ms), 95).toFixed(1)} ms`);
			}
		}
		const sent = count * rounds;
		counts = await settledCounts(rest, clients, Object.fromEntries(clients.map((c) => [c.key, before[c.key] + sent])));
		const p50 = (key) => percentile(samples[key].ms, 50);
		for (const client of clients) {
			const s = samples[client.key];
			const executions = counts[client.key] - before[client.key];
			rows.push({
				client: client.name,
				key: client.key,
				mode,
				concurrency,
				calls: sent,
				'p50 ms': round1(p50(client.key)),
				'p95 ms': round1(percentile(s.ms, 95)),
				'÷ anchor (p50)': Math.round((p50(client.key) / p50(clients[1].key)) * 100) / 100,
				lost: s.lostMs.length,
				executions,
				'executed twice': Math.max(0, executions - sent),
				wrong: [...s.wrong].slice(0, 3),
				// when the lost calls were answered: at the trigger's deadline (9 s) means n8n never answered
				lostAfterMs: s.lostMs.length ? [Math.round(Math.min(...s.lostMs)), Math.round(Math.max(...s.lostMs))] : undefined,
			});
		}
	}
	return rows;
}
