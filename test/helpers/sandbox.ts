/**
 * useSandbox(options): the one way a test file gets a sandbox. Call it at the top of a file (or a
 * describe): it starts a sandbox before all its tests, resets it before each test, and after all
 * waits until the simulator is idle and stops it.
 *
 * It returns a handle that stands for the file's sandbox: read it inside tests and hooks (it throws
 * when read before the sandbox started; after all tests it is the stopped sandbox).
 */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { forgetProcessMemories } from '../../nodes/VoiceAssistant/trigger/recentMemory';
import { resetPacers } from '../../nodes/VoiceAssistant/transport/pacers';
import { resetForms } from '../../nodes/VoiceAssistant/transport/forms';

export interface UseSandboxOptions extends SandboxOptions {
	/**
	 * What to reset before each test: 'all' (default) re-seeds the data and clears the request log,
	 * faults and latency (sandbox reset(); a configured rate limit stays); 'requests' clears only the
	 * request log, so data written by one test is seen by the next; 'none' leaves everything as the
	 * previous test left it (files whose tests build on each other).
	 */
	reset?: 'all' | 'requests' | 'none';
	/** Also forget the trigger's replay memory before each test (files that deliver to the trigger). */
	forgetProcessMemories?: boolean;
	/** Also forget what the pacers learned about the rate limit before each test (a fresh n8n process). */
	resetPacers?: boolean;
	/** After all tests, wait until no simulated call is running before stopping (default true; off for files whose calls never end). */
	waitForIdle?: boolean;
}

export function useSandbox(options: UseSandboxOptions = {}): Sandbox {
	const { reset = 'all', forgetProcessMemories: memories = false, resetPacers: pacers = false, waitForIdle = true, ...sandboxOptions } = options;
	let running: Sandbox | undefined;

	beforeAll(async () => {
		running = await startSandbox({ port: 0, quiet: true, ...sandboxOptions });
	});
	beforeEach(() => {
		// A re-seeded sandbox speaks the reference's generation again: forget which form each account spoke.
		if (reset === 'all') {
			running?.reset();
			resetForms();
		}
		else if (reset === 'requests') running?.clearRequests();
		if (memories) forgetProcessMemories();
		if (pacers) resetPacers();
	});
	afterAll(async () => {
		if (!running) return;
		if (waitForIdle) await running.waitForIdle();
		await running.stop();
	});

	const current = (key: PropertyKey): Sandbox => {
		if (!running) throw new Error(`useSandbox: the sandbox has not started yet (reading .${String(key)} outside this file's tests and hooks?)`);
		return running;
	};
	return new Proxy({} as Sandbox, {
		get(_target, key) {
			const sb = current(key);
			const value: unknown = Reflect.get(sb, key);
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(sb) : value;
		},
		set(_target, key, value) {
			return Reflect.set(current(key), key, value);
		},
		has(_target, key) {
			return Reflect.has(current(key), key);
		},
	});
}
