/**
 * A tool call's one HTTP answer. The workflow's answer is written by n8n ("When Last Node Finishes":
 * the last node's first item), but n8n answers a failed workflow with its own 500 page and a slow one
 * only when it ends, while the assistant waits at most the tool's timeout and the caller hears
 * silence. So the trigger keeps the response object n8n hands it (as n8n's own streaming Webhook and
 * Chat triggers do) and guards it:
 * - n8n's error answers (status 500 and up) and its "no data" messages become the Failure Answer;
 * - if nothing is written by the deadline, the Failure Answer goes out then;
 * - whatever n8n writes after that is dropped, so nothing is answered twice.
 * Queue mode is the same: the process that received the request writes the worker's result here.
 */
import { sleep } from 'n8n-workflow';

/** What the guard uses of the response object n8n hands a trigger (Node's http response, with express on top). */
export interface AnswerStream {
	statusCode: number;
	readonly headersSent: boolean;
	readonly writableEnded: boolean;
	writeHead(...args: never[]): unknown;
	setHeader(...args: never[]): unknown;
	write(...args: never[]): unknown;
	end(...args: never[]): unknown;
}

/** n8n's own words when the workflow gave nothing to answer with (2.x and 1.x). */
const N8N_NO_ANSWER = [
	'Workflow executed successfully but the last node did not return any data',
	'Workflow executed successfully but no data was returned',
	'Error in workflow',
	'There was a problem executing the workflow',
];

/** Who wrote the answer: nobody yet, n8n (the workflow's answer, passed through), or this guard. */
type State = 'open' | 'theirs' | 'ours';

type Callback = (error?: Error | null) => void;

/** The last callback among a write's arguments, called when a write is dropped. */
function callbackOf(args: unknown[]): Callback | undefined {
	const last = args[args.length - 1];
	return typeof last === 'function' ? (last as Callback) : undefined;
}

/** Whether a finished body is one of n8n's "nothing to answer" messages. */
function isN8nNoAnswer(chunk: unknown): boolean {
	const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
	if (text.length > 300) return false;
	try {
		const body = JSON.parse(text) as { message?: unknown };
		return typeof body?.message === 'string' && Object.keys(body).length === 1 && N8N_NO_ANSWER.includes(body.message);
	} catch {
		return false;
	}
}

export interface AnswerGuard {
	/** answers now with `body` (JSON) unless something was answered already */
	answer(body: object): void;
}

/**
 * Guards `res` for one tool call; the fallback (the Failure Answer as JSON) goes out at `deadlineMs`
 * from now unless an answer was written first.
 */
export function guardAnswer(res: AnswerStream, fallback: object, deadlineMs: number): AnswerGuard {
	const original = { end: res.end.bind(res), write: res.write.bind(res), writeHead: res.writeHead.bind(res), setHeader: res.setHeader.bind(res) };
	let state: State = 'open';
	const done = new AbortController();

	const send = (body: object) => {
		done.abort();
		if (!res.headersSent && !res.writableEnded) {
			const text = JSON.stringify(body);
			// Still 'open' here: Node's writeHead sets these through setHeader, over what n8n set before.
			(original.writeHead as (status: number, headers: Record<string, string | number>) => unknown)(200, {
				'Content-Type': 'application/json; charset=utf-8',
				'Content-Length': Buffer.byteLength(text),
			});
			(original.end as (body: string) => unknown)(text);
		}
		state = 'ours';
	};
	/** n8n starts writing: an error status becomes the fallback, anything else is the workflow's answer. */
	const theirs = (): boolean => {
		if (res.statusCode >= 500) {
			send(fallback);
			return false;
		}
		state = 'theirs';
		done.abort();
		return true;
	};

	const patched = res as unknown as Record<'end' | 'write' | 'writeHead' | 'setHeader', (...args: unknown[]) => unknown>;
	patched.setHeader = (...args) => (state === 'ours' ? res : (original.setHeader as (...a: unknown[]) => unknown)(...args));
	patched.writeHead = (...args) => {
		if (state === 'open' && typeof args[0] === 'number') res.statusCode = args[0];
		if (state === 'ours' || (state === 'open' && !theirs())) return res;
		return (original.writeHead as (...a: unknown[]) => unknown)(...args);
	};
	patched.write = (...args) => {
		if (state === 'ours' || (state === 'open' && !theirs())) {
			callbackOf(args)?.();
			return true;
		}
		return (original.write as (...a: unknown[]) => unknown)(...args);
	};
	patched.end = (...args) => {
		if (state === 'open' && isN8nNoAnswer(args[0])) send(fallback);
		if (state === 'ours' || (state === 'open' && !theirs())) {
			callbackOf(args)?.();
			return res;
		}
		return (original.end as (...a: unknown[]) => unknown)(...args);
	};

	// Cancelled (and its timer cleared) once an answer is written; n8n 1.x ignores the signal, which only
	// leaves the timer to fire into a settled guard.
	sleep(deadlineMs, done.signal).then(
		() => {
			if (state === 'open') send(fallback);
		},
		() => undefined,
	);
	return { answer: (body) => (state === 'open' ? send(body) : undefined) };
}

/** When to give up on the workflow: a second before the tool's timeout, a quarter of it when that is short. */
export function answerDeadlineMs(timeoutSeconds: number): number {
	const timeoutMs = timeoutSeconds * 1000;
	return timeoutMs - Math.min(1000, timeoutMs / 4);
}
