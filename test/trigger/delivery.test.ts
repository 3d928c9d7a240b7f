/**
 * Deliveries end to end: the sandbox simulates calls and POSTs its notifications to the URL the
 * trigger registered; a local receiver forwards them into webhook() through the harness.
 */
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { runWebhook } from '../harness';
import { credentials, forgetDeliveries, lifecycle, parameters, placeCall, startReceiver, VoiceAssistantTrigger } from './helpers';
import type { Receiver } from './helpers';

const sb = useSandbox({ callTiming: { stepMs: 5 } });
let receiver: Receiver;
let staticData: IDataObject;
afterAll(async () => {
	await receiver?.close();
});

/** Fresh sandbox data, a receiver, and an activated trigger with these parameters. */
async function activate(nodeParameters = parameters(), mode: 'trigger' | 'manual' = 'trigger') {
	await receiver?.close();
	sb.reset();
	staticData = {};
	receiver = await startReceiver(sb, staticData, nodeParameters);
	// lifecycle and receiver share one static-data object, as n8n keeps it with the workflow
	const hooks = lifecycle(sb, nodeParameters, { production: receiver.productionUrl, test: receiver.testUrl }, staticData);
	const result = await hooks.run('create', { mode });
	return { hooks, result };
}

function executions() {
	return receiver.deliveries.filter((d) => d.result?.workflowData);
}

describe('Call Ended deliveries', () => {
	it('a finished call of the assistant starts exactly one execution with the notification body', async () => {
		await activate();
		const callId = await placeCall(sb, 1, '+4917612345670');
		await sb.waitForIdle();

		expect(receiver.deliveries).toHaveLength(1);
		const [delivery] = receiver.deliveries;
		expect(delivery.error).toBeUndefined();
		expect(delivery.status).toBe(200);
		const items = delivery.result?.workflowData;
		expect(items).toHaveLength(1);
		expect(items?.[0]).toHaveLength(1);
		const json = items?.[0][0].json as IDataObject;
		// untouched by default: exactly what the platform posted
		expect(json).toEqual(delivery.body);
		expect(json).toMatchObject({
			id: callId,
			status: 'completed',
			customer_phone: '+4917612345670',
			assistant_phone: '+4915792345601',
			lead: null,
			campaign: null,
		});
		expect(typeof json.duration).toBe('number');
		expect(json.transcript).toEqual(expect.stringContaining('Customer: Hi, this is Jonas Weber.'));
		expect(json.extracted_variables).toMatchObject({ customer_name: 'Jonas Weber', interested: true });
		// the platform saw a successful delivery
		expect(sb.store.calls.find((c) => c.id === callId)?.webhook_response?.status).toBe(200);
	});

	it('Simplify keeps ten fields: the useful ones, flat', async () => {
		await activate(parameters({ simplify: true, options: { includeRecording: true } }));
		const callId = await placeCall(sb, 1, '+4917612345670');
		await sb.waitForIdle();
		const json = executions()[0]?.result?.workflowData?.[0][0].json as IDataObject;
		const call = sb.store.calls.find((c) => c.id === callId);
		expect(json).toEqual({
			call_id: callId,
			assistant_id: 1,
			status: 'completed',
			duration: call?.duration,
			customer_phone: '+4917612345670',
			transcript: call?.transcript,
			extracted_variables: expect.objectContaining({ customer_name: 'Jonas Weber', summary: 'The customer agreed to an appointment on Tuesday afternoon.' }),
			recording_url: call?.recording_url,
			finished_at: expect.any(String),
			lead: null,
		});
		expect(json.recording_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/recordings\/.+\.mp3$/);
	});

	it('a node saved at version 3 keeps the wider Simplify record it was built on', async () => {
		await activate(parameters({ simplify: true }));
		await placeCall(sb, 1, '+4917612345670');
		await sb.waitForIdle();
		const [delivery] = receiver.deliveries;
		forgetDeliveries(staticData); // the same delivery again, to a version-3 node
		const result = await runWebhook(VoiceAssistantTrigger, {
			parameters: receiver.parameters,
			credentials: credentials(sb),
			staticData,
			webhookUrl: receiver.productionUrl,
			request: { method: 'POST', query: delivery.query, body: delivery.body as IDataObject },
			typeVersion: 3,
		});
		const json = result.workflowData?.[0][0].json as IDataObject;
		expect(json).toMatchObject({ assistant_phone: '+4915792345601', summary: 'The customer agreed to an appointment on Tuesday afternoon.', lead_id: null, campaign_id: null });
		expect(Object.keys(json)).toHaveLength(19);
	});

	it('both transcript shapes simplify to the same text', async () => {
		await activate(parameters({ simplify: true }));
		await placeCall(sb, 1, '+4917612345670');
		await sb.waitForIdle();
		sb.setWebhookTranscript('array', 1);
		await placeCall(sb, 1, '+4917612345670');
		await sb.waitForIdle();

		const [asString, asArray] = receiver.deliveries;
		expect(typeof (asString.body as IDataObject).transcript).toBe('string');
		expect(Array.isArray((asArray.body as IDataObject).transcript)).toBe(true);
		const text = (d: typeof asString) => (d.result?.workflowData?.[0][0].json as IDataObject).transcript;
		expect(text(asString)).toBe((asString.body as IDataObject).transcript);
		expect(text(asArray)).toBe(text(asString));
		expect(String(text(asString)).split('\n')).toHaveLength(5);

		// an array without formatted_transcript (some deployments) is joined into the same lines
		const bare = { ...(asArray.body as IDataObject) };
		delete bare.formatted_transcript;
		forgetDeliveries(staticData); // the same call again: not a replay test (test/security/replays.test.ts is)
		const result = await runWebhook(VoiceAssistantTrigger, {
			parameters: receiver.parameters,
			credentials: credentials(sb),
			staticData,
			webhookUrl: receiver.productionUrl,
			request: { method: 'POST', query: asArray.query, body: bare },
		});
		expect((result.workflowData?.[0][0].json as IDataObject).transcript).toBe(text(asString));
	});

	it('campaign calls carry their lead and campaign', async () => {
		await activate(parameters({ simplify: true }));
		const response = await fetch(`${sb.baseUrl}/user/campaigns/update-status`, {
			method: 'POST',
			headers: { Authorization: `Bearer ${sb.tokens.alice}`, 'Content-Type': 'application/json' },
			body: JSON.stringify({ campaign_id: 1, action: 'start' }),
		});
		expect(response.status).toBe(200);
		await sb.waitForIdle();
		const started = executions().map((d) => d.result?.workflowData?.[0][0].json as IDataObject);
		// Every lead of the campaign was dialled, and every call arrived carrying its own lead (with its campaign).
		const campaignLeads = sb.store.leads.filter((l) => l.campaign_id === 1);
		const leadOf = (item: IDataObject) => item.lead as IDataObject;
		expect(new Set(started.map((item) => leadOf(item).id))).toEqual(new Set(campaignLeads.map((l) => l.id)));
		for (const item of started) {
			const lead = campaignLeads.find((l) => l.id === leadOf(item).id);
			expect(leadOf(item)).toMatchObject({ campaign_id: 1, campaign_name: 'Spring Promotion', phone_number: lead?.phone_number, variables: lead?.variables });
			expect(item.customer_phone).toBe(lead?.phone_number);
		}
	});

	it('the status filter acknowledges but drops other calls', async () => {
		await activate(parameters({ options: { statuses: ['completed'] } }));
		await placeCall(sb, 1, '+4917612345677'); // busy
		await placeCall(sb, 1, '+4917612345675'); // ended by customer
		await placeCall(sb, 1, '+4917612345671'); // completed
		await sb.waitForIdle();

		expect(receiver.deliveries).toHaveLength(3);
		expect(receiver.deliveries.every((d) => d.status === 200)).toBe(true);
		const started = executions();
		expect(started).toHaveLength(1);
		expect((started[0].body as IDataObject).status).toBe('completed');
		const dropped = receiver.deliveries.filter((d) => !d.result?.workflowData);
		expect(dropped.map((d) => (d.body as IDataObject).status).sort()).toEqual(['busy', 'ended_by_customer']);
		expect(dropped[0].result?.webhookResponse).toMatchObject({ received: true, executed: false });
	});

	it('"Only Completed Calls" makes the platform send completed calls only', async () => {
		await activate(parameters({ options: { onlyCompleted: true } }));
		await placeCall(sb, 1, '+4917612345677'); // busy
		await placeCall(sb, 1, '+4917612345671'); // completed
		await sb.waitForIdle();
		expect(receiver.deliveries.map((d) => (d.body as IDataObject).status)).toEqual(['completed']);
	});

	it('test mode registers the test URL and its deliveries run with the test secret', async () => {
		await activate(parameters(), 'manual');
		await placeCall(sb, 1, '+4917612345670');
		await sb.waitForIdle();
		expect(receiver.deliveries).toHaveLength(1);
		expect(receiver.deliveries[0].mode).toBe('manual');
		expect(executions()).toHaveLength(1);
	});
});

describe('forged deliveries start nothing and get 401', () => {
	async function post(query: Record<string, string>, body: IDataObject, mode: 'webhook' | 'manual' = 'webhook') {
		forgetDeliveries(staticData); // these post one genuine delivery many times to test the secret, not the replay guard
		return await runWebhook(VoiceAssistantTrigger, {
			parameters: receiver.parameters,
			credentials: credentials(sb),
			staticData,
			mode,
			webhookUrl: mode === 'manual' ? receiver.testUrl : receiver.productionUrl,
			request: { method: 'POST', query, body },
		});
	}

	let genuine: IDataObject;
	let secret: string;
	beforeAll(async () => {
		await activate();
		await placeCall(sb, 1, '+4917612345670');
		await sb.waitForIdle();
		genuine = receiver.deliveries[0].body as IDataObject;
		secret = receiver.deliveries[0].query.secret;
		expect(executions()).toHaveLength(1);
	});

	it.each([
		['no secret', {}],
		['a wrong secret', { secret: 'f'.repeat(64) }],
		['a secret of another length', { secret: 'abc' }],
		['an empty secret', { secret: '' }],
	])('%s', async (_name, query) => {
		const result = await post(query, genuine);
		expect(result.workflowData).toBeUndefined();
		expect(result.noWebhookResponse).toBe(true);
		expect(result.response.statusCode).toBe(401);
		expect(result.response.ended).toBe(true);
	});

	it('the genuine secret passes (control)', async () => {
		const result = await post({ secret }, genuine);
		expect(result.workflowData?.[0]).toHaveLength(1);
	});

	it('a delivery about another assistant', async () => {
		const result = await post({ secret }, { ...genuine, assistant_id: 3 });
		expect(result.workflowData).toBeUndefined();
		expect(result.response.statusCode).toBe(401);
		const nested = await post({ secret }, { ...genuine, call: { assistant_id: 3 } });
		expect(nested.response.statusCode).toBe(401);
		expect((await post({ secret }, { ...genuine, assistant_id: 1 })).workflowData).toBeDefined();
		expect((await post({ secret }, { ...genuine, assistant_id: '3' })).response.statusCode).toBe(401);
	});

	it('an assistant named by UUID: the watched one passes (any case), another is refused', async () => {
		const watched = sb.store.assistants.find((a) => a.id === 1)!.uuid;
		expect((await post({ secret }, { ...genuine, assistant_id: watched.toUpperCase() })).workflowData?.[0]).toHaveLength(1);
		const other = await post({ secret }, { ...genuine, assistant_id: '9b2f4c1e-7d1a-4f6e-9a3b-2c8d5e6f7a81' });
		expect(other.response.statusCode).toBe(401);
		expect(other.workflowData).toBeUndefined();
	});

	it('an assistant named in another form (the inbound payload is undocumented) is not refused: the secret authenticates', async () => {
		for (const assistant_id of ['Sales Bot', 'assistant-3']) {
			const result = await post({ secret }, { ...genuine, assistant_id });
			expect(result.workflowData?.[0]).toHaveLength(1);
		}
	});

	it('the production secret does not open the test URL', async () => {
		const result = await post({ secret }, genuine, 'manual');
		expect(result.workflowData).toBeUndefined();
		expect(result.response.statusCode).toBe(401);
	});

	it('a forged POST over HTTP gets 401 from the receiver', async () => {
		const before = executions().length;
		const response = await fetch(`${receiver.productionUrl}?secret=nope`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(genuine),
		});
		expect(response.status).toBe(401);
		expect(executions()).toHaveLength(before);
	});
});

describe('Inbound Call Completed deliveries', () => {
	it('an inbound call of the assistant starts one execution with the inbound notification', async () => {
		await activate(parameters({ event: 'inboundCallCompleted' }, 2));
		const result = await sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4915112345670' });
		await sb.waitForIdle();
		expect(result.inbound_webhook_response?.status).toBe(200);
		expect(receiver.deliveries).toHaveLength(1);
		const json = executions()[0].result?.workflowData?.[0][0].json as IDataObject;
		expect(json).toMatchObject({
			assistant_id: 2,
			call_id: result.call_id,
			customer_phone: '+4915112345670',
			status: 'completed',
		});
	});

	it('simplified inbound deliveries use the same keys', async () => {
		await activate(parameters({ event: 'inboundCallCompleted', simplify: true }, 2));
		const result = await sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4915112345670' });
		await sb.waitForIdle();
		const json = executions()[0].result?.workflowData?.[0][0].json as IDataObject;
		expect(json).toMatchObject({ call_id: result.call_id, assistant_id: 2, status: 'completed', customer_phone: '+4915112345670' });
		expect(typeof json.finished_at).toBe('string');
	});
});
