// The one way the real-n8n tests (and the stack they start) wait: ask n8n, or the process or
// sandbox that records what n8n did, again and again until the answer is the one wanted, up to one
// generous bound. On a loaded machine (2 CPUs, load 5-10) n8n needs many times longer for the same
// step than on a quiet one, so a test never sleeps "long enough" and never guesses 30 s: it states
// what it waits for, and when it gives up it says what it saw last.
import { setTimeout as delay } from 'node:timers/promises';

const DEFAULT_WAIT_S = 600;

/** Seconds from an environment variable, or `fallback` when it is unset or not a positive number. */
function secondsFromEnv(name, fallback) {
	const value = Number(process.env[name]);
	return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * How long one wait may take before a test gives up: `E2E_WAIT_S` seconds (default 600). Raise it
 * on a machine slower or busier than a loaded 2-CPU one; nothing else needs changing.
 */
export const WAIT_MS = secondsFromEnv('E2E_WAIT_S', DEFAULT_WAIT_S) * 1000;

/**
 * The node:test timeout of a whole test file (its `describe`): room for several full waits, so
 * that a wait that gives up reports what it waited for instead of the file's timer cutting it off.
 */
export const FILE_TIMEOUT_MS = Math.max(60 * 60_000, 6 * WAIT_MS);

export function sleep(ms) {
	return delay(ms);
}

/** A short, readable rendering of what a probe saw last, for the give-up message. */
function describeSeen(value) {
	if (value === undefined) return 'nothing (undefined)';
	if (typeof value === 'string') return JSON.stringify(value.length > 300 ? `${value.slice(0, 300)}…` : value);
	let text;
	try {
		text = JSON.stringify(value);
	} catch {
		text = String(value);
	}
	return text === undefined ? String(value) : text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/**
 * Asks `probe` until `until(answer)` holds, and returns that answer. `probe` reads the state from
 * n8n (REST API, database, CLI), from a process's output or from the sandbox's records; it may be
 * async and may throw while the thing asked is not up yet. Without `until`, any truthy answer ends
 * the wait.
 *
 *   what        what is waited for, as the give-up message should name it
 *   until       (answer) => boolean
 *   seen        (answer) => string: how to show the last answer when giving up (default: JSON)
 *   timeoutMs   the bound (default WAIT_MS, i.e. E2E_WAIT_S)
 *   intervalMs  the first pause between two questions; it grows to 2 s, so that a long wait on a
 *               busy machine does not keep n8n busier still
 *   failFast    () => string|undefined: a reason to stop at once (e.g. the process asked has exited)
 *
 * Gives up with: `gave up after 300 s waiting for <what>; last saw: <answer>` (and the last error).
 */
export async function waitFor(probe, { what = 'a condition', until = Boolean, seen = describeSeen, timeoutMs = WAIT_MS, intervalMs = 250, failFast } = {}) {
	const started = Date.now();
	let pause = intervalMs;
	let asked = 0;
	let last;
	let lastError;
	for (;;) {
		asked++;
		try {
			last = await probe();
			lastError = undefined;
			if (until(last)) return last;
		} catch (error) {
			lastError = error;
		}
		const fatal = failFast?.();
		if (fatal) throw new Error(`stopped waiting for ${what}: ${fatal}`);
		const waited = Date.now() - started;
		if (waited >= timeoutMs) {
			const error = new Error(
				`gave up after ${Math.round(waited / 1000)} s (${asked} questions) waiting for ${what}; ` +
					`last saw: ${seen(last)}${lastError ? `; last error: ${lastError.message}` : ''} ` +
					`(bound ${timeoutMs / 1000} s${timeoutMs === WAIT_MS ? ', set by E2E_WAIT_S' : ''})`,
			);
			error.lastSeen = last;
			throw error;
		}
		await sleep(Math.min(pause, timeoutMs - waited));
		pause = Math.min(2000, Math.round(pause * 1.5));
	}
}
