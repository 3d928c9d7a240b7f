// Starts the platform sandbox (sandbox/index.ts) inside this process, so tests can read its
// request log and store directly. TypeScript is loaded through ts-node's transpile-only hook.
import { createRequire } from 'node:module';
import path from 'node:path';

import { ROOT } from './paths.mjs';

const require = createRequire(import.meta.url);
let loaded;

/** sandbox/index.ts itself (startSandbox, DOCUMENTED_LIMITS, TOKENS, ...). */
export function loadSandboxModule() {
	if (!loaded) {
		process.env.TS_NODE_PROJECT ??= path.join(ROOT, 'tsconfig.json');
		require('ts-node/register/transpile-only');
		loaded = require(path.join(ROOT, 'sandbox', 'index.ts'));
	}
	return loaded;
}

/** Same options and result as sandbox/index.ts `startSandbox` (see docs/sandbox.md). */
export async function startSandbox(opts = {}) {
	return loadSandboxModule().startSandbox({ port: 0, quiet: true, ...opts });
}
