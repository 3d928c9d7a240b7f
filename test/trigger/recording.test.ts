/**
 * Download Recording on the trigger (version 2, Call Ended): the sandbox simulates a call, posts the
 * notification with its recording URL (on the sandbox's second loopback host), and the trigger puts
 * the file into the item. The recording host must never see the API token; a call without a
 * recording, or one the host does not have, still runs the workflow with a message in the item.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { RECORDING_BYTES } from '../../sandbox/recordings';
import { forgetProcessMemories } from '../../nodes/VoiceAssistant/trigger/recentMemory';
import { runWebhook, runWebhookMethod } from '../harness';
import { credentials, lifecycle, parameters, placeCall, startReceiver, VoiceAssistantTrigger, webhookSettings } from './helpers';
import type { Receiver } from './helpers';

const sb = useSandbox({ callTiming: { stepMs: 5 } });
let receiver: Receiver | undefined;
let staticData: IDataObject;
afterAll(async () => {
	await receiver?.close();
});

/** Fresh sandbox data, a receiver, and an activated trigger (version 2 unless told) with these parameters. */
async function activate(nodeParameters = parameters()) {
	await receiver?.close();
	sb.reset();
	forgetProcessMemories();
	staticData = {};
	receiver = await startReceiver(sb, staticData, nodeParameters);
	const hooks = lifecycle(sb, nodeParameters, { production: receiver.productionUrl, test: receiver.testUrl }, staticData);
	expect(await hooks.run('create')).toBe(true);
	return hooks;
}

/** The single item the last delivery started the workflow with. */
function lastItem() {
	const delivery = receiver!.deliveries.at(-1)!;
	expect(delivery.error).toBeUndefined();
	expect(delivery.status).toBe(200);
	const items = delivery.result?.workflowData?.[0];
	expect(items).toHaveLength(1);
	return { delivery, item: items![0] };
}

const download = (options: IDataObject = {}, overrides: IDataObject = {}) =>
	parameters({ ...overrides, options: { downloadRecording: true, ...options } } as never);

describe('Download Recording (trigger version 2, Call Ended)', () => {
	it('turns on the recording URL in the notification while active, and deactivation puts the setting back', async () => {
		expect(webhookSettings(sb, 1).include_recording_in_webhook).toBe(false);
		const hooks = await activate(download());
		expect(webhookSettings(sb, 1)).toMatchObject({ is_webhook_active: true, include_recording_in_webhook: true });
		expect(await hooks.run('checkExists')).toBe(true);
		await hooks.run('delete');
		expect(webhookSettings(sb, 1)).toMatchObject({ is_webhook_active: false, include_recording_in_webhook: false });
	});

	it('puts the recording into binary "data" as call-<id>.mp3, and the recording host never sees the token', async () => {
		await activate(download());
		sb.recordingRequests.splice(0);
		const callId = await placeCall(sb, 1, '+4917612345670');
		await sb.waitForIdle();

		const { delivery, item } = lastItem();
		const call = sb.store.calls.find((c) => c.id === callId)!;
		expect(call.recording_url).toMatch(new RegExp(`^${sb.recordingsOrigin}/recordings/`));
		// the notification itself is untouched, apart from the one field saying the download went well
		expect(item.json).toEqual({ ...(delivery.body as IDataObject), recording_error: null });
		expect((delivery.body as IDataObject).recording_url).toBe(call.recording_url);
		const file = item.binary?.data;
		expect(file).toMatchObject({ fileName: `call-${callId}.mp3`, mimeType: 'audio/mpeg' });
		// n8n's default binary mode keeps the file in the item, base64
		expect(Buffer.from(file!.data, 'base64')).toEqual(RECORDING_BYTES);

		// the recording URL redirects to the file: both hops reached the recording host, neither with a token
		const name = call.recording_url!.split('/').pop();
		expect(sb.recordingRequests.map((r) => [r.path, r.status, r.authorization])).toEqual([
			[`/recordings/${name}`, 302, null],
			[`/files/${name}`, 200, null],
		]);
		// and the API host was not asked for the recording
		expect(sb.requests.some((r) => r.path.includes('/recordings/') || r.path.includes('/files/'))).toBe(false);
	});

	it('with Simplify and another field name: the flat record, recording_error null, the file in that field', async () => {
		await activate(download({ binaryPropertyName: 'audio' }, { simplify: true }));
		const callId = await placeCall(sb, 1, '+4917612345671');
		await sb.waitForIdle();
		const { item } = lastItem();
		expect(item.json).toMatchObject({ call_id: callId, status: 'completed', recording_error: null });
		expect(Object.keys(item.binary ?? {})).toEqual(['audio']);
		expect(item.binary?.audio.fileName).toBe(`call-${callId}.mp3`);
	});

	it('a call without a recording still runs the workflow, with a message and no file', async () => {
		await activate(download({}, { simplify: true }));
		sb.recordingRequests.splice(0);
		const callId = await placeCall(sb, 1, '+4917612345677'); // busy: nothing was recorded
		await sb.waitForIdle();
		const { item } = lastItem();
		expect(item.json).toMatchObject({ call_id: callId, status: 'busy', recording_url: null });
		expect(item.json.recording_error).toMatch(new RegExp(`^Call ${callId} has no recording\\. `));
		expect(item.binary).toBeUndefined();
		expect(sb.recordingRequests).toEqual([]);
	});

	it('a recording the host does not have (404) still runs the workflow, and says so', async () => {
		await activate(download());
		const callId = await placeCall(sb, 1, '+4917612345672');
		await sb.waitForIdle();
		const first = lastItem().delivery;
		// the same notification again, its recording gone from the storage (a new status, so no replay)
		sb.expireRecording(callId);
		sb.recordingRequests.splice(0);
		const body = { ...(first.body as IDataObject), status: 'ended' };
		const result = await runWebhook(VoiceAssistantTrigger, {
			parameters: receiver!.parameters,
			credentials: credentials(sb),
			staticData,
			webhookUrl: receiver!.productionUrl,
			request: { method: 'POST', query: first.query, body },
		});
		const item = result.workflowData?.[0][0];
		expect(item?.json).toMatchObject({ id: callId, status: 'ended' });
		expect(item?.json.recording_error).toMatch(
			new RegExp(`^The recording of call ${callId} is not available \\(HTTP 404 from 127\\.0\\.0\\.1:\\d+\\)\\. `),
		);
		// gone is gone: no hint to try again
		expect(item?.json.recording_error).not.toMatch(/later/);
		expect(item?.binary).toBeUndefined();
		expect(sb.recordingRequests.length).toBeGreaterThan(0);
		expect(sb.recordingRequests.every((r) => r.authorization === null)).toBe(true);
	});

	it('a recording host that does not answer, or a URL that is no web address: the workflow still runs, and says why', async () => {
		await activate(download());
		const callId = await placeCall(sb, 1, '+4917612345673');
		await sb.waitForIdle();
		const first = lastItem().delivery;
		// a loopback port nobody listens on (opened, then closed again)
		const closed = await new Promise<number>((resolve) => {
			const server = http.createServer();
			server.listen(0, '127.0.0.1', () => {
				const { port } = server.address() as AddressInfo;
				server.close(() => resolve(port));
			});
		});
		const deliver = async (status: string, recordingUrl: string) =>
			(
				await runWebhook(VoiceAssistantTrigger, {
					parameters: receiver!.parameters,
					credentials: credentials(sb),
					staticData,
					webhookUrl: receiver!.productionUrl,
					request: { method: 'POST', query: first.query, body: { ...(first.body as IDataObject), status, recording_url: recordingUrl } },
				})
			).workflowData?.[0][0];

		const unreachable = await deliver('ended', `http://127.0.0.1:${closed}/recordings/abc.mp3`);
		expect(unreachable?.json.recording_error).toMatch(
			new RegExp(`^The recording of call ${callId} could not be downloaded from 127\\.0\\.0\\.1:${closed} \\(ECONNREFUSED\\)\\. .+Call → Get with Download Recording can fetch it later\\.$`),
		);
		expect(unreachable?.binary).toBeUndefined();

		const notWeb = await deliver('ended_by_customer', 'file:///etc/passwd');
		expect(notWeb?.json.recording_error).toBe(
			`The recording URL of call ${callId} is not a web address (got "file:///etc/passwd"). Only http(s) recording URLs can be downloaded.`,
		);
		expect(notWeb?.binary).toBeUndefined();
	});

	it('off by default: no download, no extra field', async () => {
		await activate(parameters({ options: { includeRecording: true } }));
		sb.recordingRequests.splice(0);
		await placeCall(sb, 1, '+4917612345670');
		await sb.waitForIdle();
		const { delivery, item } = lastItem();
		expect(item.json).toEqual(delivery.body);
		expect(item.binary).toBeUndefined();
		expect(sb.recordingRequests).toEqual([]);
	});
});

describe('Download Recording and the versions', () => {
	const optionNames = (version: number) => {
		const concrete = new VoiceAssistantTrigger().nodeVersions[version];
		const options = concrete.description.properties.find((p) => p.name === 'options') as INodeProperties;
		return (options.options as INodeProperties[]).map((o) => o.name);
	};

	it('version 2 offers it (Call Ended), version 1 keeps its options as they were', () => {
		expect(optionNames(2)).toEqual(expect.arrayContaining(['downloadRecording', 'binaryPropertyName']));
		expect(optionNames(1)).not.toContain('downloadRecording');
		expect(optionNames(1)).not.toContain('binaryPropertyName');
	});

	it('a version-1 node ignores the option: no recording URL registered, no download', async () => {
		sb.reset();
		forgetProcessMemories();
		const data: IDataObject = {};
		await runWebhookMethod(VoiceAssistantTrigger, 'create', {
			parameters: download(),
			credentials: credentials(sb),
			staticData: data,
			typeVersion: 1,
		});
		expect(webhookSettings(sb, 1)).toMatchObject({ is_webhook_active: true, include_recording_in_webhook: false });
	});
});
