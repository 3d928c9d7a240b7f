/**
 * Inbound calls answered with variables: where a deployment calls the inbound webhook while the call
 * rings, the workflow's answer (Respond to Webhook) gives the call its variables. The trigger hands
 * the ringing call on untouched and does not answer itself, so the Respond to Webhook node can; the
 * receiver plays that node (a CRM lookup by the caller's number), as n8n would send its answer.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { resetReplays } from '../../nodes/VoiceAssistant/trigger/replays';
import { lifecycle, parameters, startReceiver } from './helpers';
import type { Receiver } from './helpers';

let sb: Sandbox;
let receiver: Receiver | undefined;

beforeAll(async () => {
	sb = await startSandbox({ quiet: true, callTiming: { stepMs: 5 } });
});
afterAll(async () => {
	await receiver?.close();
	await sb.waitForIdle();
	await sb.stop();
});
beforeEach(() => {
	sb.reset();
	resetReplays();
});

/** The CRM the example workflow asks (examples/greet-caller-by-name.json stands it in with a Code node). */
const CRM: Record<string, string> = { '+4917012345670': 'Jonas Weber' };

async function activate(responseMode: string) {
	await receiver?.close();
	const staticData: IDataObject = {};
	const nodeParameters = parameters({ event: 'inboundCallCompleted', responseMode } as never, 2);
	receiver = await startReceiver(sb, staticData, nodeParameters);
	receiver.respondNode = (json) => ({ variables: { customer_name: CRM[String(json.customer_phone)] ?? 'there' } });
	await lifecycle(sb, nodeParameters, { production: receiver.productionUrl }, staticData).run('create');
	return receiver;
}

describe('Inbound call: answering with variables', () => {
	it('Respond to Webhook: the ringing call runs the workflow and its answer becomes the call variables', async () => {
		const r = await activate('responseNode');
		const result = await sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4917012345670', askForVariables: true });

		const ringing = r.deliveries[0];
		expect(ringing.body).toMatchObject({ assistant_id: 2, customer_phone: '+4917012345670', status: 'ringing' });
		// passed on unchanged, and the trigger left the answer to the Respond to Webhook node
		expect(ringing.result?.workflowData?.[0][0].json).toEqual(ringing.body);
		expect(ringing.result?.response.ended).toBe(false);
		expect(ringing.result?.noWebhookResponse).toBeUndefined();

		const call = sb.store.calls.find((c) => c.id === result.call_id)!;
		expect(call.input_variables).toEqual({ customer_name: 'Jonas Weber' });
		const asked = sb.store.webhookDeliveries.find((d) => d.kind === 'inbound-before-connect');
		expect(asked?.response).toMatchObject({ status: 200, body: { variables: { customer_name: 'Jonas Weber' } } });
		// the completion notification still arrives afterwards and runs the workflow too
		expect(r.deliveries.map((d) => (d.body as IDataObject).status)).toEqual(['ringing', 'completed']);
	});

	it('Respond Immediately answers without variables: the call connects without them', async () => {
		await activate('onReceived');
		const result = await sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4917012345670', askForVariables: true });
		expect(sb.store.calls.find((c) => c.id === result.call_id)?.input_variables).toEqual({});
	});
});
