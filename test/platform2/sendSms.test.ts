/**
 * SMS → Send SMS on Platform 2.0 (actions/platform2/everyday/sendSms.ts) through n8n's engine against the
 * sandbox: the sender picked from the workspace's numbers, the text as typed (1,600 characters as the
 * platform counts them), and the calling rules' Do Not Call list and the workspace's suppression list
 * deciding before anything of the batch is sent.
 */
import { PLATFORM2_WORKSPACES } from '../../sandbox';
import { byId, usePlatform2Node } from './helpers';

const p2 = usePlatform2Node();
const SUPPRESSED = '+4915199999999'; // the seeded suppression entry (all channels)
const smsSent = () => p2.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/sms/send');
const suppressionReads = () => p2.requests().filter((r) => r.method === 'GET' && r.path === '/api/v1/suppression-list');
const smsNumber = () => String(p2.sb.platform2.list('A', '/phone-numbers').find((n) => n.label === 'Berlin main')!.id);
const send = (fields: Record<string, unknown>, options: Parameters<typeof p2.run>[1] = {}) =>
	p2.run({ resource: 'smsPlatform2', operation: 'sendSms', fromNumberId: byId(smsNumber()), body: 'Your appointment is tomorrow at 10:00.', ...fields }, options);

describe('Send SMS', () => {
	it('sends from the picked number: the body as typed, the suppression list read once, the segment estimate out', async () => {
		p2.sb.clearRequests();
		const run = await send({ to: '+4917612345678', body: '  Hallo 👋  ' });
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toMatchObject({ status: 'queued', to: '+4917612345678', encoding: 'Unicode', estimated_segments: 1 });
		expect(smsSent().map((r) => r.body)).toEqual([{ from_number_id: smsNumber(), to: '+4917612345678', body: '  Hallo 👋  ' }]);
		expect(suppressionReads().map((r) => [r.query.limit, r.query.offset])).toEqual([['200', '0']]);
	});

	it('a suppressed number is refused before sending, with its reason: zero SMS requests', async () => {
		p2.sb.clearRequests();
		const run = await send({ to: SUPPRESSED });
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toMatchObject({ skipped: true, skip_reason: 'suppressed', phone_number: SUPPRESSED, suppression_entry: { channel: 'all', reason: 'opted out' } });
		expect(smsSent()).toHaveLength(0);
		expect(p2.sb.platform2.list('A', '/sms')).toHaveLength(0);
	});

	it('in a batch the list is read once (every page), and only the numbers not on it are sent', async () => {
		// 250 more opt-outs: the suppressed number is on the second page
		for (let n = 0; n < 250; n++) {
			p2.sb.platform2.records.insert(PLATFORM2_WORKSPACES.A.id, '/suppression-list', [], { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, phone_number: `+49301234${String(n).padStart(4, '0')}`, email: null, channel: 'voice', reason: null });
		}
		p2.sb.clearRequests();
		const items = [{ to: '+4917612345678' }, { to: SUPPRESSED }, { to: '+49301234' + '0007' }, { to: '+4917612345679' }];
		const run = await p2.run({ resource: 'smsPlatform2', operation: 'sendSms', fromNumberId: byId(smsNumber()), to: '={{ $json.to }}', body: 'Hi' }, { items });
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.skip_reason ?? item.json.status)).toEqual(['queued', 'suppressed', 'queued', 'queued']);
		expect(run.items.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
		// a voice-only opt-out does not stop an SMS
		expect(smsSent().map((r) => (r.body as { to: string }).to)).toEqual(['+4917612345678', '+493012340007', '+4917612345679']);
		expect(suppressionReads().map((r) => r.query.offset)).toEqual(['0', '200']);
	});

	it('On a Suppressed Number: Fail the Item fails it before anything is sent, naming the field and the item', async () => {
		p2.sb.clearRequests();
		const run = await send({ to: SUPPRESSED, onSuppressed: 'fail' });
		expect(run.error?.message).toMatch(/^To \+4915199999999 is on the workspace's suppression list \(for every channel: opted out\), so it is not sent/);
		expect(run.error?.message).toMatch(/\[item 0\]/);
		expect(smsSent()).toHaveLength(0);
	});

	it('the Do Not Call list (classic\'s field and reader): a listed number is skipped without a request', async () => {
		p2.sb.clearRequests();
		const run = await send({ to: '0176 12345678', defaultCountry: 'DE', doNotCall: '+49 30 1111111, 0176 12345678' });
		expect(run.items[0].json).toEqual({ skipped: true, skip_reason: 'do_not_call', phone_number: '+4917612345678', message: 'The number is on the Do Not Call list' });
		expect(p2.requests()).toHaveLength(0);
		const failed = await send({ to: '+4917612345678', doNotCall: ['+4917612345678'], onDoNotCall: 'fail' });
		expect(failed.error?.message).toMatch(/To \+4917612345678 is on the Do Not Call list, so it is not contacted/);
		expect(smsSent()).toHaveLength(0);
	});

	it('with the check off, the platform refuses a suppressed number and the error says why', async () => {
		const run = await send({ to: SUPPRESSED, checkSuppressionList: false });
		expect(run.error?.message).toBe('"Send SMS" was refused: recipient_suppressed (HTTP 403)');
		expect((run.error as { description?: string }).description).toMatch(/suppression list/);
	});

	it('1,600 characters as the platform counts them (an emoji is one); 1,601 is refused before sending', async () => {
		const emoji = '😀'.repeat(1600);
		const ok = await send({ to: '+4917612345678', body: emoji });
		expect(ok.error).toBeUndefined();
		p2.sb.clearRequests();
		const long = await send({ to: '+4917612345678', body: 'x'.repeat(1601) });
		expect(long.error?.message).toMatch(/Message.*1601 characters long; the platform allows at most 1600/);
		expect(p2.requests()).toHaveLength(0);
	});

	it('an AI agent needs the user\'s switch (it costs credits): the generated write settings are kept', async () => {
		const { PLATFORM2_RESOURCES } = await import('../../nodes/VoiceAssistant/actions/platform2/resources');
		const op = PLATFORM2_RESOURCES.find((r) => r.value === 'smsPlatform2')!.operations.find((o) => o.value === 'sendSms')!;
		expect(op.write?.agent?.needsOptIn).toBe('it costs credits');
		expect(op.write?.agent?.reaches?.({ request: { method: 'POST', path: '/sms/send', body: { to: '+4917612345678' } } })).toBe('+4917612345678');
		expect(op.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['fromNumberId', 'to', 'body', 'doNotCall', 'onDoNotCall', 'checkSuppressionList', 'onSuppressed']));
	});
});
