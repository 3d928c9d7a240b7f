/**
 * Inbound calls answered with variables: where a deployment calls the inbound webhook while the call
 * rings, the workflow's answer (Respond to Webhook) gives the call its variables. The trigger hands
 * the ringing call on untouched and does not answer itself, so the Respond to Webhook node can; the
 * receiver plays that node (a CRM lookup by the caller's number), as n8n would send its answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** examples/greet-caller-by-name.json: trigger (inbound, Respond to Webhook) → Code node (CRM stand-in) → Respond to Webhook. */
const example = JSON.parse(readFileSync(join(__dirname, '../../examples/greet-caller-by-name.json'), 'utf8')) as {
	nodes: Array<{ name: string; type: string; parameters: IDataObject }>;
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
};
const nodeOfType = (type: string) => example.nodes.find((n) => n.type === type)!;

/** The example's Code node run on the trigger's item, as n8n's Code node would ($input.all()). */
function lookUpCaller(json: IDataObject): IDataObject {
	const code = String(nodeOfType('n8n-nodes-base.code').parameters.jsCode);
	const run = new Function('$input', code) as (input: { all(): Array<{ json: IDataObject }> }) => Array<{ json: IDataObject }>;
	return run({ all: () => [{ json }] })[0].json;
}

async function activate(responseMode: string) {
	await receiver?.close();
	const staticData: IDataObject = {};
	const nodeParameters = parameters({ event: 'inboundCallCompleted', responseMode } as never, 2);
	receiver = await startReceiver(sb, staticData, nodeParameters);
	// the example's Respond to Webhook body: {variables: {customer_name, customer_tier}} of the looked-up caller
	receiver.respondNode = (json) => {
		const found = lookUpCaller(json);
		return { variables: { customer_name: found.customer_name, customer_tier: found.customer_tier } };
	};
	await lifecycle(sb, nodeParameters, { production: receiver.productionUrl }, staticData).run('create');
	return receiver;
}

describe('Inbound call: answering with variables', () => {
	it('the example workflow is trigger (inbound, Respond to Webhook) → CRM stand-in → Respond to Webhook', () => {
		const trigger = nodeOfType('n8n-nodes-voice-assistant.voiceAssistantTrigger');
		expect(trigger.parameters).toMatchObject({ event: 'inboundCallCompleted', responseMode: 'responseNode' });
		const code = nodeOfType('n8n-nodes-base.code');
		const respond = nodeOfType('n8n-nodes-base.respondToWebhook');
		expect(example.connections[trigger.name].main[0][0].node).toBe(code.name);
		expect(example.connections[code.name].main[0][0].node).toBe(respond.name);
		expect(String(respond.parameters.responseBody)).toContain('variables: { customer_name: $json.customer_name, customer_tier: $json.customer_tier }');
		expect(lookUpCaller({ customer_phone: '+4917099999990' })).toEqual({ customer_phone: '+4917099999990', customer_name: '', customer_tier: 'new' });
	});

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
		expect(call.input_variables).toEqual({ customer_name: 'Jonas Weber', customer_tier: 'gold' });
		const asked = sb.store.webhookDeliveries.find((d) => d.kind === 'inbound-before-connect');
		expect(asked?.response).toMatchObject({ status: 200, body: { variables: { customer_name: 'Jonas Weber', customer_tier: 'gold' } } });
		// the completion notification still arrives afterwards and runs the workflow too
		expect(r.deliveries.map((d) => (d.body as IDataObject).status)).toEqual(['ringing', 'completed']);
	});

	it('Respond Immediately answers without variables: the call connects without them', async () => {
		await activate('onReceived');
		const result = await sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4917012345670', askForVariables: true });
		expect(sb.store.calls.find((c) => c.id === result.call_id)?.input_variables).toEqual({});
	});
});
