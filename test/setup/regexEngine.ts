/**
 * n8n-workflow checks resource-locator values and regex display conditions by running each regular
 * expression in a vm under a 250 ms watchdog (safe-regex.js). On a busy 2-core machine such a run can
 * wait longer than that for the CPU, and the check fails with "Regular expression execution timed out"
 * (it failed a clean-clone CI run once in 5,420 tests). The patterns are the node's own, never a
 * user's, so the tests run them with the same semantics and a watchdog with room for a busy machine.
 */
import { createContext, Script } from 'node:vm';
import { setSafeRegexEngine } from 'n8n-workflow';

const BUSY_MACHINE_TIMEOUT_MS = 10_000;

const context = createContext({ pattern: '', flags: '', input: '', replacement: '', result: undefined as unknown });
const scripts = {
	exec: new Script('result = new RegExp(pattern, flags).exec(input)'),
	test: new Script('result = new RegExp(pattern, flags).test(input)'),
	replace: new Script('result = input.replace(new RegExp(pattern, flags), replacement)'),
	matchAll: new Script('result = Array.from(input.matchAll(new RegExp(pattern, flags.includes("g") ? flags : flags + "g")))'),
	split: new Script('result = input.split(new RegExp(pattern, flags))'),
};

function run<T>(script: Script, pattern: string, input: string, flags = '', replacement = ''): T {
	Object.assign(context, { pattern, input, flags, replacement, result: undefined });
	script.runInContext(context, { timeout: BUSY_MACHINE_TIMEOUT_MS });
	return context.result as T;
}

setSafeRegexEngine({
	exec: (pattern, input, flags) => run(scripts.exec, pattern, input, flags),
	test: (pattern, input, flags) => run(scripts.test, pattern, input, flags),
	replace: (pattern, input, flags, replacement) => run(scripts.replace, pattern, input, flags, replacement),
	matchAll: (pattern, input, flags) => run(scripts.matchAll, pattern, input, flags),
	split: (pattern, input, flags) => run(scripts.split, pattern, input, flags),
});
