/**
 * Classic mid-call tools during a simulated call (calls.ts): once the call is answered, the assistant
 * calls each of its tools (`catalog.toolIdsOf`, in the assigned order) once, one after the other, with
 * the sample values (toolCalls.ts). Each call is recorded in store.webhookDeliveries as 'tool-call',
 * and its question and answer become two transcript items after the greeting.
 */
import type { Tool } from './catalog';
import type { Assistant, Call, TranscriptItem } from './records';
import type { SandboxStore } from './store';
import { callTool, type ToolTarget } from './toolCalls';

/** Question and answer of one tool call, as the transcript will show them. */
export interface ToolExchange {
	question: string;
	answer: string;
}

function targetOf(tool: Tool): ToolTarget {
	return { name: tool.name, url: tool.endpoint, method: tool.method, headers: tool.headers, timeoutSec: tool.timeout, parameters: tool.schema };
}

/** Calls the assistant's tools in order; resolves when the last has answered or timed out. */
export async function callAssistantTools(store: SandboxStore, call: Call, assistant: Assistant, signal: AbortSignal): Promise<ToolExchange[]> {
	const exchanges: ToolExchange[] = [];
	for (const id of store.catalog.toolIdsOf(assistant.id)) {
		const tool = store.catalog.toolOf(assistant.user_id, id);
		if (!tool || signal.aborted) continue;
		const result = await callTool(targetOf(tool), signal);
		// After reset/stop the store holds new data: nothing of a cancelled call is recorded in it.
		if (!result || signal.aborted) continue;
		const { url, payload, response, ms } = result;
		store.webhookDeliveries.push({ kind: 'tool-call', call_id: call.id, assistant_id: assistant.id, tool_id: tool.id, url, payload, response, at: Date.now(), ms });
		exchanges.push({ question: result.question, answer: result.answer });
	}
	return exchanges;
}

/**
 * The transcript with each exchange as two items after the assistant's greeting (its first line): the
 * assistant's call (`type: 'tool_call'`, sender assistant) and the tool's answer (`type:
 * 'tool_result'`, sender tool), at the greeting's time.
 */
export function withToolItems(items: TranscriptItem[], exchanges: ToolExchange[]): TranscriptItem[] {
	const greeting = items.findIndex((item) => item.sender === 'assistant');
	if (greeting < 0 || exchanges.length === 0) return items;
	const { timestamp } = items[greeting];
	const added = exchanges.flatMap((e): TranscriptItem[] => [
		{ text: e.question, type: 'tool_call', sender: 'assistant', timestamp },
		{ text: e.answer, type: 'tool_result', sender: 'tool', timestamp },
	]);
	return [...items.slice(0, greeting + 1), ...added, ...items.slice(greeting + 1)];
}
