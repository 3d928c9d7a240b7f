// The whole picture for e2e tests and the demo: the platform sandbox, a real n8n with this package,
// a credential pointing at the sandbox, and the example workflows imported.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { CREDENTIAL_TYPE, OWNER, createN8n } from './n8n.mjs';
import { ROOT } from './paths.mjs';
import { startSandbox } from './sandbox.mjs';

/** The credential the example workflows name; imported with this id so they work as they are. */
export const EXAMPLE_CREDENTIAL = { id: 'vaSandboxAlice01', name: 'Voice Assistant (sandbox)' };

export const EXAMPLES_DIR = path.join(ROOT, 'examples');

/** Reads workflow JSON files (all of a folder, or the given paths). */
export function readWorkflows(dirOrFiles = EXAMPLES_DIR) {
	const files = Array.isArray(dirOrFiles)
		? dirOrFiles
		: readdirSync(dirOrFiles)
				.filter((f) => f.endsWith('.json'))
				.sort()
				.map((f) => path.join(dirOrFiles, f));
	return files.map((file) => ({ file, ...JSON.parse(readFileSync(file, 'utf8')) }));
}

/**
 * Starts sandbox + n8n. Options:
 *   stepMs      time between simulated call states (tests ~20, demo ~3000)
 *   sandbox     more sandbox options (rateLimit, seed, ...)
 *   workflows   workflow objects to import (default: examples/*.json)
 *   server      also run `n8n start`
 *   owner       with server: set up the owner account through the REST API (default true)
 *   port        n8n port (default: a free one)
 * Returns { sandbox, n8n, workflows, byName(name), stop() }.
 */
export async function startStack({
	stepMs = 20,
	sandbox: sandboxOptions = {},
	workflows = readWorkflows(),
	server = false,
	owner = true,
	port,
	log = () => {},
	keepFolder,
	onN8nLine,
	/** more credentials to import, made from the running sandbox: (sandbox) => [{id, name, data}] */
	extraCredentials = () => [],
} = {}) {
	const sandbox = await startSandbox({ callTiming: { stepMs }, ...sandboxOptions });
	let n8n;
	try {
		n8n = await createN8n({ log, keepFolder });
		log(`[stack] n8n user folder: ${n8n.userFolder}`);
		await n8n.importCredentials([
			{
				...EXAMPLE_CREDENTIAL,
				type: CREDENTIAL_TYPE,
				data: { apiToken: sandbox.tokens.alice, baseUrl: sandbox.baseUrl },
			},
			...extraCredentials(sandbox).map((credential) => ({ type: CREDENTIAL_TYPE, ...credential })),
		]);
		const imported = workflows.length
			? await n8n.importWorkflows(workflows.map(({ file, ...wf }) => wf))
			: [];
		if (server) {
			await n8n.start({ port, onLine: onN8nLine });
			if (owner) await n8n.rest.ensureOwner(OWNER);
		}
		const stack = {
			sandbox,
			n8n,
			workflows: imported,
			byName(name) {
				const wf = imported.find((w) => w.name === name || w.id === name);
				if (!wf) throw new Error(`no imported workflow named ${name}`);
				return wf;
			},
			async stop() {
				await n8n.dispose().catch(() => {});
				await sandbox.stop().catch(() => {});
			},
		};
		return stack;
	} catch (error) {
		if (n8n) await n8n.dispose().catch(() => {});
		await sandbox.stop().catch(() => {});
		throw error;
	}
}
