// Skip If Called Within on an account whose platform writes call times on its own clock (#29), in a
// real n8n (`n8n execute`): the credential's Account Time Zone names the zone. A number the account
// called 22 hours ago is not called again with a 24-hour window, on an account 5 h behind UTC
// (America/Bogota) and on one 9 h ahead (Asia/Tokyo); with the zone not set, the old reading (as
// UTC) is kept, and the UTC−5 account's call reads 27 h ago and is called again, as documented.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startStack } from '../../scripts/lib/stack.mjs';
import { FILE_TIMEOUT_MS, explain, requestsTo } from './helpers.mjs';

const HOUR = 3_600_000;
const CREDENTIALS = {
	unset: { id: 'vaSandboxNoZone01', name: 'Voice Assistant (sandbox, no zone)' },
	'America/Bogota': { id: 'vaSandboxBogota01', name: 'Voice Assistant (sandbox, Bogota)' },
	'Asia/Tokyo': { id: 'vaSandboxTokyo001', name: 'Voice Assistant (sandbox, Tokyo)' },
};

/** Start → the numbers → Call → Make with Skip If Called Within 24 h, on one credential. */
function workflow(zone) {
	const id = `vaE2eZone${zone === 'unset' ? 'Unset' : zone.replace(/\W/g, '')}`.slice(0, 16).padEnd(16, '0');
	return {
		id,
		name: `E2E: Skip If Called Within, account zone ${zone}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: `${id}-start`, name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: `${id}-numbers`,
				name: 'Numbers',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
				parameters: { jsCode: "return ['+16465557001', '+16465557002'].map((phone) => ({ json: { phone } }));" },
			},
			{
				id: `${id}-call`,
				name: 'Call',
				type: 'n8n-nodes-voice-assistant.voiceAssistant',
				typeVersion: 1,
				position: [440, 0],
				parameters: {
					resource: 'call',
					operation: 'make',
					assistantId: { __rl: true, mode: 'id', value: '1' },
					phoneNumber: '={{ $json.phone }}',
					variablesInput: 'none',
					skipIfCalledRecently: true,
					calledWithinHours: 24,
				},
				credentials: { voiceAssistantApi: CREDENTIALS[zone] },
			},
		],
		connections: {
			Start: { main: [[{ node: 'Numbers', type: 'main', index: 0 }]] },
			Numbers: { main: [[{ node: 'Call', type: 'main', index: 0 }]] },
		},
	};
}

describe('Skip If Called Within on the account\'s clock (n8n execute)', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;

	before(async () => {
		stack = await startStack({
			stepMs: 20,
			workflows: Object.keys(CREDENTIALS).map(workflow),
			extraCredentials: (sb) =>
				Object.entries(CREDENTIALS).map(([zone, credential]) => ({
					...credential,
					data: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl, ...(zone === 'unset' ? {} : { timeZone: zone }) },
				})),
			log: (l) => console.log(`# ${l}`),
		});
	});

	after(async () => {
		await stack?.stop();
	});

	/** The account (alice) writes its times in `zone`; +16465557001 was called 22 h ago, +16465557002 30 h ago. */
	function accountIn(zone) {
		const { sandbox } = stack;
		sandbox.reset();
		sandbox.setTimeZone(zone, sandbox.users.alice);
		const template = sandbox.store.calls.find((c) => c.type === 'outbound');
		for (const [phone, hoursAgo] of [['+16465557001', 22], ['+16465557002', 30]]) {
			const at = Date.now() - hoursAgo * HOUR;
			sandbox.store.calls.push({ ...template, id: sandbox.store.nextId('call'), user_id: sandbox.users.alice, assistant_id: 1, client_phone_number: phone, status: 'completed', created_at: at, updated_at: at });
		}
		sandbox.clearRequests();
	}

	async function run(zone) {
		const result = await stack.n8n.execute(workflow(zone).id);
		assert.ok(result.ok, explain(result));
		return { out: result.output('Call'), called: requestsTo(stack.sandbox, 'POST', '/api/user/make_call').map((r) => r.body.phone_number) };
	}

	test('UTC−5 account, zone set: the number called 22 h ago is not called (the one called 30 h ago is)', async () => {
		accountIn('America/Bogota');
		const { out, called } = await run('America/Bogota');
		assert.deepEqual(called, ['+16465557002']);
		assert.equal(out[0].skip_reason, 'called_recently');
		assert.ok(Math.abs(Date.parse(out[0].allowed_from) - (Date.now() + 2 * HOUR)) < 10 * 60_000, `allowed_from ${out[0].allowed_from} is 2 h from now`);
	});

	test('UTC+9 account, zone set: the number called 22 h ago is not called (the one called 30 h ago is)', async () => {
		accountIn('Asia/Tokyo');
		const { out, called } = await run('Asia/Tokyo');
		assert.deepEqual(called, ['+16465557002']);
		assert.equal(out[0].skip_reason, 'called_recently');
	});

	test('UTC−5 account, zone not set: read as UTC, as documented: the 22 h call reads 27 h ago and both are called', async () => {
		accountIn('America/Bogota');
		const { called } = await run('unset');
		assert.deepEqual(called, ['+16465557001', '+16465557002']);
	});
});
