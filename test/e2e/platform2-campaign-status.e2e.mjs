// Campaign Started and Campaign Completed (Voice Assistant Polling Trigger, Platform 2.0) in a running
// n8n (`n8n start`) against campaigns as the catalogue has them: no started_at / paused_at /
// completed_at (the sandbox's setCampaignEntryTimes(false)), so a campaign enters a status when its id
// was not in it at the last read (issue #47 item 2). Campaigns are started, stopped and edited through
// the 2.0 API (startCampaign, stopCampaign, updateCampaign). A rename of a running campaign and an
// edit of a completed one start nothing; a campaign paused and started again while n8n polls starts
// once more; across a restart nothing emitted runs again, and a campaign that left the status without
// an emit, then came back while n8n was stopped, is not seen (docs/polling-trigger.md says why: n8n
// saves a poller's static data when it emits); with n8n 2.x's durable poll cursors it is. Poll Times
// every 5 s.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS, waitFor } from '../../scripts/lib/n8n.mjs';
import { N8N_MAJOR } from '../../scripts/lib/paths.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { platform2PollingWorkflow, requestsTo } from './helpers.mjs';

const POLL_EVERY_S = 5;
const STARTED = { id: 'vaE2eCampStarted', node: 'Campaign started (2.0)', event2: 'campaignStarted', expected: [] };
const COMPLETED = { id: 'vaE2eCampCompleted', node: 'Campaign completed (2.0)', event2: 'campaignCompleted', expected: [] };
const TRIGGERS = [STARTED, COMPLETED];
/** n8n 2.x keeps a poller's static data after a poll that emits nothing only with these (docs/polling-trigger.md). */
const DURABLE_CURSORS = { N8N_SCHEDULER_ENABLED: 'true', N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true', N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true' };

const workflowOf = (trigger, index) =>
	platform2PollingWorkflow({
		id: trigger.id,
		name: `E2E: Platform 2.0 ${trigger.event2}, campaigns without entry times`,
		nodeId: `e2e00000-0000-4000-8000-00000000095${index + 1}`,
		nodeName: trigger.node,
		event2: trigger.event2,
		credential: { id: `vaSandboxP2Camp0${index + 1}`, name: `Voice Assistant 2.0 (sandbox, ${trigger.event2})` },
		pollEverySeconds: POLL_EVERY_S,
	});

describe('n8n start: Campaign Started / Completed on campaigns without entry times', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	let api;
	const campaigns = {};

	/** The 2.0 API as the platform's users change campaigns (a key of its own, not the triggers'). */
	async function call(method, path, body) {
		const res = await fetch(`${sandbox.origin}/api/v1${path}`, {
			method,
			headers: { authorization: `Bearer ${api}`, 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const answer = await res.json();
		assert.ok(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
		for (const field of ['started_at', 'paused_at', 'completed_at']) assert.ok(!(field in answer.data), `${method} ${path} answers no ${field}`);
		return answer.data;
	}
	/** A draft campaign; with leads it runs until stopped (a lead is called an hour after the start), without it completes at once. */
	let phones = 0;
	async function campaign(name, withLead) {
		const { id } = await call('POST', '/campaigns', { name, concurrency: 1 });
		if (withLead) await call('POST', `/campaigns/${id}/leads`, { phone: `+49151555000${(phones += 1)}`, name: `Lead of ${name}` });
		return id;
	}

	const pollsOf = (trigger) => requestsTo(sandbox, 'GET', '/api/v1/campaigns').filter((r) => r.key === trigger.keyId && (r.query.offset ?? '0') === '0');
	/** Waits until every trigger has read its list `count` more times (a change made before that is seen by then). */
	async function morePolls(count, what) {
		const seen = TRIGGERS.map((trigger) => pollsOf(trigger).length);
		for (const [i, trigger] of TRIGGERS.entries()) {
			await waitFor(() => pollsOf(trigger).length, { what: `${what}: ${trigger.event2} to read List Campaigns ${count} more time(s)`, until: (n) => n >= seen[i] + count });
		}
	}
	async function emittedIds(trigger) {
		const ids = [];
		for (const summary of await n8n.rest.listExecutions(trigger.id)) {
			const execution = await n8n.rest.getExecution(summary.id);
			for (const item of execution.data.resultData.runData[trigger.node][0].data.main[0]) ids.push(item.json.id);
		}
		return ids;
	}
	/** Every trigger ran for all it expects, then two more polls each (a run too many would show by then): each exactly as expected. */
	async function assertRuns(what) {
		for (const trigger of TRIGGERS) {
			await waitFor(async () => (await emittedIds(trigger)).length, { what: `${what}: ${trigger.event2} to have run ${trigger.expected.length} time(s)`, until: (n) => n >= trigger.expected.length });
		}
		await morePolls(2, what);
		for (const trigger of TRIGGERS) {
			const ids = await emittedIds(trigger);
			assert.deepEqual([...ids].sort(), [...trigger.expected].sort(), `${what}: ${trigger.event2} ran for exactly these campaigns`);
		}
	}

	before(async () => {
		stack = await startStack({
			server: true,
			// a campaign's lead is called an hour after its start: a campaign with a lead stays running
			stepMs: 3_600_000,
			workflows: TRIGGERS.map(workflowOf),
			extraCredentials: (sb) =>
				TRIGGERS.map((trigger, index) => {
					const key = sb.platform2.keyRing.mint({ name: trigger.event2 });
					trigger.keyId = key.id;
					return { id: `vaSandboxP2Camp0${index + 1}`, name: `Voice Assistant 2.0 (sandbox, ${trigger.event2})`, type: 'voiceAssistantPlatform2Api', data: { apiKey: key.secret, origin: sb.origin } };
				}),
			log: (l) => console.log(`# ${l}`),
		});
		({ sandbox, n8n } = stack);
		sandbox.platform2.setCampaignEntryTimes(false);
		api = sandbox.platform2.mintKey({ name: 'the platform users' });
		// before the activation: one running, one completed (history: never a run)
		campaigns.runningBefore = await campaign('Running before', true);
		await call('POST', `/campaigns/${campaigns.runningBefore}/start`);
		campaigns.doneBefore = await campaign('Done before', false);
		await call('POST', `/campaigns/${campaigns.doneBefore}/start`);
	});

	after(async () => {
		await stack?.stop();
	});

	test('activated: a start and a completion run once; renaming running campaigns and editing completed ones start nothing', async () => {
		for (const trigger of TRIGGERS) assert.equal((await n8n.rest.activateWorkflow(trigger.id)).active, true);
		await morePolls(1, 'the activation polls');
		assert.equal((await call('GET', `/campaigns/${campaigns.doneBefore}`)).status, 'completed');
		await call('PATCH', `/campaigns/${campaigns.runningBefore}`, { name: 'Running before (renamed)' });
		await call('PATCH', `/campaigns/${campaigns.doneBefore}`, { concurrency: 3 });

		campaigns.spring = await campaign('Spring', true);
		await call('POST', `/campaigns/${campaigns.spring}/start`);
		STARTED.expected.push(campaigns.spring);
		// no lead: completed at the platform's next answer, before any poll can see it running
		campaigns.quick = await campaign('Quick', false);
		await call('POST', `/campaigns/${campaigns.quick}/start`);
		COMPLETED.expected.push(campaigns.quick);
		await assertRuns('a start and a completion');

		await call('PATCH', `/campaigns/${campaigns.spring}`, { name: 'Spring (renamed)', calling_windows: { mon: ['09:00-17:00'] } });
		await call('PATCH', `/campaigns/${campaigns.quick}`, { name: 'Quick (report sent)' });
		await assertRuns('renamed and edited');
	});

	test('paused and started again while n8n polls: Campaign Started runs once more', async () => {
		await call('POST', `/campaigns/${campaigns.spring}/stop`);
		await morePolls(1, 'the pause seen');
		await call('POST', `/campaigns/${campaigns.spring}/start`);
		STARTED.expected.push(campaigns.spring);
		await assertRuns('started again');
	});

	test('n8n restarts: nothing emitted runs again; a campaign that left without an emit and came back meanwhile is not seen (as documented)', async () => {
		await call('POST', `/campaigns/${campaigns.spring}/stop`);
		// the poll that sees it leave emits nothing, so n8n saves nothing (docs/polling-trigger.md)
		await morePolls(1, 'the pause seen');
		await n8n.stopServer();
		await call('POST', `/campaigns/${campaigns.spring}/start`);
		await call('PATCH', `/campaigns/${campaigns.quick}`, { name: 'Quick (edited while n8n was stopped)' });
		await n8n.start();
		await n8n.rest.ensureOwner();
		await morePolls(1, 'after the restart');
		await assertRuns('after the restart');
		// from here it is followed again: a pause and a start seen by n8n
		await call('POST', `/campaigns/${campaigns.spring}/stop`);
		await morePolls(1, 'the pause seen after the restart');
		await call('POST', `/campaigns/${campaigns.spring}/start`);
		STARTED.expected.push(campaigns.spring);
		await assertRuns('started again after the restart');
	});

	test('with n8n 2.x durable poll cursors, a campaign that left without an emit before a restart is seen when it comes back', { skip: N8N_MAJOR < 2 && 'n8n 1.x has no durable poll cursors' }, async () => {
		await n8n.stopServer();
		Object.assign(n8n.env, DURABLE_CURSORS);
		await n8n.start();
		await n8n.rest.ensureOwner();
		await morePolls(1, 'the first polls with durable cursors');
		await call('POST', `/campaigns/${campaigns.spring}/stop`);
		// the poll that sees it leave emits nothing; n8n commits its cursor all the same
		await morePolls(1, 'the pause seen');
		await n8n.stopServer();
		await n8n.start();
		await n8n.rest.ensureOwner();
		// n8n runs the polls it missed while stopped in a burst at its start (docs/polling-trigger.md): the campaign comes back after them
		await morePolls(2, 'the polls after the restart');
		await call('POST', `/campaigns/${campaigns.spring}/start`);
		STARTED.expected.push(campaigns.spring);
		await assertRuns('after a restart with durable cursors');
	});
});
