/**
 * The sandbox's reading of idempotency keys (sandbox/platform2/idempotency.ts): a repeat of a key after a
 * successful answer gets that answer again and does nothing more; another key, another workspace or a
 * refused first try is a new request. The request log keeps the documented headers, never Authorization.
 */
import { useP2 } from './helpers';

const c = useP2();
const KEY = '7d1f4a52-9b0e-4c51-a3c5-0f3b5e1d2a10';
const OTHER = '8e2f4a52-9b0e-4c51-a3c5-0f3b5e1d2a11';
const support = () => c.sb.platform2.list('A', '/support/requests');

it('a repeated client_request_id answers the first answer and opens no second support request', async () => {
	const before = support().length;
	const first = await c.as('full').post('/support/requests', { client_request_id: KEY, subject: 'Help', message: 'Please' });
	const again = await c.as('full').post('/support/requests', { client_request_id: KEY, subject: 'Help', message: 'Please' });
	expect(first.status).toBe(201);
	expect(again.status).toBe(201);
	expect(again.data).toEqual(first.data);
	expect(support().length).toBe(before + 1);

	const other = await c.as('full').post('/support/requests', { client_request_id: OTHER, subject: 'Help', message: 'Please' });
	expect(other.data.data.id).not.toBe(first.data.data.id);
	expect(support().length).toBe(before + 2);
	// the same key in another workspace is another request
	const elsewhere = await c.as('otherWorkspace').post('/support/requests', { client_request_id: KEY, subject: 'Help', message: 'Please' });
	expect(elsewhere.status).toBe(201);
	expect(elsewhere.data.data.id).not.toBe(first.data.data.id);
});

it('a refused first try is not kept: the same key may be sent again and acts', async () => {
	const before = support().length;
	const refused = await c.as('full').post('/support/requests', { client_request_id: KEY, subject: '', message: 'Please' });
	expect(refused.status).toBe(400);
	const ok = await c.as('full').post('/support/requests', { client_request_id: KEY, subject: 'Help', message: 'Please' });
	expect(ok.status).toBe(201);
	expect(support().length).toBe(before + 1);
});

it('the request log keeps the Idempotency-Key header (lower-case), never the Authorization header', async () => {
	const session = c.sb.platform2.list('A', '/translation-sessions')[0].id;
	c.sb.clearRequests();
	await c.as('full').post(`/translation-sessions/${session}/call`, { side: 1, phone_number: '+4915112345670' }, { headers: { 'Idempotency-Key': KEY } });
	const [entry] = c.sb.requests.filter((r) => r.path.startsWith('/api/v1/'));
	expect(entry.headers).toEqual({ 'idempotency-key': KEY });
});
