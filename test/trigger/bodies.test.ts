/**
 * What a delivery's body must be to start anything: a JSON object with fields. Everything else that
 * carries the right secret is answered 400 with a short reason and starts no execution, in both
 * versions. An accepted delivery is answered {"received": true}: version 2 lets n8n send exactly that
 * (trigger/description.ts); version 1 keeps loading and working as before.
 */
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../helpers/sandbox';
import { runWebhook } from '../harness';
import { forgetProcessMemories } from '../../nodes/VoiceAssistant/trigger/recentMemory';
import { PRODUCTION_URL, VoiceAssistantTrigger, credentials, lifecycle, parameters, webhookSettings } from './helpers';

const sb = useSandbox();

/** Activates a trigger of this version on assistant 1 and returns its static data and secret. */
async function activate(typeVersion: number) {
	sb.reset();
	forgetProcessMemories();
	const staticData: IDataObject = {};
	const hooks = lifecycle(sb, parameters(), { production: PRODUCTION_URL }, staticData);
	expect(await hooks.run('create')).toBe(true);
	const registered = new URL(String(webhookSettings(sb, 1).webhook_url));
	return { staticData, secret: registered.searchParams.get('secret') as string, typeVersion };
}

async function deliver(setup: Awaited<ReturnType<typeof activate>>, body: unknown, headers: Record<string, string> = {}) {
	return await runWebhook(VoiceAssistantTrigger, {
		parameters: parameters(),
		credentials: credentials(sb),
		staticData: setup.staticData,
		typeVersion: setup.typeVersion,
		webhookUrl: PRODUCTION_URL,
		request: { method: 'POST', query: { secret: setup.secret }, body, headers: { 'content-type': 'application/json', ...headers } },
	});
}

const notObjects: Array<[string, unknown, RegExp]> = [
	['a text/plain string', 'call 4711 completed', /JSON object/],
	['a JSON string', '"completed"', /JSON object/],
	['a number', 42, /JSON object/],
	['null', null, /JSON object/],
	['an array', [{ id: 4711, status: 'completed' }], /not an array/],
	['an empty object (no body, or one n8n did not parse)', {}, /empty/],
];

describe.each([2, 1])('trigger version %i', (typeVersion) => {
	it.each(notObjects)('%s is answered 400 with a reason and starts nothing', async (_name, body, reason) => {
		const setup = await activate(typeVersion);
		const result = await deliver(setup, body);
		expect(result.workflowData).toBeUndefined();
		expect(result.noWebhookResponse).toBe(true);
		expect(result.response.statusCode).toBe(400);
		expect(result.response.ended).toBe(true);
		const answer = JSON.parse(String(result.response.body)) as { message: string };
		expect(answer.message).toMatch(reason);
	});

	it('a notification object starts one execution with the body, answered {"received": true}', async () => {
		const setup = await activate(typeVersion);
		const body = { id: 4711, status: 'completed', assistant_id: 1, customer_phone: '+4917612345670' };
		const result = await deliver(setup, body);
		expect(result.response.ended).toBe(false); // n8n answers, per the Respond parameter
		expect(result.workflowData).toEqual([[{ json: body }]]);
		expect(result.webhookResponse).toEqual({ received: true });
	});

	it('a body without the secret is still 401 first, whatever it holds', async () => {
		const setup = await activate(typeVersion);
		const result = await deliver({ ...setup, secret: '' }, 'not json');
		expect(result.response.statusCode).toBe(401);
		expect(result.workflowData).toBeUndefined();
	});
});
