// n8n's internal REST API (/rest), as the editor uses it: the owner account, workflows and their
// (de)activation, executions. Every wait here asks n8n (scripts/lib/wait.mjs).
import { randomUUID } from 'node:crypto';

import { N8N_MAJOR } from './paths.mjs';
import { waitFor } from './wait.mjs';

/**
 * n8n 2.x publishes an activation in the background and reports it at /publication-status; the 1.x
 * line answers the activate and deactivate calls only once the triggers are set up or torn down, and
 * has no such route.
 */
const PUBLISHES_IN_BACKGROUND = N8N_MAJOR >= 2;

export const OWNER = {
	email: 'owner@example.com',
	password: 'Demo-Passw0rd',
	firstName: 'Demo',
	lastName: 'Owner',
};

/**
 * A small cookie-keeping REST client for n8n's internal API (/rest). n8n ties the auth cookie to a
 * `browser-id` header, so the same one is sent on every request.
 */
export function restClient(origin, { flattedParse, serverExited } = {}) {
	let cookie = '';
	const browserId = `e2e-${randomUUID()}`;
	async function call(method, route, body) {
		const res = await fetch(`${origin}/rest${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': browserId,
				...(cookie ? { cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = res.headers.getSetCookie?.() ?? [];
		for (const c of setCookie) {
			const [pair] = c.split(';');
			if (pair.startsWith('n8n-auth=')) cookie = pair;
		}
		const text = await res.text();
		let json;
		try {
			json = text ? JSON.parse(text) : undefined;
		} catch {
			json = undefined;
		}
		if (!res.ok) {
			const error = new Error(`${method} /rest${route} → ${res.status}: ${text.slice(0, 500)}`);
			error.status = res.status;
			error.body = json ?? text;
			throw error;
		}
		// n8n wraps most answers in { data }.
		return json && typeof json === 'object' && 'data' in json ? json.data : json;
	}
	const client = {
		origin,
		browserId,
		get cookie() {
			return cookie;
		},
		get: (route) => call('GET', route),
		post: (route, body) => call('POST', route, body ?? {}),
		patch: (route, body) => call('PATCH', route, body ?? {}),
		del: (route) => call('DELETE', route),

		async setupOwner(owner = OWNER) {
			return client.post('/owner/setup', owner);
		},
		async login(owner = OWNER) {
			return client.post('/login', { emailOrLdapLoginId: owner.email, password: owner.password });
		},
		/** Sets up the owner on a fresh instance, or logs in when that was done already. */
		async ensureOwner(owner = OWNER) {
			const settings = await client.get('/settings');
			if (settings?.userManagement?.showSetupOnFirstLoad === false) return client.login(owner);
			try {
				return await client.setupOwner(owner);
			} catch (error) {
				if (error.status === 400) return client.login(owner);
				throw error;
			}
		},
		getWorkflow: (id) => client.get(`/workflows/${id}`),
		/**
		 * n8n 2.41's own answer to "has this workflow's (de)activation been carried out?": activation
		 * only queues the publication, and n8n sets up the triggers (the trigger's create(), the
		 * webhooks, the saved static data) later, in the background; this reports `in_progress`,
		 * `published`, `partial`, `failed` or `not_published`, the live version and each trigger.
		 */
		publicationStatus: (id) => client.get(`/workflows/${id}/publication-status`),
		/**
		 * Waits until n8n has carried out the publication: `published` with `versionId` live (or
		 * `not_published` with `published: false`). A `failed` or `partial` publication stops the
		 * wait at once with n8n's error for each trigger.
		 */
		async waitForPublication(id, { published = true, versionId } = {}) {
			const settled = (s) => (published ? s?.status === 'published' && (!versionId || s.liveVersionId === versionId) : s?.status === 'not_published');
			let last;
			return waitFor(
				async () => {
					last = await client.publicationStatus(id);
					return last;
				},
				{
					what: published ? `n8n to have published workflow ${id}${versionId ? ` (version ${versionId})` : ''} (publication-status "published")` : `n8n to have unpublished workflow ${id} (publication-status "not_published")`,
					until: settled,
					failFast: () => serverExited?.() ?? (published && ['failed', 'partial'].includes(last?.status) ? `n8n reports the publication ${last.status}: ${JSON.stringify(last.triggers)}` : undefined),
				},
			);
		},
		/**
		 * n8n 2.x "publishes" a workflow: activation names the version to run. Resolves n8n's answer
		 * once the publication has been carried out (the triggers are registered), unless `wait` is false.
		 */
		async activateWorkflow(id, { wait = true } = {}) {
			const wf = await client.getWorkflow(id);
			const answer = await client.post(`/workflows/${id}/activate`, { versionId: wf.versionId });
			if (wait && PUBLISHES_IN_BACKGROUND) await client.waitForPublication(id, { versionId: answer?.activeVersionId ?? wf.versionId });
			return answer;
		},
		/** Deactivates and waits until n8n has torn the triggers down (the trigger's delete() has run). */
		async deactivateWorkflow(id, { wait = true } = {}) {
			const answer = await client.post(`/workflows/${id}/deactivate`, {});
			if (wait && PUBLISHES_IN_BACKGROUND) await client.waitForPublication(id, { published: false });
			return answer;
		},
		async listExecutions(workflowId) {
			const filter = encodeURIComponent(JSON.stringify({ workflowId }));
			const res = await client.get(`/executions?filter=${filter}&limit=50`);
			return res.results ?? res;
		},
		/**
		 * Waits until the workflow has at least `count` finished executions (`except`: ids not to
		 * count, e.g. those there before); returns them (newest first) with their run data.
		 */
		async waitForExecutions(workflowId, { count = 1, except = [], timeoutMs } = {}) {
			const skip = new Set(except.map(String));
			const list = await waitFor(() => client.listExecutions(workflowId), {
				what: `${count} finished execution(s) of workflow ${workflowId}${skip.size ? ` besides ${skip.size} earlier one(s)` : ''}`,
				until: (all) => finishedOf(all, skip).length >= count,
				seen: (all) => JSON.stringify((all ?? []).map((e) => ({ id: e.id, status: e.status }))),
				timeoutMs,
				failFast: serverExited,
			});
			return Promise.all(finishedOf(list, skip).map((e) => client.getExecution(e.id)));
		},
		/** One execution with its run data (n8n stores it "flatted"; unflattened here). */
		async getExecution(id) {
			const exec = await client.get(`/executions/${id}`);
			if (exec && typeof exec.data === 'string' && flattedParse) exec.data = flattedParse(exec.data);
			return exec;
		},
	};
	return client;
}

/** Executions that have finished (any outcome), leaving out the ids in `skip`. */
function finishedOf(executions, skip = new Set()) {
	return (executions ?? []).filter((e) => !['new', 'running', 'waiting'].includes(e.status) && !skip.has(String(e.id)));
}

