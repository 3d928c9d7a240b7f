/**
 * Suppression → Add / Remove / Get Many and History → Get Many on Platform 2.0, through n8n's engine
 * against the sandbox: real fields for the add (phone in E.164, e-mail or contact; a channel or all),
 * removal by entry ID, phone or e-mail (URL-encoded in the path), and Return All over several pages.
 */
import { PLATFORM2_WORKSPACES } from '../../sandbox';
import { byId, usePlatform2Node } from './helpers';

const p2 = usePlatform2Node();
const entries = () => p2.sb.platform2.list('A', '/suppression-list');
const A = PLATFORM2_WORKSPACES.A.id;

describe('Add Suppression Entry', () => {
	it('a national number with the Default Country, for SMS: sent in E.164 with its channel and reason', async () => {
		p2.sb.clearRequests();
		const run = await p2.run({ resource: 'suppression', operation: 'addSuppressionEntry', by: 'phone', phoneNumber: '0151 23456789', defaultCountry: 'DE', channel: 'sms', reason: 'Asked by phone' });
		expect(run.error).toBeUndefined();
		expect(p2.requests().map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/api/v1/suppression-list', { phone_number: '+4915123456789', channel: 'sms', reason: 'Asked by phone' }]]);
		expect(run.items[0].json).toMatchObject({ phone_number: '+4915123456789', channel: 'sms' });
		expect(entries()[0]).toMatchObject({ phone_number: '+4915123456789', channel: 'sms', reason: 'Asked by phone' });
	});

	it('an e-mail address for every channel sends no channel; a contact by its ID', async () => {
		p2.sb.clearRequests();
		const email = await p2.run({ resource: 'suppression', operation: 'addSuppressionEntry', by: 'email', email: 'jane@example.com' });
		expect(email.error).toBeUndefined();
		const contact = p2.sb.platform2.list('A', '/leads')[0];
		const byContact = await p2.run({ resource: 'suppression', operation: 'addSuppressionEntry', by: 'contact', contactId: byId(String(contact.id)), channel: 'whatsapp' });
		expect(byContact.error).toBeUndefined();
		expect(p2.requests().map((r) => r.body)).toEqual([{ email: 'jane@example.com' }, { contact_id: contact.id, channel: 'whatsapp' }]);
		expect(entries().slice(0, 2)).toEqual([
			expect.objectContaining({ contact_id: contact.id, phone_number: contact.phone_number, channel: 'whatsapp' }),
			expect.objectContaining({ email: 'jane@example.com', channel: 'all' }),
		]);
	});

	it('what is not a phone number, e-mail address or UUID is refused before sending, naming the field and the item', async () => {
		p2.sb.clearRequests();
		const items = [{ value: '+4915123456789' }, { value: 'call me maybe' }];
		const phone = await p2.run({ resource: 'suppression', operation: 'addSuppressionEntry', by: 'phone', phoneNumber: '={{ $json.value }}' }, { items });
		expect(phone.error?.message).toMatch(/Phone Number.*\[item 1\]/);
		const email = await p2.run({ resource: 'suppression', operation: 'addSuppressionEntry', by: 'email', email: 'jane.example.com' });
		expect(email.error?.message).toMatch(/E-Mail must be an e-mail address/);
		const contact = await p2.run({ resource: 'suppression', operation: 'addSuppressionEntry', by: 'contact', contactId: byId('42') });
		expect(contact.error?.message).toMatch(/The contact ID is a UUID/);
		expect(p2.requests()).toHaveLength(0);
	});
});

describe('Remove Suppression Entry', () => {
	it('by phone number: E.164, URL-encoded in the path; the opt-out is gone and SMS may go again', async () => {
		p2.sb.clearRequests();
		const run = await p2.run({ resource: 'suppression', operation: 'removeSuppressionEntry', by: 'phone', phoneNumber: '+49 151 99999999' });
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toMatchObject({ deleted: true });
		expect(p2.sb.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/v1/suppression-list/${encodeURIComponent('+4915199999999')}`]);
		expect(entries().some((e) => e.phone_number === '+4915199999999')).toBe(false);
	});

	it('by e-mail address and by entry ID; an unknown one says so', async () => {
		p2.sb.platform2.records.insert(A, '/suppression-list', [], { id: '11111111-1111-4111-8111-111111111111', phone_number: null, email: 'a+b@example.com', channel: 'email', reason: null });
		const byEmail = await p2.run({ resource: 'suppression', operation: 'removeSuppressionEntry', by: 'email', email: 'a+b@example.com' });
		expect(byEmail.error).toBeUndefined();
		expect(entries().some((e) => e.email === 'a+b@example.com')).toBe(false);
		const seeded = String(entries()[0].id);
		const byEntry = await p2.run({ resource: 'suppression', operation: 'removeSuppressionEntry', by: 'id', entryId: seeded });
		expect(byEntry.error).toBeUndefined();
		expect(entries()).toHaveLength(0);
		const again = await p2.run({ resource: 'suppression', operation: 'removeSuppressionEntry', by: 'id', entryId: seeded });
		expect(again.error?.message).toBe(`The suppression entry for ${seeded} was not found`);
	});
});

describe('Get Many with Return All', () => {
	it('suppression entries: every page of 200, each entry once', async () => {
		for (let n = 0; n < 260; n++) {
			p2.sb.platform2.records.append(A, '/suppression-list', [], { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, phone_number: `+49301234${String(n).padStart(4, '0')}`, email: null, channel: 'sms', reason: null });
		}
		p2.sb.clearRequests();
		const run = await p2.run({ resource: 'suppression', operation: 'listSuppressionEntries', returnAll: true });
		expect(run.items).toHaveLength(261);
		expect(new Set(run.items.map((item) => item.json.id)).size).toBe(261);
		expect(p2.requests().map((r) => [r.query.limit, r.query.offset])).toEqual([['200', '0'], ['200', '200']]);
	});

	it('history: Return All over pages, filters sent as the API names them', async () => {
		for (let n = 0; n < 230; n++) {
			p2.sb.platform2.records.append(A, '/history', [], { id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`, type: n % 2 ? 'call' : 'email', direction: 'outbound', status: 'completed' });
		}
		const calls = p2.sb.platform2.list('A', '/history').filter((h) => h.type === 'call').length;
		p2.sb.clearRequests();
		const run = await p2.run({ resource: 'history', operation: 'listHistory', returnAll: true, filters: { type: 'call' } });
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(calls);
		expect(calls).toBeGreaterThan(100);
		expect(p2.requests().map((r) => [r.query.type, r.query.limit, r.query.offset])).toEqual([['call', '200', '0']]);
		const all = await p2.run({ resource: 'history', operation: 'listHistory', returnAll: true });
		expect(all.items).toHaveLength(p2.sb.platform2.list('A', '/history').length);
		const limited = await p2.run({ resource: 'history', operation: 'listHistory', returnAll: false, limit: 3 });
		expect(limited.items).toHaveLength(3);
	});
});
