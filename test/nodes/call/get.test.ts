/**
 * Call → Get: the record (transcript as text, evaluation; Simplify off keeps the originals) and
 * Download Recording from the recording host (never with the token), with the failures named per item.
 */
import type { IBinaryData } from 'n8n-workflow';

import { descriptionOf, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

/** Alice's seeded calls with and without a recording. */
const withRecording = () => t.sb.store.calls.find((c) => c.user_id === t.sb.users.alice && c.recording_url !== null)!;
const withoutRecording = () => t.sb.store.calls.find((c) => c.user_id === t.sb.users.alice && c.recording_url === null)!;

describe('Call → Get', () => {
	it('reads GET /user/calls/{id}; Simplify keeps ten fields: the transcript as text, the variables, the evaluation', async () => {
		const call = withRecording();
		const [item] = jsonOf(expectOk(await t.run({ resource: 'call', operation: 'get', callId: String(call.id) })));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: `/api/user/calls/${call.id}`, body: null })]);
		expect(item).toEqual({
			id: call.id,
			type: call.type,
			status: call.status,
			client_phone_number: call.client_phone_number,
			duration: call.duration,
			total_cost: call.total_cost,
			created_at: expect.any(String),
			variables: call.variables,
			transcript: call.transcript,
			evaluation: call.evaluation,
		});
		expect(Object.keys(item)).toHaveLength(10);
	});

	it('a 2026 host writes costs as decimal strings: Simplify gives numbers, the whole record keeps the string', async () => {
		t.sb.setGeneration('2026', t.sb.users.alice);
		const call = withRecording();
		const [simple] = jsonOf(expectOk(await t.run({ resource: 'call', operation: 'get', callId: call.id })));
		expect(simple.total_cost).toBe(call.total_cost);
		const [whole] = jsonOf(expectOk(await t.run({ resource: 'call', operation: 'get', callId: call.id, simple: false })));
		expect(whole.total_cost).toBe(call.total_cost.toFixed(8));
	});

	it('node version 1 keeps its wider Simplify (saved workflows see what they were built on)', async () => {
		const call = withRecording();
		const [item] = jsonOf(expectOk(await t.run({ resource: 'call', operation: 'get', callId: call.id }, { typeVersion: 1 })));
		expect(item).toMatchObject({ summary: call.variables.summary ?? null, recording_url: call.recording_url, assistant_phone_number: call.assistant_phone_number });
		expect(Object.keys(item)).toHaveLength(16);
	});

	it('turns an array transcript into text and keeps the original without Simplify', async () => {
		const call = withRecording();
		t.sb.setWebhookTranscript('array', call.assistant_id!);
		try {
			const [item] = jsonOf(expectOk(await t.run({ resource: 'call', operation: 'get', callId: call.id, simple: false })));
			expect(item.transcript).toBe(call.transcript);
			expect(item.transcript_raw).toEqual(call.transcript_items);
			expect(item).not.toHaveProperty('formatted_transcript');
			expect(item.webhook_response).toBeDefined();
			expect(item.evaluation_raw).toEqual(call.evaluation);
		} finally {
			t.sb.setWebhookTranscript('string', call.assistant_id!);
		}
	});

	it('downloads the recording into binary "data" without sending the token to the recording host', async () => {
		const call = withRecording();
		const result = await t.run({ resource: 'call', operation: 'get', callId: call.id, options: { downloadRecording: true } });
		const [item] = expectOk(result);
		const binary = item.binary?.data as IBinaryData;
		expect(binary).toMatchObject({ fileName: `call-${call.id}.mp3`, mimeType: 'audio/mpeg', fileExtension: 'mp3' });
		expect(item.json.id).toBe(call.id);
		expect(item.pairedItem).toEqual({ item: 0 });
		// The recording URL redirects to the file: both hops reached the recording host, neither with a token.
		const name = call.recording_url!.split('/').pop();
		expect(t.sb.recordingRequests.map((r) => [r.path, r.status, r.authorization])).toEqual([
			[`/recordings/${name}`, 302, null],
			[`/files/${name}`, 200, null],
		]);
		// The API itself was asked with the token, and only once.
		expect(t.requests()).toHaveLength(1);
	});

	it('puts the recording into another field when asked', async () => {
		const call = withRecording();
		const [item] = expectOk(
			await t.run({ resource: 'call', operation: 'get', callId: call.id, options: { downloadRecording: true, binaryPropertyName: 'audio' } }),
		);
		expect(Object.keys(item.binary ?? {})).toEqual(['audio']);
	});

	it('fails only the item whose call has no recording, with a clear message', async () => {
		const [good, none] = [withRecording(), withoutRecording()];
		const result = await t.run(
			{ resource: 'call', operation: 'get', callId: '={{ $json.id }}', options: { downloadRecording: true } },
			{ items: [{ id: good.id }, { id: none.id }], continueOnFail: true },
		);
		const items = expectOk(result);
		expect(items[0].binary?.data).toBeDefined();
		expect(items[1].json.error).toBe(`Call ${none.id} has no recording [item 1]`);
		expect(items[1].pairedItem).toEqual({ item: 1 });
	});

	it('says so when the recording host no longer has the recording (404)', async () => {
		const call = t.sb.store.calls.filter((c) => c.user_id === t.sb.users.alice && c.recording_url !== null).at(-1)!;
		t.sb.expireRecording(call.id);
		const result = await t.run({ resource: 'call', operation: 'get', callId: call.id, options: { downloadRecording: true } });
		expect(result.error?.message).toMatch(new RegExp(`^The recording of call ${call.id} is not available \\(HTTP 404 from 127\\.0\\.0\\.1:\\d+\\) \\[item 0\\]$`));
		expect(t.sb.recordingRequests.length).toBeGreaterThan(0);
		expect(t.sb.recordingRequests.every((r) => r.authorization === null && r.status === 404)).toBe(true);
	});

	it('checks the Call ID before sending, and names the call on 404', async () => {
		const invalid = await t.run({ resource: 'call', operation: 'get', callId: '12a' });
		expect(invalid.error?.message).toBe('Call ID must be a numeric ID (got "12a") [item 0]');
		expect(t.requests()).toHaveLength(0);
		const missing = await t.run({ resource: 'call', operation: 'get', callId: '424242' });
		expect(missing.error?.message).toBe('Call 424242 was not found');
		// another account's call is not found either
		const bobs = t.sb.store.calls.find((c) => c.user_id === t.sb.users.bob)!;
		expect((await t.run({ resource: 'call', operation: 'get', callId: bobs.id })).error?.message).toBe(`Call ${bobs.id} was not found`);
		expect(descriptionOf(missing)).toContain('Call not found');
	});
});
