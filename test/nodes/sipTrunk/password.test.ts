/**
 * The SIP password is write-only: not in any output item (also where a host echoes it back) and not in
 * any error, whatever a host or proxy quotes from the request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { runNode } from '../../harness';
import { VoiceAssistant, expectOk, jsonOf, useNodeSandbox } from '../helpers';
import { PASSWORD, createParams } from './helpers';

const t = useNodeSandbox();

/** A host that echoes the request body: in a 201 answer, a 422, or a 500. */
async function echoHost(status: number): Promise<{ baseUrl: string; close(): Promise<void> }> {
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
		req.on('end', () => {
			const sent = JSON.parse(raw || '{}') as Record<string, unknown>;
			const body =
				status < 300
					? { message: 'SIP trunk created successfully.', data: { id: 99, ...sent, nested: { sip_password: sent.sip_password } } }
					: { message: `Rejected ${String(sent.sip_password)}`, error: `password ${String(sent.sip_password)} refused`, errors: { sip_password: [`The value ${String(sent.sip_password)} is invalid.`] } };
			res.writeHead(status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(body));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { baseUrl: `http://127.0.0.1:${port}/api`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The stored error without `node`: n8n copies the workflow's node (its parameters, as the user typed them) into every error. */
function storedError(error: unknown): string {
	const { node: _node, ...rest } = (error ?? {}) as Record<string, unknown>;
	return JSON.stringify(rest);
}

async function runAgainst(status: number, parameters: Record<string, unknown>, continueOnFail = false) {
	const host = await echoHost(status);
	try {
		return await runNode({ node: VoiceAssistant, parameters: parameters as never, credentials: { apiToken: t.sb.tokens.alice, baseUrl: host.baseUrl }, continueOnFail });
	} finally {
		await host.close();
	}
}

describe('the SIP password', () => {
	it('is not in the output when a host echoes it (top level and nested)', async () => {
		const [item] = jsonOf(expectOk(await runAgainst(201, createParams())));
		expect(item).toMatchObject({ id: 99, sip_username: 'office-pbx' });
		expect(JSON.stringify(item)).not.toContain(PASSWORD);
	});

	it.each([422, 400, 500])('is not in the error when a host quotes it (HTTP %i), nor in a Continue On Fail item', async (status) => {
		const failed = await runAgainst(status, createParams());
		expect(failed.error).toBeDefined();
		expect(storedError(failed.recordedError)).not.toContain(PASSWORD);
		expect(storedError(failed.recordedError)).toContain('***');
		expect(`${failed.error?.message} ${String((failed.error as { description?: unknown }).description)}`).not.toContain(PASSWORD);
		const continued = await runAgainst(status, createParams(), true);
		expect(JSON.stringify(continued.items)).not.toContain(PASSWORD);
	});

	it('is not in Update errors either', async () => {
		const failed = await runAgainst(422, { resource: 'sipTrunk', operation: 'update', sipTrunkId: { __rl: true, mode: 'id', value: '3' }, updateFields: { sipPassword: PASSWORD } });
		expect(failed.error).toBeDefined();
		expect(storedError(failed.recordedError)).not.toContain(PASSWORD);
		expect(storedError(failed.recordedError)).toContain('***');
	});

	it('is not in Get or Get Many outputs', async () => {
		const all = jsonOf(expectOk(await t.run({ resource: 'sipTrunk', operation: 'getMany', returnAll: true })));
		const one = jsonOf(expectOk(await t.run({ resource: 'sipTrunk', operation: 'get', sipTrunkId: { __rl: true, mode: 'id', value: '3' } })));
		expect(JSON.stringify([all, one])).not.toMatch(/sip_password|seeded-sip-password/);
	});
});
