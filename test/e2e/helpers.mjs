// Shared bits of the e2e test files (run by scripts/e2e.mjs with `node --test`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { N8N_MAJOR } from '../../scripts/lib/paths.mjs';
import { readWorkflows } from '../../scripts/lib/stack.mjs';

// How every test waits for n8n (ask, up to E2E_WAIT_S) and how long a whole file may take.
export { FILE_TIMEOUT_MS, WAIT_MS, waitFor } from '../../scripts/lib/wait.mjs';

export const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(E2E_DIR, '..', '..');

/** The examples (examples/*.json) plus the e2e-only workflows (test/e2e/workflows/*.json). */
export function allWorkflows() {
	return [...readWorkflows(path.join(ROOT, 'examples')), ...readWorkflows(path.join(E2E_DIR, 'workflows'))];
}

/**
 * The Tool Executor's query (n8n's node that runs a connected tool without an agent, as an agent
 * would): from 2.x the arguments sit under the tool node's name (spaces as _), on the 1.x line they are
 * the query itself. The tool, and what the package sees of the call, is the same.
 */
export function toolQuery(toolNodeName, args) {
	return JSON.stringify(N8N_MAJOR >= 2 ? { [toolNodeName.replace(/ /g, '_')]: args } : args);
}

/** Requests the sandbox received for one method + path (e.g. 'POST', '/api/user/lead'). */
export function requestsTo(sandbox, method, apiPath) {
	return sandbox.requests.filter((r) => r.method === method && r.path === apiPath);
}

/** A readable dump of what n8n printed, for assertion messages. */
export function explain(result) {
	const tail = (s) => String(s ?? '').split('\n').slice(-40).join('\n');
	return `n8n execute exit ${result.code}${result.signal ? ` (${result.signal})` : ''}\n--- stdout (tail)\n${tail(result.stdout)}\n--- stderr (tail)\n${tail(result.stderr)}`;
}

/** Start of yesterday, UTC (n8n runs with GENERIC_TIMEZONE=UTC in these tests). */
export function startOfYesterdayUtc(now = new Date()) {
	return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1);
}

/**
 * A workflow of one Platform 2.0 polling trigger (version 4) polling every `pollEverySeconds` (n8n's
 * Poll Times as cron items), as the 2.0 polling tests import it. `parameters`: more of the node's
 * (a filter); `credential`: { id, name } of a voiceAssistantPlatform2Api credential.
 */
export function platform2PollingWorkflow({ id, name, nodeId, nodeName, event2, credential, pollEverySeconds, parameters = {} }) {
	const pollTimes = Array.from({ length: 60 / pollEverySeconds }, (_, i) => ({ mode: 'custom', cronExpression: `${i * pollEverySeconds} * * * * *` }));
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: nodeId,
				name: nodeName,
				type: 'n8n-nodes-voice-assistant.voiceAssistantPollingTrigger',
				typeVersion: 4,
				position: [0, 0],
				parameters: { pollTimes: { item: pollTimes }, accountKind: 'platform2', event2, ...parameters },
				credentials: { voiceAssistantPlatform2Api: credential },
			},
		],
		connections: {},
	};
}
