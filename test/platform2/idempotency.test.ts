/**
 * Idempotency keys made per item (issue #36): the six operations the catalogue flags `idem` take a key the
 * client makes up (the translation callback's Idempotency-Key header; the Loop recording's, support
 * requests' and replies', tax registrations' and custom payments' body keys). Left empty, the node makes
 * a UUID per item, sends it, shows it in the output, and sends the same one on every retry of that item:
 * the transport's own (a 429) and n8n's Retry On Fail, where a write whose answer was unknown (a 500) may
 * then be sent again, because the platform recognises the key. A key the user gives is sent as given.
 */
import type { IDataObject } from 'n8n-workflow';

import { OPERATIONS } from '../../nodes/VoiceAssistant/actions/platform2/catalog/catalog.generated';
import { tuneRetries } from '../../nodes/VoiceAssistant/transport/policy';
import { byId, usePlatform2Node } from './helpers';

const p2 = usePlatform2Node();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const RETRY = { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 };

afterEach(() => tuneRetries());

const supportPosts = () => p2.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/support/requests');
const sentKey = (body: unknown) => (body as { client_request_id?: string }).client_request_id;
const supportRequests = () => p2.sb.platform2.list('A', '/support/requests');

const translationCalls = () => p2.requests().filter((r) => r.method === 'POST' && /^\/api\/v1\/translation-sessions\/[^/]+\/call$/.test(r.path));
const callSpeaker = async (nodeSettings?: IDataObject, additionalFields: IDataObject = {}) => {
	const [session] = p2.sb.platform2.list('A', '/translation-sessions');
	return await p2.run({ resource: 'translation', operation: 'callTranslationSpeaker', id: byId(String(session.id)), side: 1, phoneNumber: '+4915123456789', additionalFields }, { nodeSettings });
};

it('every operation the catalogue flags idem has its key field marked, optional in the editor (six: one header, five body keys)', () => {
	const keys = OPERATIONS.flatMap((op) => op.fields.filter((field) => field.idempotencyKey).map((field) => `${op.id}.${field.in}.${field.key}`));
	expect(keys.sort()).toEqual([
		'callTranslationSpeaker.header.Idempotency-Key',
		'createPlatformCustomPayment.body.idempotency_key',
		'createResellerTaxRegistration.body.request_key',
		'createSupportRequest.body.client_request_id',
		'replyToSupportRequest.body.client_message_id',
		'setLoopRecording.body.idempotency_key',
	]);
	expect(OPERATIONS.flatMap((op) => op.fields).filter((field) => field.idempotencyKey && field.required)).toEqual([]);
});

it('left empty, each item gets its own UUID, sent in the body and shown in its output item', async () => {
	const { items, error } = await p2.run(
		{ resource: 'settings', operation: 'createSupportRequest', subject: '={{ $json.subject }}', message: 'Please call me back' },
		{ items: [{ subject: 'First' }, { subject: 'Second' }] },
	);
	expect(error).toBeUndefined();
	const keys = supportPosts().map((r) => sentKey(r.body));
	expect(keys).toHaveLength(2);
	keys.forEach((key) => expect(key).toMatch(UUID));
	expect(keys[0]).not.toBe(keys[1]);
	expect(items.map((item) => item.json.idempotency_key)).toEqual(keys);
	expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
});

it('a key the user gives is sent as given (and shown); a malformed one is refused before anything is sent', async () => {
	const given = '0f8fad5b-d9cb-469f-a165-70867728950e';
	const { items } = await p2.run({ resource: 'settings', operation: 'createSupportRequest', subject: 'Mine', message: 'Hello', additionalFields: { clientRequestId: given } });
	expect(supportPosts().map((r) => sentKey(r.body))).toEqual([given]);
	expect(items[0].json.idempotency_key).toBe(given);

	p2.sb.clearRequests();
	const bad = await p2.run({ resource: 'settings', operation: 'createSupportRequest', subject: 'Mine', message: 'Hello', additionalFields: { clientRequestId: 'my-key' } });
	expect(bad.error?.message).toMatch(/Client Request ID/);
	expect(p2.requests()).toHaveLength(0);
});

it('the header key: a translation callback answered 500 (after the platform acted) and retried by Retry On Fail carries the same Idempotency-Key both times, and the retry succeeds', async () => {
	p2.sb.setFaults([{ kind: 'status', status: 500, count: 1, phase: 'after', match: { method: 'POST', path: '/api/v1/translation-sessions/' } }]);
	const { items, error } = await callSpeaker(RETRY);
	expect(error).toBeUndefined();
	const keys = translationCalls().map((r) => r.headers?.['idempotency-key']);
	expect(translationCalls().map((r) => r.status)).toEqual([500, 200]);
	expect(keys).toHaveLength(2);
	expect(keys[0]).toMatch(UUID);
	expect(keys[1]).toBe(keys[0]);
	expect(items[0].json.idempotency_key).toBe(keys[0]);
});

it('the same key on the transport\'s own retry (a 429 is sent again) and without Retry On Fail', async () => {
	tuneRetries({ rateLimitFallbackMs: 1 });
	p2.sb.setFaults([{ kind: 'rate-limit', retryAfter: 0.01, count: 1, match: { method: 'POST', path: '/api/v1/translation-sessions/' } }]);
	const { error } = await callSpeaker();
	expect(error).toBeUndefined();
	const keys = translationCalls().map((r) => r.headers?.['idempotency-key']);
	expect(translationCalls().map((r) => r.status)).toEqual([429, 200]);
	expect(keys[0]).toMatch(UUID);
	expect(keys[1]).toBe(keys[0]);
});

it('a new run of the node is a new request: a new key', async () => {
	await callSpeaker();
	await callSpeaker();
	const keys = translationCalls().map((r) => r.headers?.['idempotency-key']);
	expect(keys).toHaveLength(2);
	expect(keys[1]).not.toBe(keys[0]);
});

it('a body key on a 500 after saving: Retry On Fail sends the same key again and the platform keeps one support request, not two', async () => {
	p2.sb.setFaults([{ kind: 'status', status: 500, count: 1, phase: 'after', match: { method: 'POST', path: '/api/v1/support/requests' } }]);
	const before = supportRequests().length;
	const { items, error } = await p2.run({ resource: 'settings', operation: 'createSupportRequest', subject: 'Once', message: 'Only once please' }, { nodeSettings: RETRY });
	expect(error).toBeUndefined();
	const keys = supportPosts().map((r) => sentKey(r.body));
	expect(keys).toHaveLength(2);
	expect(keys[1]).toBe(keys[0]);
	expect(supportRequests().length).toBe(before + 1);
	expect(items[0].json).toMatchObject({ subject: 'Once', idempotency_key: keys[0] });
});

it('a write without a key is still never sent again after a 500 (Create Campaign)', async () => {
	const [assistant] = p2.sb.platform2.list('A', '/assistants');
	p2.sb.setFaults([{ kind: 'status', status: 500, count: 1, phase: 'after', match: { method: 'POST', path: '/api/v1/campaigns' } }]);
	const { error } = await p2.run({ resource: 'campaigns', operation: 'createCampaign', name: 'Spring', assistantId: byId(String(assistant.id)) }, { nodeSettings: RETRY });
	expect(error?.message).toMatch(/may have been carried out: check before retrying/);
	expect(p2.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
});
