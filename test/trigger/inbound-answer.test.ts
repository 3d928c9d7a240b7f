/**
 * Inbound calls answered with variables: where a deployment calls the inbound webhook while the call
 * rings, the workflow's answer gives the call its variables. A version-3-or-later trigger with Respond "When
 * Last Node Finishes" hands the ringing call on untouched and leaves the answer to n8n, which sends
 * the last node's first item; the receiver plays the example's nodes (a CRM lookup by the caller's
 * number, then Edit Fields). The same in a real n8n: test/e2e/inbound.e2e.mjs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { lifecycle, parameters, startReceiver } from './helpers';
import type { Receiver } from './helpers';

const sb = useSandbox({ callTiming: { stepMs: 5 }, forgetProcessMemories: true });
let receiver: Receiver | undefined;
afterAll(async () => {
	await receiver?.close();
});

/** examples/greet-caller-by-name.json: trigger (inbound, version 5 on a classic account, When Last Node Finishes) → Code node (CRM stand-in) → Edit Fields. */
const example = JSON.parse(readFileSync(join(__dirname, '../../examples/greet-caller-by-name.json'), 'utf8')) as {
	nodes: Array<{ name: string; type: string; typeVersion: number; parameters: IDataObject }>;
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
};
const nodeOfType = (type: string) => example.nodes.find((n) => n.type === type)!;

/** The example's Code node run on the trigger's item, as n8n's Code node would ($input.all()). */
function lookUpCaller(json: IDataObject): IDataObject {
	const code = String(nodeOfType('n8n-nodes-base.code').parameters.jsCode);
	const run = new Function('$input', code) as (input: { all(): Array<{ json: IDataObject }> }) => Array<{ json: IDataObject }>;
	return run({ all: () => [{ json }] })[0].json;
}

/**
 * The example's Edit Fields node as n8n runs it for these assignments: each `={{ $json.<key> }}` value
 * under its name, a dot in the name nesting the object (the node's default), no other input fields.
 * The real node runs in the real n8n (test/e2e/inbound.e2e.mjs).
 */
function editFields(json: IDataObject): IDataObject {
	const { assignments } = nodeOfType('n8n-nodes-base.set').parameters.assignments as { assignments: Array<{ name: string; value: string }> };
	const out: IDataObject = {};
	for (const { name, value } of assignments) {
		const key = /^=\{\{ \$json\.(\w+) \}\}$/.exec(value)?.[1];
		if (!key) throw new Error(`the stand-in does not evaluate ${value}`);
		const [parent, child] = name.split('.');
		out[parent] = { ...((out[parent] as IDataObject) ?? {}), [child]: json[key] };
	}
	return out;
}

async function activate(responseMode: string, lastNode?: (json: IDataObject) => IDataObject[] | Error) {
	await receiver?.close();
	const staticData: IDataObject = {};
	const nodeParameters = parameters({ event: 'inboundCallCompleted', responseMode } as never, 2);
	receiver = await startReceiver(sb, staticData, nodeParameters);
	receiver.lastNode = lastNode ?? ((json) => [editFields(lookUpCaller(json))]);
	await lifecycle(sb, nodeParameters, { production: receiver.productionUrl }, staticData).run('create');
	return receiver;
}

const variablesOf = (callId: number) => sb.store.calls.find((c) => c.id === callId)?.input_variables;

describe('Inbound call: answering with variables', () => {
	it('the example workflow is trigger (version 6, When Last Node Finishes) → CRM stand-in → Edit Fields building {variables}', () => {
		const trigger = nodeOfType('n8n-nodes-voice-assistant.voiceAssistantTrigger');
		expect(trigger.typeVersion).toBe(6);
		expect(trigger.parameters).toMatchObject({ event: 'inboundCallCompleted', responseMode: 'lastNode' });
		const code = nodeOfType('n8n-nodes-base.code');
		const answer = nodeOfType('n8n-nodes-base.set');
		expect(example.connections[trigger.name].main[0][0].node).toBe(code.name);
		expect(example.connections[code.name].main[0][0].node).toBe(answer.name);
		expect(example.connections[answer.name]).toBeUndefined(); // the answer is the last node
		expect(example.nodes.some((n) => n.type === 'n8n-nodes-base.respondToWebhook')).toBe(false);
		expect(editFields(lookUpCaller({ customer_phone: '+4917099999990' }))).toEqual({ variables: { customer_name: '', customer_tier: 'new' } });
	});

	it('When Last Node Finishes: the ringing call runs the workflow and its last item becomes the call variables', async () => {
		const r = await activate('lastNode');
		const result = await sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4917012345670', askForVariables: true });

		const ringing = r.deliveries[0];
		expect(ringing.body).toMatchObject({ assistant_id: 2, customer_phone: '+4917012345670', status: 'ringing' });
		// passed on unchanged, and the trigger left the answer to the end of the workflow
		expect(ringing.result?.workflowData?.[0][0].json).toEqual(ringing.body);
		expect(ringing.result?.response.ended).toBe(false);
		expect(ringing.result?.noWebhookResponse).toBeUndefined();

		expect(variablesOf(result.call_id)).toEqual({ customer_name: 'Jonas Weber', customer_tier: 'gold' });
		const asked = sb.store.webhookDeliveries.find((d) => d.kind === 'inbound-before-connect');
		expect(asked?.response).toMatchObject({ status: 200, body: { variables: { customer_name: 'Jonas Weber', customer_tier: 'gold' } } });
		// the completion notification still arrives afterwards and runs the workflow too
		expect(r.deliveries.map((d) => (d.body as IDataObject).status)).toEqual(['ringing', 'completed']);
	});

	it('two callers get their own variables', async () => {
		await activate('lastNode');
		const jonas = await sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4917012345670', askForVariables: true });
		const ada = await sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4915112345670', askForVariables: true });
		expect(variablesOf(jonas.call_id)).toEqual({ customer_name: 'Jonas Weber', customer_tier: 'gold' });
		expect(variablesOf(ada.call_id)).toEqual({ customer_name: 'Ada Lovelace', customer_tier: 'silver' });
	});

	it('a failing workflow (n8n answers 500) lets the call connect without variables', async () => {
		await activate('lastNode', () => new Error('CRM down'));
		const result = await sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4917012345670', askForVariables: true });
		expect(result.status).toBe('completed'); // the call went ahead
		expect(variablesOf(result.call_id)).toEqual({});
		expect(sb.store.webhookDeliveries.find((d) => d.kind === 'inbound-before-connect')?.response.status).toBe(500);
	});

	it('Respond Immediately answers without variables: the call connects without them', async () => {
		await activate('onReceived');
		const result = await sb.simulateInboundCall({ assistantId: 2, customerPhone: '+4917012345670', askForVariables: true });
		expect(variablesOf(result.call_id)).toEqual({});
	});
});
