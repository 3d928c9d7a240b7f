// Child processes in their own process groups, so n8n and everything it spawns (task runners)
// can be stopped together, also when the parent fails or gets Ctrl-C.
import { spawn } from 'node:child_process';

const live = new Set();
/** Every child started (for tests that check a failed start left none running). */
const everStarted = [];
const cleanups = new Set();
let handlersInstalled = false;

function killGroup(child, signal) {
	if (child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* already gone */
		}
	}
}

/** Stops a child's whole process group: SIGTERM, then SIGKILL after `graceMs`. */
export function stopProcess(child, { graceMs = 10000 } = {}) {
	if (!child || child.exitCode !== null || child.signalCode !== null) {
		live.delete(child);
		return Promise.resolve();
	}
	return new Promise((resolve) => {
		const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
		child.once('exit', () => {
			clearTimeout(timer);
			// Grandchildren (task runner) may outlive the leader; take the group down for good.
			killGroup(child, 'SIGKILL');
			live.delete(child);
			resolve();
		});
		killGroup(child, 'SIGTERM');
	});
}

/** How many children were started so far; `runningSince(mark)` lists those started after a mark still running (their group included). */
export const startedCount = () => everStarted.length;

export function runningSince(mark) {
	return everStarted.slice(mark).filter((child) => {
		if (child.exitCode === null && child.signalCode === null) return true;
		try {
			process.kill(-child.pid, 0); // a process of its group lives on
			return true;
		} catch {
			return false;
		}
	});
}

/** Registers an async cleanup to run on Ctrl-C / SIGTERM / uncaught errors. Returns an unregister. */
export function onCleanup(fn) {
	installHandlers();
	cleanups.add(fn);
	return () => cleanups.delete(fn);
}

export async function cleanupAll() {
	const fns = [...cleanups].reverse();
	cleanups.clear();
	for (const fn of fns) {
		try {
			await fn();
		} catch (error) {
			console.error(`cleanup failed: ${error.message}`);
		}
	}
	await Promise.all([...live].map((child) => stopProcess(child, { graceMs: 5000 })));
}

function installHandlers() {
	if (handlersInstalled) return;
	handlersInstalled = true;
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
		process.once(signal, () => {
			cleanupAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
		});
	}
	// Last resort on a synchronous exit: no awaiting possible, so SIGKILL the groups and run the
	// cleanups for their synchronous part (removing temp folders is synchronous).
	process.once('exit', () => {
		for (const child of live) killGroup(child, 'SIGKILL');
		for (const fn of cleanups) {
			try {
				fn();
			} catch {
				/* best effort */
			}
		}
	});
}

/**
 * Spawns a long-running child in its own process group. Output is kept (last `keepBytes`) and
 * optionally echoed through `onLine`.
 */
export function startProcess(cmd, args, { cwd, env, onLine, keepBytes = 200000 } = {}) {
	installHandlers();
	const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	live.add(child);
	everStarted.push(child);
	child.output = '';
	const feed = (stream) => {
		let partial = '';
		stream.setEncoding('utf8');
		stream.on('data', (chunk) => {
			child.output = (child.output + chunk).slice(-keepBytes);
			if (!onLine) return;
			const lines = (partial + chunk).split('\n');
			partial = lines.pop();
			for (const line of lines) onLine(line);
		});
	};
	feed(child.stdout);
	feed(child.stderr);
	child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
	child.once('exit', () => live.delete(child));
	return child;
}

/**
 * Runs a command to completion (own process group, killed on timeout or Ctrl-C).
 * Resolves { code, stdout, stderr, ms }; never rejects on a non-zero exit.
 */
export function runProcess(cmd, args, { cwd, env, timeoutMs = 300000, input } = {}) {
	installHandlers();
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { cwd, env, detached: true, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
		live.add(child);
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
		child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
		if (input) child.stdin.end(input);
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child, 'SIGKILL');
		}, timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			live.delete(child);
			reject(error);
		});
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			killGroup(child, 'SIGKILL');
			live.delete(child);
			resolve({ code, signal, stdout, stderr, timedOut, ms: Date.now() - started });
		});
	});
}
