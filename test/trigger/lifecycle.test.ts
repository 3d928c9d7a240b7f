/**
 * Activation / deactivation of the trigger against the sandbox: what the assistant looks like
 * after create, that delete puts back exactly what was there, and the awkward paths (re-activation,
 * test mode next to production, someone else changing the URL meanwhile).
 */
import { createHash } from 'node:crypto';
import { useSandbox } from '../helpers/sandbox';
import {
	PRODUCTION_URL,
	TEST_URL,
	assistantSnapshot,
	lifecycle,
	parameters,
	setWebhookSettings,
	webhookSettings,
} from './helpers';

const sb = useSandbox({ callTiming: { stepMs: 5 } });

const SECRET_URL = /^http:\/\/localhost:5678\/webhook\/harness-webhook-id\/webhook\?secret=([0-9a-f]{64})$/;

describe('Call Ended: activation', () => {
	it('points the assistant at the trigger URL with a secret and the chosen options', async () => {
		const hooks = lifecycle(sb, parameters({ options: { onlyCompleted: true, includeRecording: true } }));
		expect(await hooks.run('checkExists')).toBe(false);
		expect(await hooks.run('create')).toBe(true);

		const settings = webhookSettings(sb, 1);
		expect(settings.webhook_url).toMatch(SECRET_URL);
		expect(settings.is_webhook_active).toBe(true);
		expect(settings.send_webhook_only_on_completed).toBe(true);
		expect(settings.include_recording_in_webhook).toBe(true);
		// static data keeps the hash of the secret in the URL (for checking deliveries), never the secret
		const secret = SECRET_URL.exec(settings.webhook_url ?? '')?.[1] ?? '';
		expect((hooks.staticData.production as { secretHash: string }).secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
		expect(JSON.stringify(hooks.staticData)).not.toContain(secret);
		expect(await hooks.run('checkExists')).toBe(true);

		// it went through the documented update endpoint
		const put = sb.requests.find((r) => r.method === 'PUT');
		expect(put?.path).toBe('/api/user/assistant/1');
	});

	it('uses a new secret on every activation', async () => {
		const first = lifecycle(sb, parameters());
		await first.run('create');
		const url1 = webhookSettings(sb, 1).webhook_url;
		await first.run('delete');
		await first.run('create');
		const url2 = webhookSettings(sb, 1).webhook_url;
		expect(url1).toMatch(SECRET_URL);
		expect(url2).toMatch(SECRET_URL);
		expect(url2).not.toBe(url1);
	});

	it('checkExists is false once the assistant points elsewhere, or the options changed', async () => {
		const hooks = lifecycle(sb, parameters());
		await hooks.run('create');
		expect(await hooks.run('checkExists')).toBe(true);
		expect(await hooks.run('checkExists', { parameters: parameters({ options: { onlyCompleted: true } }) })).toBe(false);
		setWebhookSettings(sb, 1, { webhook_url: 'https://example.com/other' });
		expect(await hooks.run('checkExists')).toBe(false);
	});

	it('finds an assistant beyond the first page of the assistants list', async () => {
		const template = sb.store.assistants.find((a) => a.id === 1);
		if (!template) throw new Error('seed changed');
		for (let i = 0; i < 120; i++) {
			sb.store.assistants.push({ ...structuredClone(template), id: 1000 + i, uuid: `extra-${i}`, name: `Extra ${i}` });
		}
		const hooks = lifecycle(sb, parameters({}, 1119));
		await hooks.run('create');
		expect(webhookSettings(sb, 1119).webhook_url).toMatch(SECRET_URL);
		const pages = sb.requests.filter((r) => r.path === '/api/user/assistants/get').map((r) => r.query.page);
		expect(pages).toEqual(['1', '2']);
	});
});

describe('Call Ended: deactivation restores the previous settings exactly', () => {
	const cases = [
		['no webhook before', { webhook_url: null, is_webhook_active: false, send_webhook_only_on_completed: false, include_recording_in_webhook: false }],
		['another active URL before', { webhook_url: 'https://crm.example.com/hook?x=1', is_webhook_active: true, send_webhook_only_on_completed: true, include_recording_in_webhook: false }],
		['another URL, inactive, before', { webhook_url: 'https://crm.example.com/paused', is_webhook_active: false, send_webhook_only_on_completed: false, include_recording_in_webhook: true }],
	] as const;

	it.each(cases)('%s', async (_name, before) => {
		setWebhookSettings(sb, 1, before);
		const snapshot = assistantSnapshot(sb, 1);
		const hooks = lifecycle(sb, parameters({ options: { onlyCompleted: !before.send_webhook_only_on_completed, includeRecording: true } }));
		await hooks.run('create');
		expect(webhookSettings(sb, 1).webhook_url).toMatch(SECRET_URL);

		expect(await hooks.run('delete')).toBe(true);
		expect(assistantSnapshot(sb, 1)).toBe(snapshot);
		expect(hooks.staticData).toEqual({});
		expect(await hooks.run('checkExists')).toBe(false);
	});

	it('re-activation over its own URL keeps the original (not our URL) for delete', async () => {
		setWebhookSettings(sb, 1, { webhook_url: 'https://crm.example.com/hook', is_webhook_active: true });
		const snapshot = assistantSnapshot(sb, 1);
		const hooks = lifecycle(sb, parameters());
		await hooks.run('create');
		// n8n restarted / the workflow was re-saved: create runs again while the assistant still points at us
		await hooks.run('create', { parameters: parameters({ options: { includeRecording: true } }) });
		expect(webhookSettings(sb, 1).include_recording_in_webhook).toBe(true);
		await hooks.run('delete');
		expect(assistantSnapshot(sb, 1)).toBe(snapshot);
	});

	it('re-activation after static data was lost turns the dead URL off instead of keeping it', async () => {
		const hooks = lifecycle(sb, parameters());
		await hooks.run('create');
		const fresh = lifecycle(sb, parameters());
		await fresh.run('create');
		await fresh.run('delete');
		expect(webhookSettings(sb, 1)).toMatchObject({ webhook_url: null, is_webhook_active: false });
	});

	it('leaves the assistant alone when someone else changed its URL meanwhile', async () => {
		const hooks = lifecycle(sb, parameters());
		await hooks.run('create');
		setWebhookSettings(sb, 1, { webhook_url: 'https://someone.example.com/new', is_webhook_active: true });
		const snapshot = assistantSnapshot(sb, 1);
		sb.clearRequests();
		await hooks.run('delete');
		expect(assistantSnapshot(sb, 1)).toBe(snapshot);
		expect(sb.requests.filter((r) => r.method !== 'GET')).toEqual([]);
		expect(hooks.staticData).toEqual({});
	});

	it('deactivation succeeds when the assistant was deleted on the platform meanwhile', async () => {
		const hooks = lifecycle(sb, parameters());
		await hooks.run('create');
		const assistant = sb.store.assistants.find((a) => a.id === 1);
		if (assistant) assistant.deleted_at = Date.now();
		sb.clearRequests();
		await expect(hooks.run('delete')).resolves.toBe(true);
		expect(sb.requests.filter((r) => r.method !== 'GET')).toEqual([]);
		expect(hooks.staticData).toEqual({});
	});

	it('switching the watched assistant hands the old one back first', async () => {
		setWebhookSettings(sb, 1, { webhook_url: 'https://crm.example.com/one', is_webhook_active: true });
		const one = assistantSnapshot(sb, 1);
		const three = assistantSnapshot(sb, 3);
		const hooks = lifecycle(sb, parameters());
		await hooks.run('create');
		// the old registration was never deleted (e.g. deactivation failed), now the node watches assistant 3
		await hooks.run('create', { parameters: parameters({}, 3) });
		expect(assistantSnapshot(sb, 1)).toBe(one);
		expect(webhookSettings(sb, 3).webhook_url).toMatch(/harness-webhook-id\/webhook\?secret=/);
		await hooks.run('delete', { parameters: parameters({}, 3) });
		expect(assistantSnapshot(sb, 3)).toBe(three);
	});
});

/**
 * n8n's own sequence for "Listen for test event": create in mode 'manual' on a fresh, separate
 * static data object; delete later in mode 'internal' (not 'manual') with the test URL. The
 * harness's non-manual mode plus an explicit test URL stands in for that delete.
 */
describe('test mode ("Listen for test event")', () => {
	const testDelete = { mode: 'trigger' as const, webhookUrl: TEST_URL };

	it('n8n sequence: test create, test delete in internal mode, separate static data', async () => {
		setWebhookSettings(sb, 1, { webhook_url: 'https://crm.example.com/hook', is_webhook_active: true });
		const original = assistantSnapshot(sb, 1);
		const production = lifecycle(sb, parameters());
		const test = lifecycle(sb, parameters());

		await test.run('create', { mode: 'manual' });
		expect(webhookSettings(sb, 1).webhook_url?.startsWith(`${TEST_URL}?secret=`)).toBe(true);
		await test.run('delete', testDelete);
		expect(assistantSnapshot(sb, 1)).toBe(original);
		expect(test.staticData).toEqual({});

		// the same while the workflow is active: production comes back after testing
		await production.run('create');
		const active = webhookSettings(sb, 1);
		await test.run('create', { mode: 'manual' });
		expect(webhookSettings(sb, 1).webhook_url?.startsWith(`${TEST_URL}?secret=`)).toBe(true);
		await test.run('delete', testDelete);
		expect(webhookSettings(sb, 1)).toEqual(active);
		expect(await production.run('checkExists')).toBe(true);
		await production.run('delete');
		expect(assistantSnapshot(sb, 1)).toBe(original);
	});

	it('a test delete in internal mode does not touch the production registration in shared static data', async () => {
		const hooks = lifecycle(sb, parameters());
		await hooks.run('create');
		await hooks.run('create', { mode: 'manual' });
		await hooks.run('delete', testDelete);
		expect(hooks.staticData.test).toBeUndefined();
		expect(hooks.staticData.production).toBeDefined();
		expect(await hooks.run('checkExists')).toBe(true);
	});

	it('registers the test URL with its own secret and restores what was there', async () => {
		setWebhookSettings(sb, 1, { webhook_url: 'https://crm.example.com/hook', is_webhook_active: true });
		const snapshot = assistantSnapshot(sb, 1);
		const hooks = lifecycle(sb, parameters());
		await hooks.run('create', { mode: 'manual' });
		expect(webhookSettings(sb, 1).webhook_url).toMatch(new RegExp(`^${TEST_URL}\\?secret=[0-9a-f]{64}$`));
		expect(hooks.staticData.test).toBeDefined();
		expect(hooks.staticData.production).toBeUndefined();
		await hooks.run('delete', { mode: 'manual' });
		expect(assistantSnapshot(sb, 1)).toBe(snapshot);
	});

	it('testing while the workflow is active puts the production registration back afterwards', async () => {
		setWebhookSettings(sb, 1, { webhook_url: 'https://crm.example.com/hook', is_webhook_active: true });
		const original = assistantSnapshot(sb, 1);
		const hooks = lifecycle(sb, parameters());
		await hooks.run('create');
		const production = webhookSettings(sb, 1);
		expect(production.webhook_url?.startsWith(`${PRODUCTION_URL}?secret=`)).toBe(true);

		await hooks.run('create', { mode: 'manual' });
		expect(webhookSettings(sb, 1).webhook_url?.startsWith(`${TEST_URL}?secret=`)).toBe(true);
		await hooks.run('delete', { mode: 'manual' });
		expect(webhookSettings(sb, 1)).toEqual(production);
		expect(await hooks.run('checkExists')).toBe(true);

		await hooks.run('delete');
		expect(assistantSnapshot(sb, 1)).toBe(original);
	});
});

describe('Inbound Call Completed', () => {
	const inbound = (assistantId = 2) => parameters({ event: 'inboundCallCompleted' }, assistantId);

	it('enables the inbound webhook with the trigger URL and disables it again', async () => {
		const snapshot = assistantSnapshot(sb, 2);
		const hooks = lifecycle(sb, inbound());
		expect(await hooks.run('checkExists')).toBe(false);
		await hooks.run('create');
		expect(webhookSettings(sb, 2).inbound_webhook_url).toMatch(SECRET_URL);
		// the post-call webhook is not touched
		expect(webhookSettings(sb, 2).webhook_url).toBeNull();
		expect(await hooks.run('checkExists')).toBe(true);
		expect(sb.requests.some((r) => r.path === '/api/user/assistants/enable-inbound-webhook')).toBe(true);

		await hooks.run('delete');
		expect(sb.requests.some((r) => r.path === '/api/user/assistants/disable-inbound-webhook')).toBe(true);
		expect(assistantSnapshot(sb, 2)).toBe(snapshot);
	});

	it('re-enables a previous inbound URL on deactivation', async () => {
		setWebhookSettings(sb, 2, { inbound_webhook_url: 'https://crm.example.com/inbound' });
		const snapshot = assistantSnapshot(sb, 2);
		const hooks = lifecycle(sb, inbound());
		await hooks.run('create');
		expect(webhookSettings(sb, 2).inbound_webhook_url).toMatch(SECRET_URL);
		await hooks.run('delete');
		expect(assistantSnapshot(sb, 2)).toBe(snapshot);
		const enables = sb.requests.filter((r) => r.path === '/api/user/assistants/enable-inbound-webhook');
		expect(enables.at(-1)?.body).toEqual({ assistant_id: 2, webhook_url: 'https://crm.example.com/inbound' });
	});
});

describe('errors surface', () => {
	it('an unknown assistant fails activation with a clear message and changes nothing', async () => {
		const hooks = lifecycle(sb, parameters({}, 999));
		await expect(hooks.run('create')).rejects.toThrow('Assistant 999 was not found');
		await expect(hooks.run('checkExists')).resolves.toBe(false);
		expect(hooks.staticData).toEqual({});
		expect(sb.requests.filter((r) => r.method !== 'GET')).toEqual([]);
	});

	it("another account's assistant is not found either", async () => {
		const hooks = lifecycle(sb, parameters({}, 13));
		await expect(hooks.run('create')).rejects.toThrow('Assistant 13 was not found');
		expect(webhookSettings(sb, 13).webhook_url).toBeNull();
	});

	it('an invalid token fails activation and deactivation, keeping what delete still needs', async () => {
		await expect(lifecycle(sb, parameters()).run('create', { token: 'wrong-token' })).rejects.toThrow(/API token was rejected/);

		const hooks = lifecycle(sb, parameters());
		await hooks.run('create');
		await expect(hooks.run('delete', { token: 'wrong-token' })).rejects.toThrow(/API token was rejected/);
		// nothing was lost: a later delete with a good token still restores
		expect(hooks.staticData.production).toBeDefined();
		await hooks.run('delete');
		expect(webhookSettings(sb, 1).webhook_url).toBeNull();
	});

	it('a non-numeric assistant ID is rejected before any request', async () => {
		const hooks = lifecycle(sb, parameters({ assistantId: { __rl: true, mode: 'id', value: 'abc' } }));
		await expect(hooks.run('create')).rejects.toThrow('"abc" is not a valid assistant ID');
		expect(sb.requests).toEqual([]);
	});

	it('an update the platform rejects surfaces its message', async () => {
		sb.setFaults([{ kind: 'status', status: 500, count: 1, match: { method: 'PUT' }, phase: 'before' }]);
		const hooks = lifecycle(sb, parameters());
		await expect(hooks.run('create')).rejects.toThrow(/HTTP 500/);
		expect(hooks.staticData).toEqual({});
	});
});
