/**
 * Mid-call tools of a running 2.0 call (calls.ts). A placed call that will be answered calls, once it
 * is in_progress (two call steps after it was placed), each `api` tool of its assistant's tool set
 * (`/assistants/{id}/tools`: tool_ids, in order), one after the other, with the sample values
 * (sandbox/toolCalls.ts: config.method to config.url, the stored header values, up to timeout_sec).
 * Each request is recorded among the 2.0 deliveries (`to: 'tool'`, `event: 'tool-call'`); question and
 * answer join the call's transcript after the greeting when it ends. The call does not end before the
 * last answer (or timeout): calls.ts holds it in_progress while the run is under way.
 *
 * Unlike the rest of a 2.0 call, which is computed from its age when read, this needs a timer: the
 * endpoint must be called even when nobody reads the call. The work runs on `sim.tasks`, which reset
 * and stop end (and `sim.abort` cancels its requests).
 */
import { callTool, isReservedHost, type ToolTarget } from '../../toolCalls';
import type { P2Call } from '../context';
import type { P2Record } from '../records';
import { recordDelivery, withoutQuery } from '../webhooks';

export interface ToolRun {
	/** the last tool answered (or timed out) */
	done: boolean;
	/** transcript lines, two per tool called: the assistant's call and the answer */
	lines: string[];
}

/** The runs of placed calls, by call record (a reset re-seeds the records, so its runs are gone too). */
const runs = new WeakMap<P2Record, ToolRun>();

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An `api` tool as a request target; undefined for other types and configs without a URL. */
function targetOf(tool: P2Record): ToolTarget | undefined {
	const config = tool.config;
	if (tool.type !== 'api' || !isObject(config) || typeof config.url !== 'string') return undefined;
	const properties = isObject(config.parameters) && isObject(config.parameters.properties) ? config.parameters.properties : {};
	return {
		name: String(tool.name),
		url: config.url,
		method: typeof config.method === 'string' ? config.method : 'POST',
		headers: Array.isArray(config.headers) ? config.headers.filter(isObject).map((h) => ({ name: String(h.name), value: String(h.value) })) : [],
		timeoutSec: typeof config.timeout_sec === 'number' ? config.timeout_sec : 10,
		parameters: Object.entries(properties).map(([name, p]) => ({ name, type: isObject(p) && typeof p.type === 'string' ? p.type : 'string' })),
	};
}

/** Starts the call's tool run (the call will be answered: outcome decided by its number). */
export function startToolRun(call: P2Call, record: P2Record): void {
	const ws = call.workspace.id;
	const { records, sim } = call.state;
	const assistantId = String(record.assistant_id);
	const set = records.singleton(ws, `/assistants/${assistantId}/tools`);
	const ids = Array.isArray(set?.tool_ids) ? set.tool_ids.map(String) : [];
	const callable = (id: string) => {
		const tool = records.find(ws, '/tools', [], id);
		const target = tool && targetOf(tool);
		return target !== undefined && !isReservedHost(target.url);
	};
	if (!ids.some(callable)) return; // e.g. the seeded tools (example.com): no run, the call keeps its plain timing
	const run: ToolRun = { done: false, lines: [] };
	runs.set(record, run);
	const { tasks } = sim;
	const signal = sim.abort.signal;
	tasks.run(async () => {
		await tasks.sleep(2 * sim.stepMs); // queued → ringing → in_progress
		try {
			for (const id of ids) {
				if (tasks.stopped) return;
				// read when its turn comes: a tool changed or archived meanwhile is called as it now is
				const tool = records.find(ws, '/tools', [], id);
				const target = tool && targetOf(tool);
				if (!tool || !target) continue;
				const result = await callTool(target, signal);
				if (!result || signal.aborted) continue;
				const { url, payload, response, ms } = result;
				recordDelivery(records, {
					to: 'tool',
					url: withoutQuery(url),
					event: 'tool-call',
					signed: false,
					status: response.status,
					ms,
					call_id: String(record.id),
					assistant_id: assistantId,
					tool_id: String(tool.id),
					payload,
					response,
					at: Date.now(),
				});
				run.lines.push(`Assistant: ${result.question}`, `Tool: ${result.answer}`);
			}
		} finally {
			run.done = true; // whatever happened, the call may end
		}
	});
}

export function toolRunOf(record: P2Record): ToolRun | undefined {
	return runs.get(record);
}

/** The transcript with the run's lines after its first line (the assistant's greeting). */
export function withToolLines(transcript: string, run: ToolRun | undefined): string {
	if (!run || run.lines.length === 0) return transcript;
	const [greeting, ...rest] = transcript.split('\n');
	return [greeting, ...run.lines, ...rest].join('\n');
}
