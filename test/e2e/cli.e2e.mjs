// The example workflows (and a few e2e-only ones) executed by a real n8n with `n8n execute`,
// against the platform sandbox: what n8n outputs and what the platform received.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';

import { startStack } from '../../scripts/lib/stack.mjs';
import { FILE_TIMEOUT_MS, allWorkflows, explain, requestsTo, startOfYesterdayUtc } from './helpers.mjs';

describe('n8n execute (CLI) with the example workflows', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;

	const execute = async (workflowId) => {
		sandbox.clearRequests();
		const result = await n8n.execute(workflowId);
		assert.ok(result.ok, `workflow ${workflowId} failed:\n${explain(result)}`);
		return result;
	};

	before(async () => {
		stack = await startStack({ stepMs: 20, workflows: allWorkflows(), log: (l) => console.log(`# ${l}`) });
		({ sandbox, n8n } = stack);
	});

	after(async () => {
		await stack?.stop();
	});

	test('creates an assistant with the fields given in the node', async () => {
		const result = await execute('vaExampleAsst001');
		const [created, ...more] = result.output('Create assistant');
		assert.equal(more.length, 0);
		assert.equal(typeof created.id, 'number');
		assert.equal(created.name, 'Solar Appointment Setter');

		const [request, ...others] = requestsTo(sandbox, 'POST', '/api/user/assistant');
		assert.equal(others.length, 0, 'exactly one create request');
		assert.ok(request.status >= 200 && request.status < 300, `created (HTTP ${request.status})`);
		assert.equal(request.userId, sandbox.users.alice);
		assert.deepEqual(
			{
				name: request.body.assistant_name,
				direction: request.body.calls_direction,
				engine: request.body.engine_type,
				voice: request.body.voice_id,
				language: request.body.language,
				model: request.body.llm_model,
				record: request.body.record_call,
				variables: request.body.variables,
			},
			{
				name: 'Solar Appointment Setter',
				direction: 'make',
				engine: 'pipeline',
				voice: 3,
				language: 'English',
				model: 'gpt-4o-mini',
				record: true,
				variables: { company: 'Acme' },
			},
		);
		const stored = sandbox.store.assistants.find((a) => a.id === created.id);
		assert.ok(stored, 'the platform has the assistant');
		assert.equal(stored.user_id, sandbox.users.alice);
		assert.equal(stored.name, 'Solar Appointment Setter');
	});

	test('adds leads with secondary contacts from several items, then starts the campaign once', async () => {
		const result = await execute('vaExampleLeads01');
		const leads = result.output('Add lead to campaign');
		assert.equal(leads.length, 3, 'one output item per input lead');

		const creates = requestsTo(sandbox, 'POST', '/api/user/lead');
		assert.deepEqual(
			creates.map((r) => [r.status, r.body.campaign_id, r.body.phone_number, r.body.variables, r.body.secondary_contacts]),
			[
				[200, 1, '+493012345671', { customer_name: 'Ada Lovelace', company: 'Analytical Engines Ltd' }, [{ phone_number: '+4915123456781', variables: { contact_type: 'mobile' } }]],
				[200, 1, '+49899876542', { customer_name: 'Grace Hopper', company: 'Compiler Works' }, [{ phone_number: '+491712345672', variables: { contact_type: 'mobile' } }]],
				[200, 1, '+49405551239', { customer_name: 'Alan Turing', company: 'Bletchley Consulting' }, [{ phone_number: '+491609876543', variables: { contact_type: 'mobile' } }]],
			],
			'national numbers normalised with Default Country DE, in input order',
		);
		for (const [i, phone] of ['+493012345671', '+49899876542', '+49405551239'].entries()) {
			const stored = sandbox.store.leads.find((l) => l.campaign_id === 1 && l.phone_number === phone);
			assert.ok(stored, `lead ${phone} is in campaign 1`);
			assert.equal(leads[i].id, stored.id, 'the output item is the created lead');
			assert.equal(stored.secondary_contacts.length, 1);
		}

		const starts = requestsTo(sandbox, 'POST', '/api/user/campaigns/update-status');
		assert.deepEqual(starts.map((r) => r.body), [{ campaign_id: 1, action: 'start' }], 'started once, not per lead');
		const [started] = result.output('Start campaign');
		assert.equal(started.campaign_id, 1);
		assert.equal(started.status, 'in-progress');

		// The sandbox now dials the campaign's leads, ours included.
		await sandbox.waitForIdle();
		const dialled = sandbox.store.calls.filter((c) => c.campaign_id === 1).map((c) => c.client_phone_number);
		for (const phone of ['+493012345671', '+49899876542', '+49405551239']) assert.ok(dialled.includes(phone), `${phone} was called`);
	});

	test('stops the campaign', async () => {
		const result = await execute('vaE2eStopCampgn1');
		assert.deepEqual(
			requestsTo(sandbox, 'POST', '/api/user/campaigns/update-status').map((r) => r.body),
			[{ campaign_id: 1, action: 'stop' }],
		);
		const [stopped] = result.output('Stop campaign');
		assert.equal(stopped.status, 'stopped');
		assert.equal(sandbox.store.campaigns.find((c) => c.id === 1).status, 'stopped');
	});

	test('places a call and sends a follow-up SMS to the same number', async () => {
		const smsBefore = sandbox.store.sms.length;
		const result = await execute('vaExampleCallSms');

		const [call] = requestsTo(sandbox, 'POST', '/api/user/make_call');
		assert.deepEqual(call.body, {
			phone_number: '+4915123456784',
			assistant_id: 1,
			variables: { customer_name: 'Katherine Johnson' },
		});
		const [placed] = result.output('Call customer');
		assert.equal(placed.phone_number, '+4915123456784');

		const [sms] = requestsTo(sandbox, 'POST', '/api/user/sms');
		assert.equal(sms.status, 200);
		assert.deepEqual(sms.body, {
			from: 1,
			to: '+4915123456784',
			body: 'Hi Katherine, thanks for taking our call! Reply to this message if you have any questions.',
		});
		assert.equal(sandbox.store.sms.length, smsBefore + 1, 'the platform recorded one SMS');
		const [sent] = result.output('Send follow-up SMS');
		assert.equal(sent.estimated_segments, 1);

		await sandbox.waitForIdle();
		const made = sandbox.store.calls.filter((c) => c.client_phone_number === '+4915123456784');
		assert.equal(made.length, 1, 'the platform placed the call');
		assert.equal(made[0].status, 'completed');
	});

	test('places calls, waits for them to end and routes on an extracted variable', async () => {
		const result = await execute('vaExampleCallWait');
		const calls = requestsTo(sandbox, 'POST', '/api/user/make_call');
		assert.deepEqual(
			calls.map((r) => r.body),
			[
				{ phone_number: '+4915123456780', assistant_id: 1, variables: { customer_name: 'Dorothy Vaughan' } },
				{ phone_number: '+4915123456787', assistant_id: 1, variables: { customer_name: 'Mary Jackson' } },
			],
			'each customer called once',
		);
		const [finished, busy, ...more] = result.output('Call and wait');
		assert.equal(more.length, 0);
		const stored = (phone) => sandbox.store.calls.filter((c) => c.client_phone_number === phone).at(-1);
		assert.equal(finished.call_id, stored('+4915123456780').id);
		assert.equal(finished.status, 'completed');
		assert.equal(finished.extracted_variables.customer_name, 'Dorothy Vaughan');
		assert.match(finished.transcript, /Dorothy/);
		assert.equal(busy.call_id, stored('+4915123456787').id);
		assert.equal(busy.status, 'busy');

		const [booked, ...otherBooked] = result.output('Book appointment');
		assert.equal(otherBooked.length, 0);
		assert.deepEqual(
			{ call_id: booked.call_id, customer: booked.customer, appointment: booked.appointment },
			{ call_id: finished.call_id, customer: 'Dorothy Vaughan', appointment: 'Tuesday afternoon' },
		);
		const [retry, ...otherRetry] = result.output('Try again later');
		assert.equal(otherRetry.length, 0);
		assert.deepEqual(retry, { call_id: busy.call_id, phone: '+4915123456787', reason: 'busy' });
	});

	test('Retry On Fail never places a call twice: the failing item stops the batch, each call placed at most once', async () => {
		const phones = Array.from({ length: 12 }, (_, i) => `+491765550${String(i).padStart(2, '0')}81`);
		// Item 5's call is placed, then the platform answers 500: it may have happened.
		sandbox.setFaults([{ kind: 'status', status: 500, match: { path: '/user/make_call', body: { phone_number: phones[5] } } }]);
		sandbox.clearRequests();
		try {
			const result = await n8n.execute('vaE2eRetryCalls1');
			assert.equal(result.ok, false, 'the run fails at item 5');
			const sent = phones.map((phone) => requestsTo(sandbox, 'POST', '/api/user/make_call').filter((r) => r.body.phone_number === phone).length);
			const calls = phones.map((phone) => sandbox.store.calls.filter((c) => c.client_phone_number === phone).length);
			// Three tries of the node, and still no number was sent to twice.
			assert.ok(sent.every((n) => n <= 1), `each number sent at most once over three tries: ${sent}`);
			assert.deepEqual(calls, sent, 'the platform holds exactly the calls that were sent');
			assert.equal(sent[5], 1, 'the failing item was sent once');
			// With automatic concurrency, items in flight beside item 5 finish; none is started after it failed.
			assert.deepEqual(sent.slice(0, 5), [1, 1, 1, 1, 1], 'the items before it were placed');
			assert.match(`${result.stdout}\n${result.stderr}`, /the call may have been placed: check before retrying/);
		} finally {
			sandbox.setFaults([]);
		}
	});

	test('A text file without an extension added to a knowledge base', async () => {
		// Convert to File makes the file with n8n's own helper: no name given, application/octet-stream,
		// so n8n records fileExtension "bin" and names it file.bin. The node judges it by its bytes.
		const text = 'Opening hours: 9 to 5.\nGeschlossen am Sonntag – bis Montag!\n';
		const result = await execute('vaE2eKbTextFile1');
		const [file] = result.runData()['File without a name'][0].data.main[0].map((item) => item.binary.data);
		assert.deepEqual([file.mimeType, file.fileExtension, file.fileName], ['application/octet-stream', 'bin', 'file.bin'], 'what n8n made of the file');

		const [added, ...more] = result.output('Add to knowledge base');
		assert.equal(more.length, 0);
		assert.deepEqual([added.name, added.type, added.status, added.knowledgebase_id], ['Opening hours', 'txt', 'processing', 2]);
		const [request, ...others] = requestsTo(sandbox, 'POST', '/api/user/knowledgebases/2/documents');
		assert.equal(others.length, 0, 'exactly one upload');
		assert.equal(request.status, 201);
		assert.deepEqual(request.body, { name: 'Opening hours', type: 'txt', file: { filename: 'file.txt', content_type: 'text/plain', size: Buffer.byteLength(text) } });
		const stored = sandbox.store.knowledgeBases.documents.find((d) => d.id === added.id);
		assert.equal(stored.source.sha256, createHash('sha256').update(text).digest('hex'), 'the platform holds the text byte for byte');
	});

	test('nightly report lists every failed call since yesterday', async () => {
		const since = startOfYesterdayUtc();
		const expected = sandbox.store.calls
			.filter((c) => c.user_id === sandbox.users.alice && c.status === 'failed' && c.created_at >= since)
			.map((c) => c.id)
			.sort((a, b) => a - b);
		assert.ok(expected.length >= 1, 'the campaign produced at least one failed call (a number ending in 9)');

		const result = await execute('vaExampleReport1');
		const [request] = requestsTo(sandbox, 'GET', '/api/user/calls');
		assert.equal(request.query.status, 'failed');
		assert.ok(request.query.date_from && request.query.date_to, 'asks for a date range');

		const [report] = result.output('Report');
		assert.equal(report.failed_calls, expected.length);
		assert.deepEqual([...report.call_ids].sort((a, b) => a - b), expected);
		assert.match(report.text, /\+49405551239/);
	});

	test('gets a call with its recording as binary data; the recording host never sees the token', async () => {
		sandbox.recordingRequests.splice(0);
		const result = await execute('vaE2eRecording01');
		const runs = result.runData()['Get call with recording'];
		const [item, ...more] = runs.at(-1).data.main[0];
		assert.equal(more.length, 0);
		const call = sandbox.store.calls.find((c) => c.id === 34);
		assert.ok(call?.recording_url, 'seeded call 34 has a recording');
		assert.equal(item.json.id, 34);
		assert.equal(item.json.recording_url, call.recording_url);
		assert.equal(typeof item.json.transcript, 'string');
		assert.ok(item.binary?.data, `binary "data" on the item: ${JSON.stringify(item).slice(0, 400)}`);
		assert.equal(item.binary.data.fileName, 'call-34.mp3');
		assert.equal(item.binary.data.mimeType, 'audio/mpeg');
		assert.ok(item.binary.data.id || item.binary.data.data, 'the recording bytes were stored by n8n');

		const name = call.recording_url.split('/').pop();
		assert.deepEqual(
			sandbox.recordingRequests.map((r) => [r.path, r.status, r.authorization]),
			[
				[`/recordings/${name}`, 302, null],
				[`/files/${name}`, 200, null],
			],
			'the recording host was asked (redirect followed) and received no Authorization header',
		);
		assert.deepEqual(requestsTo(sandbox, 'GET', '/api/user/calls/34').map((r) => r.userId), [sandbox.users.alice]);
	});

	test('lists all calls with Return All', async () => {
		const result = await execute('vaE2eListCalls01');
		const calls = result.output('All calls');
		const expected = sandbox.store.calls.filter((c) => c.user_id === sandbox.users.alice).map((c) => c.id);
		assert.deepEqual(calls.map((c) => c.id).sort((a, b) => a - b), expected.sort((a, b) => a - b));
		const pages = requestsTo(sandbox, 'GET', '/api/user/calls');
		assert.ok(pages.length >= 1);
		assert.ok(pages.every((p) => p.query.per_page === '100'), 'asks for the largest page size');
		assert.ok(!('transcript' in calls[0]), 'Simplify drops the transcript');
	});
});
