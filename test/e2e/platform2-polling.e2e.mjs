// The polling trigger on Platform 2.0 in a running n8n (`n8n start`): six workflows with the Voice
// Assistant Polling Trigger (version 3, Account Kind Platform 2.0), one per family of event (issue #37):
// Call Completed (a call that ended, by time of change), Call Not Answered (a call by final status, the
// platform filtering), New Assistant (a new record of a list read newest created first),
// Conversation Activity on WhatsApp (each change of a conversation, by channel), Campaign Lead Outcome
// (a campaign's call to a lead that ended) and Campaign Started (a campaign status, its list read whole;
// a campaign paused and resumed starts again). The test writes the
// records on the sandbox's 2.0 mode through its control route (POST /sandbox/platform2/records, the
// platform's clock = real time). Each event starts its workflow exactly once: calls that finish out of
// order, more than one page of events between two polls, across a deactivate/activate cycle and a
// restart of n8n; what happened before the first activation never does. Poll Times every 5 s.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS, sleep, waitFor } from '../../scripts/lib/n8n.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { platform2PollingWorkflow, requestsTo } from './helpers.mjs';

const POLL_EVERY_S = 5;

/** One workflow per family: the trigger's parameters, the list it reads, and the ids it must emit (a change twice: twice). */
const FAMILIES = [
	{ id: 'vaE2ePollingP2Call', node: 'Call completed (2.0, polling)', event2: 'callCompleted', list: '/api/v1/calls' },
	{ id: 'vaE2ePollingP2NoAns', node: 'Call not answered (2.0, polling)', event2: 'callNotAnswered', list: '/api/v1/calls' },
	{ id: 'vaE2ePollingP2Asst', node: 'New assistant (2.0, polling)', event2: 'newAssistant', list: '/api/v1/assistants' },
	{ id: 'vaE2ePollingP2Chat', node: 'WhatsApp activity (2.0, polling)', event2: 'conversationActivity', channel: 'whatsapp', list: '/api/v1/history' },
	{ id: 'vaE2ePollingP2Lead', node: 'Campaign lead outcome (2.0, polling)', event2: 'campaignLeadOutcome', list: '/api/v1/calls' },
	{ id: 'vaE2ePollingP2Camp', node: 'Campaign started (2.0, polling)', event2: 'campaignStarted', list: '/api/v1/campaigns' },
].map((family, index) => ({
	...family,
	// a key of its own: each trigger has the whole polling share of its key (10 % of the limit), as a
	// workflow on its own credential would
	credential: { id: `vaSandboxP2Poll0${index + 1}`, name: `Voice Assistant 2.0 (sandbox, ${family.event2})` },
	expected: [],
}));
const [CALLS, NOT_ANSWERED, ASSISTANTS, WHATSAPP, LEAD_OUTCOMES, CAMPAIGNS_STARTED] = FAMILIES;
const CAMPAIGN = '7a1f0c52-3b7e-4f0e-9d2a-5c8b1e6f4a90';
/** a campaign's call to a lead (the lead's id is made up: the outcome is the call's) */
const leadFields = () => ({ campaign_id: CAMPAIGN, lead_id: crypto.randomUUID() });

const workflowOf = (family, index) =>
	platform2PollingWorkflow({
		id: family.id,
		name: `E2E: Platform 2.0 ${family.event2}, found by polling`,
		nodeId: `e2e00000-0000-4000-8000-00000000090${index + 1}`,
		nodeName: family.node,
		event2: family.event2,
		credential: family.credential,
		pollEverySeconds: POLL_EVERY_S,
		parameters: family.channel ? { channel: family.channel } : {},
	});

describe('n8n start: Voice Assistant Polling Trigger on Platform 2.0, six families of event', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	const history = [];
	let heldOpen;
	let lastStart = 0;
	let spring;

	/** A record written through the control route at the platform's now (an array: all in one request). */
	async function write(body) {
		const res = await fetch(`${sandbox.origin}/sandbox/platform2/records`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(Array.isArray(body) ? body : { collection: '/calls', at: Date.now(), ...body }),
		});
		const answer = await res.json();
		assert.equal(res.status, 200, JSON.stringify(answer));
		return answer.data;
	}
	const start = async (fields = {}) => (await write({ fields: { status: 'in_progress', direction: 'inbound', ended_at: null, ...fields } })).id;
	/** A call ends: every workflow of calls expects it, Call Not Answered only an unanswered one, Campaign Lead Outcome a campaign's call to a lead. */
	async function finish(id, status = 'completed', lead = false) {
		await write({ id, fields: { status, ended_at: new Date().toISOString() } });
		CALLS.expected.push(id);
		if (status === 'no_answer') NOT_ANSWERED.expected.push(id);
		if (lead) LEAD_OUTCOMES.expected.push(id);
	}
	const finishLeadCall = async (status) => finish(await start({ direction: 'outbound', ...leadFields() }), status, true);
	/** A campaign starts (a new one, or `id` resumed after a pause): Campaign Started expects it once per start. */
	async function startCampaign(name, id) {
		// each start at a time of its own (a resume within the same millisecond would be the same start)
		const startedAt = (lastStart = Math.max(Date.now(), lastStart + 2));
		if (id) await write({ collection: '/campaigns', id, fields: { status: 'paused', paused_at: new Date(startedAt - 1).toISOString() } });
		const campaign = await write({ collection: '/campaigns', ...(id ? { id } : {}), fields: { name, status: 'running', started_at: new Date(startedAt).toISOString() } });
		CAMPAIGNS_STARTED.expected.push(campaign.id);
		return campaign.id;
	}
	async function newAssistant(name) {
		ASSISTANTS.expected.push((await write({ collection: '/assistants', fields: { name } })).id);
	}
	/** A WhatsApp conversation opens (one change, one run); an e-mail conversation beside it starts nothing. */
	async function newWhatsApp(text) {
		const chat = (await write({ collection: '/history', fields: { type: 'whatsapp', status: 'in_progress', last_message: text } })).id;
		await write({ collection: '/history', fields: { type: 'email', status: 'in_progress' } });
		WHATSAPP.expected.push(chat);
		return chat;
	}
	/**
	 * A WhatsApp conversation opens and, once its workflow ran for that, gets a reply: a second run. (Two
	 * changes between two polls are one change to a poll, which sees the conversation as it is now.)
	 */
	async function whatsAppExchange(text) {
		const chat = await newWhatsApp(text);
		await waitFor(async () => (await emittedIds(WHATSAPP)).filter((id) => id === chat).length, { what: `the run for WhatsApp conversation ${chat}`, until: (n) => n >= 1 });
		await write({ collection: '/history', id: chat, fields: { last_message: `Re: ${text}` } });
		WHATSAPP.expected.push(chat);
	}

	async function emittedIds(family) {
		const ids = [];
		for (const summary of await n8n.rest.listExecutions(family.id)) {
			const execution = await n8n.rest.getExecution(summary.id);
			for (const item of execution.data.resultData.runData[family.node][0].data.main[0]) ids.push(item.json.id);
		}
		return ids;
	}

	/** The requests one family's trigger sent for its list (each family polls with a key of its own). */
	const requestsOf = (family) => requestsTo(sandbox, 'GET', family.list).filter((r) => r.key === family.keyId);
	/** A poll starts with its list's first page; later pages (a burst, a list read whole) are the same poll. */
	const firstPage = (r) => (r.query.offset ?? '0') === '0' && r.query.cursor === undefined && r.query.after === undefined;
	const pollsOf = (family) => requestsOf(family).filter(firstPage);

	/** Waits until every family's trigger has read its list `count` more times, counted from the same moment for all. */
	async function morePolls(count, what) {
		const seen = FAMILIES.map((family) => pollsOf(family).length);
		for (const [i, family] of FAMILIES.entries()) {
			await waitFor(() => pollsOf(family).length, { what: `${what}: ${family.event2} to read ${family.list} ${count} more time(s) (after request ${seen[i]})`, until: (n) => n >= seen[i] + count });
		}
	}

	/**
	 * Waits until every family emitted all it expects, then until each trigger has polled twice more and n8n reports
	 * no unfinished run (an event emitted again would show by then), and checks: each exactly once.
	 */
	async function assertEachOnce(what) {
		for (const family of FAMILIES) {
			await waitFor(async () => (await emittedIds(family)).length, { what: `${what}: ${family.event2} to have run for all ${family.expected.length} events`, until: (n) => n >= family.expected.length });
		}
		await morePolls(2, what);
		for (const family of FAMILIES) {
			await waitFor(() => n8n.rest.listExecutions(family.id), {
				what: `${what}: every run of ${family.id} to have finished`,
				until: (list) => list.every((e) => !['new', 'running', 'waiting'].includes(e.status)),
				seen: (list) => JSON.stringify(list?.map((e) => ({ id: e.id, status: e.status }))),
			});
			const ids = await emittedIds(family);
			assert.deepEqual([...ids].sort(), [...family.expected].sort(), `${what}: ${family.event2}, each event exactly once (got ${ids.length})`);
			for (const old of history) assert.ok(!ids.includes(old), `${family.event2}: what happened before the first activation never starts the workflow`);
		}
	}

	before(async () => {
		stack = await startStack({
			server: true,
			sandbox: { rateLimit: { perMinute: 100, burst: 20, burstWindowSeconds: 10 } },
			workflows: FAMILIES.map(workflowOf),
			extraCredentials: (sb) =>
				FAMILIES.map((family) => {
					const key = sb.platform2.keyRing.mint({ name: family.event2 });
					family.keyId = key.id;
					return { ...family.credential, type: 'voiceAssistantPlatform2Api', data: { apiKey: key.secret, origin: sb.origin } };
				}),
			log: (l) => console.log(`# ${l}`),
		});
		({ sandbox, n8n } = stack);
		// before the first activation: a call that ended unanswered, an assistant, a WhatsApp message
		const old = await start();
		await write({ id: old, fields: { status: 'no_answer', ended_at: new Date().toISOString() } });
		history.push(old);
		history.push((await write({ collection: '/assistants', fields: { name: 'Before activation' } })).id);
		history.push((await write({ collection: '/history', fields: { type: 'whatsapp', status: 'in_progress' } })).id);
		const oldLead = await start({ direction: 'outbound', ...leadFields() });
		await write({ id: oldLead, fields: { status: 'completed', ended_at: new Date().toISOString() } });
		history.push(oldLead);
		history.push((await write({ collection: '/campaigns', fields: { name: 'Running before activation', status: 'running', started_at: new Date().toISOString() } })).id);
		heldOpen = await start();
		await sleep(1100); // shapes the scenario (the next record is more than a second younger); waits for nothing
	});

	after(async () => {
		await stack?.stop();
	});

	test('activated: calls finishing out of order, and more than a page of each event between two polls, start their workflows once each', async () => {
		const before = FAMILIES.map((family) => requestsOf(family).length);
		for (const family of FAMILIES) assert.equal((await n8n.rest.activateWorkflow(family.id)).active, true);
		for (const [i, family] of FAMILIES.entries()) {
			await waitFor(() => requestsOf(family).length, { what: `the activation poll of ${family.event2}`, until: (n) => n > before[i] });
		}
		// the pauses shape the scenario (records more than a second apart); they wait for nothing
		const early = await start();
		await sleep(1100);
		const late = await start();
		await sleep(1100);
		await finish(late, 'no_answer');
		await newAssistant('First');
		await finishLeadCall('no_answer');
		spring = await startCampaign('Spring');
		await whatsAppExchange('Hello');
		await assertEachOnce('the later call finished first');
		await finish(early);
		await finish(heldOpen, 'no_answer');
		await startCampaign('Spring, resumed', spring);
		// in one write, so between two polls: 60 calls end (30 unanswered, 30 of a campaign), 30 assistants,
		// 30 WhatsApp messages: more than a first page each (the records changed last time + 20); 210
		// campaigns start: more than a page of the list read whole
		const at = Date.now();
		const ended = new Date(at).toISOString();
		const writes = [
			...Array.from({ length: 60 }, (_, i) => ({
				collection: '/calls',
				at,
				fields: { status: i % 2 === 0 ? 'no_answer' : 'completed', direction: 'outbound', ended_at: ended, ...(i < 30 ? leadFields() : {}) },
			})),
			...Array.from({ length: 210 }, (_, i) => ({ collection: '/campaigns', at, fields: { name: `Burst ${i}`, status: 'running', started_at: ended } })),
			...Array.from({ length: 30 }, (_, i) => ({ collection: '/assistants', at, fields: { name: `Burst ${i}` } })),
			...Array.from({ length: 30 }, (_, i) => ({ collection: '/history', at, fields: { type: 'whatsapp', status: 'in_progress', last_message: `Burst ${i}` } })),
		];
		const burst = await write(writes);
		for (const [i, record] of burst.entries()) {
			const { collection } = writes[i];
			if (collection === '/calls') CALLS.expected.push(record.id);
			if (collection === '/calls' && record.status === 'no_answer') NOT_ANSWERED.expected.push(record.id);
			if (collection === '/calls' && record.lead_id) LEAD_OUTCOMES.expected.push(record.id);
			if (collection === '/assistants') ASSISTANTS.expected.push(record.id);
			if (collection === '/history') WHATSAPP.expected.push(record.id);
			if (collection === '/campaigns') CAMPAIGNS_STARTED.expected.push(record.id);
		}
		await assertEachOnce('after a burst');
		for (const [i, family] of FAMILIES.entries()) {
			const pages = requestsOf(family).slice(before[i]).filter((r) => !firstPage(r));
			assert.ok(pages.length > 0, `${family.event2}: the burst took more than one page`);
		}
	});

	test('deactivated while events happen, then activated: those events start their workflows once each', async () => {
		for (const family of FAMILIES) await n8n.rest.deactivateWorkflow(family.id);
		for (let i = 0; i < 3; i++) await finish(await start(), i === 0 ? 'no_answer' : 'completed');
		await newAssistant('While deactivated');
		await newWhatsApp('Are you there?');
		await finishLeadCall('busy');
		// a new campaign, and one paused and resumed (a start again); two starts of one campaign between
		// two polls would be one start to a poll, which sees the campaign as it is now
		await startCampaign('Summer');
		await startCampaign('Spring, resumed while deactivated', spring);
		for (const family of FAMILIES) await n8n.rest.activateWorkflow(family.id);
		await assertEachOnce('after re-activation');
	});

	test('n8n restarts while events happen: they start their workflows once each, nothing earlier again', async () => {
		await n8n.stopServer();
		for (let i = 0; i < 3; i++) await finish(await start(), i === 0 ? 'no_answer' : 'completed');
		await newAssistant('During the restart');
		await newWhatsApp('Still there?');
		await finishLeadCall('completed');
		await startCampaign('Autumn');
		await startCampaign('Spring, resumed again', spring);
		await n8n.start();
		await n8n.rest.ensureOwner();
		await assertEachOnce('after the restart');
	});

	test('a poll with nothing new is one request', async () => {
		const started = Date.now();
		const seen = FAMILIES.map((family) => requestsOf(family).length);
		await morePolls(3, 'nothing new');
		for (const [i, family] of FAMILIES.entries()) {
			const requests = requestsOf(family).slice(seen[i]);
			console.log(`# ${family.event2}: ${requests.length} requests to ${family.list} in ${((Date.now() - started) / 1000).toFixed(0)} s with nothing new`);
			// Campaign Started reads the running campaigns whole: 200+ since the burst, two pages a poll
			if (family === CAMPAIGNS_STARTED) continue;
			assert.ok(requests.every(firstPage), `${family.event2}: each idle poll read only its first page`);
		}
	});
});
