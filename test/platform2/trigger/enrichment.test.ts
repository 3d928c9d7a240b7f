/**
 * Inbound variable enrichment on Platform 2.0: activation sets the assistant's variable webhook (URL and
 * a fresh 32-byte secret), a ringing call of the sandbox asks it (signed), the workflow's last node
 * answers with the variables; a failing workflow answers at once without them; forged, unsigned and
 * replayed requests get none; deactivation restores the previous URL.
 */
import { createHmac } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../../helpers/sandbox';
import { ringPlatform2Call } from '../../../sandbox/platform2/webhooks';
import { byId, p2Parameters, post, startP2Receiver, type P2Receiver } from './helpers';

const sb = useSandbox({ forgetProcessMemories: true, resetPacers: true });
let receiver: P2Receiver | undefined;
afterEach(async () => {
	await receiver?.close();
	receiver = undefined;
});

const variablesDoc = (id: string) => sb.platform2.records.singleton(sb.platform2.workspaces.A, `/assistants/${id}/variables`) ?? {};

/** The CRM stand-in: the caller's name by number, then {variables} as an Edit Fields node would build it. */
const crm = (json: IDataObject): IDataObject[] => [{ variables: { customer_name: json.customer_phone === '+4917611112222' ? 'Erika' : '', customer_tier: 'gold' } }];

async function activate(lastNode: P2Receiver['lastNode'] = crm) {
	const assistant = sb.platform2.list('A', '/assistants')[1];
	const id = String(assistant.id);
	sb.platform2.records.setSingleton(sb.platform2.workspaces.A, `/assistants/${id}/variables`, {
		variables: { greeting: 'Hallo' },
		variable_webhook_url: 'https://old.example.com/vars',
		variable_webhook_secret: 'old-secret',
	});
	receiver = await startP2Receiver(sb, p2Parameters({ platform2Event: 'inboundVariables', platform2AssistantId: byId(id), responseMode: 'lastNode' }));
	receiver.lastNode = lastNode;
	expect(await receiver.hook('create')).toBe(true);
	return { id, receiver };
}

describe('Inbound Call Ringing (variable webhook)', () => {
	it('activation sets the URL and a fresh 64-hex secret, keeps the variables, and stores no secret', async () => {
		const { id, receiver: r } = await activate();
		const doc = variablesDoc(id);
		expect(doc.variable_webhook_url).toBe(r.productionUrl);
		expect(doc.variable_webhook_secret).toMatch(/^[0-9a-f]{64}$/);
		expect(doc.variables).toEqual({ greeting: 'Hallo' });
		expect(JSON.stringify(r.staticData)).not.toContain(String(doc.variable_webhook_secret));
		expect(await r.hook('checkExists')).toBe(true);
		// the API answers the document without its write-only secret
		const answer = await fetch(`${sb.origin}/api/v1/assistants/${id}/variables`, { headers: { Authorization: `Bearer ${sb.platform2.keys.full}` } });
		expect(JSON.stringify(await answer.json())).not.toContain('variable_webhook_secret');
		// a second activation makes a new secret
		const first = doc.variable_webhook_secret;
		await r.hook('create');
		expect(variablesDoc(id).variable_webhook_secret).not.toBe(first);
	});

	it("a ringing call gets the last node's variables (signed request), well under 2 s", async () => {
		const { id, receiver: r } = await activate();
		const ring = await ringPlatform2Call(sb.platform2, { assistantId: id, customerPhone: '+4917611112222' });
		expect(ring.status).toBe(200);
		expect(ring.variables).toEqual({ customer_name: 'Erika', customer_tier: 'gold' });
		expect(ring.ms).toBeLessThan(2000);
		expect(r.runs()).toHaveLength(1);
		expect(r.runs()[0]).toMatchObject({ event: 'call.ringing', customer_phone: '+4917611112222' });
	});

	it('a failing workflow answers promptly (500) and the call connects without variables', async () => {
		const { id } = await activate(() => new Error('CRM down'));
		const started = Date.now();
		const ring = await ringPlatform2Call(sb.platform2, { assistantId: id });
		expect(ring.status).toBe(500);
		expect(ring.variables).toEqual({});
		expect(Date.now() - started).toBeLessThan(1000);
	});

	it('unsigned, wrongly signed and replayed requests get no variables', async () => {
		const { id, receiver: r } = await activate();
		const secret = String(variablesDoc(id).variable_webhook_secret);
		const raw = JSON.stringify({ call_id: 'c-1', assistant_id: id, customer_phone: '+4917611112222' });
		const sign = (body: string, key = secret) => `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;
		expect((await post(r.productionUrl, raw)).status).toBe(401);
		expect((await post(r.productionUrl, raw, { 'X-Famulor-Signature': sign(raw, 'old-secret') })).status).toBe(401);
		expect((await post(r.productionUrl, raw, { 'X-Famulor-Signature': sign(raw) })).body).toEqual({ variables: { customer_name: 'Erika', customer_tier: 'gold' } });
		const replay = await post(r.productionUrl, raw, { 'X-Famulor-Signature': sign(raw) });
		expect(replay).toEqual({ status: 200, body: { received: true, executed: false, reason: 'duplicate' } });
		const nobody = JSON.stringify({ assistant_id: id });
		expect((await post(r.productionUrl, nobody, { 'X-Famulor-Signature': sign(nobody) })).status).toBe(400);
		expect(r.runs()).toHaveLength(1);
	});

	it('deactivation restores the previous URL and leaves the variables as they were', async () => {
		const { id, receiver: r } = await activate();
		await r.hook('delete');
		const doc = variablesDoc(id);
		expect(doc.variable_webhook_url).toBe('https://old.example.com/vars');
		expect(doc.variables).toEqual({ greeting: 'Hallo' });
		expect(r.staticData).toEqual({});
	});

	it('with no previous URL, deactivation clears the URL and the secret', async () => {
		const assistant = sb.platform2.list('A', '/assistants')[0];
		const id = String(assistant.id);
		receiver = await startP2Receiver(sb, p2Parameters({ platform2Event: 'inboundVariables', platform2AssistantId: byId(id), responseMode: 'lastNode' }));
		await receiver.hook('create');
		await receiver.hook('delete');
		expect(variablesDoc(id)).toMatchObject({ variable_webhook_url: null, variable_webhook_secret: null });
	});
});
