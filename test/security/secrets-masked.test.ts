/**
 * One masker (shared/maskSecrets.ts) for every write-only value: a SIP trunk's password, a white-label
 * user's password, a trigger's delivery secret. Hosts and proxies quote requests in every shape (as
 * sent, inside other text, URL-encoded, echoed in a success answer); none of it reaches an error or an
 * output item. And masking makes copies: the node's own parameters, which n8n puts beside every error,
 * are exactly as the user typed them after the error.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INode, INodeParameters } from 'n8n-workflow';

import { maskSecrets, maskSecretsInError } from '../../nodes/VoiceAssistant/shared/maskSecrets';
import { runNode } from '../harness';
import { VoiceAssistant } from '../nodes/helpers';
import { PASSWORD as SIP_PASSWORD, createParams } from '../nodes/sipTrunk/helpers';

const USER_PASSWORD = 'Dora-Secret-2026!';

/** A host that answers every request with `answer(what it was sent)`; what it was sent is also kept. */
async function quotingHost(answer: (sent: Record<string, unknown>, raw: string) => { status: number; body: unknown }) {
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
		req.on('end', () => {
			let sent: Record<string, unknown> = {};
			try {
				sent = JSON.parse(raw || '{}') as Record<string, unknown>;
			} catch {
				// not JSON: the answer quotes the raw text
			}
			const { status, body } = answer(sent, raw);
			res.writeHead(status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(body));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { baseUrl: `http://127.0.0.1:${port}/api`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Every text an error carries except `node` (n8n's copy of the node, with the parameters as typed). */
function everythingIn(error: unknown): string {
	const own = Object.getOwnPropertyNames(error as object).filter((key) => key !== 'node');
	return [String(error), JSON.stringify(Object.fromEntries(own.map((key) => [key, (error as Record<string, unknown>)[key]])))].join('\n');
}

/** Runs the action node against a quoting host; hands back the result and the workflow's node as n8n ran it. */
async function runAgainst(parameters: INodeParameters, answer: Parameters<typeof quotingHost>[0], continueOnFail = false) {
	const host = await quotingHost(answer);
	let node: INode | undefined;
	try {
		const result = await runNode({ node: VoiceAssistant, parameters, credentials: { apiToken: '1|reseller-token', baseUrl: host.baseUrl }, continueOnFail, onNode: (n) => (node = n) });
		return { result, node: node! };
	} finally {
		await host.close();
	}
}

const quoteEverywhere = (secret: string) => ({
	message: `Rejected ${secret}`,
	error: `value ${encodeURIComponent(secret)} refused`,
	errors: { field: [`The value "${secret}" is invalid.`] },
});

describe('a SIP trunk password', () => {
	it('is masked in the error of a host that quotes it (as sent and URL-encoded), and the node’s parameters keep it as typed', async () => {
		const { result, node } = await runAgainst(createParams() as INodeParameters, () => ({ status: 422, body: quoteEverywhere(SIP_PASSWORD) }));
		expect(result.error).toBeDefined();
		expect(everythingIn(result.error)).not.toContain(SIP_PASSWORD);
		expect(everythingIn(result.error)).not.toContain(encodeURIComponent(SIP_PASSWORD));
		expect(everythingIn(result.recordedError)).toContain('***');
		expect(node.parameters.sipPassword).toBe(SIP_PASSWORD);
		expect(node.parameters).toMatchObject(createParams());
	});

	it('is masked in the output when a success answer quotes it under another key or inside text', async () => {
		const { result } = await runAgainst(createParams() as INodeParameters, (sent) => ({
			status: 201,
			body: { message: `SIP trunk created with password ${String(sent.sip_password)}.`, data: { id: 99, sip_username: 'office-pbx', secret_echo: sent.sip_password } },
		}));
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: 99, sip_username: 'office-pbx', secret_echo: '***', message: 'SIP trunk created with password ***.' });
		expect(JSON.stringify(result.items)).not.toContain(SIP_PASSWORD);
	});

	it('is masked in an Update’s error and its Continue On Fail item; the nested parameter stays as typed', async () => {
		const update = { resource: 'sipTrunk', operation: 'update', sipTrunkId: { __rl: true, mode: 'id', value: '3' }, updateFields: { sipPassword: SIP_PASSWORD } } as INodeParameters;
		const { result, node } = await runAgainst(update, () => ({ status: 500, body: quoteEverywhere(SIP_PASSWORD) }), true);
		expect(JSON.stringify(result.items)).not.toContain(SIP_PASSWORD);
		expect(node.parameters.updateFields).toEqual({ sipPassword: SIP_PASSWORD });
	});
});

describe('a white-label user’s password', () => {
	const register = { resource: 'whiteLabel', operation: 'registerUser', userName: 'Dora Client', userEmail: 'dora@example.com', userPassword: USER_PASSWORD } as INodeParameters;

	it.each([422, 500])('is masked in the error of a host that quotes it (HTTP %i); the parameters keep it', async (status) => {
		const { result, node } = await runAgainst(register, () => ({ status, body: quoteEverywhere(USER_PASSWORD) }));
		expect(result.error).toBeDefined();
		expect(everythingIn(result.error)).not.toContain(USER_PASSWORD);
		expect(node.parameters.userPassword).toBe(USER_PASSWORD);
	});

	it('is masked in the “needs the reseller token” error, which quotes the platform’s 403', async () => {
		const { result } = await runAgainst(register, () => ({ status: 403, body: { message: `Not a reseller; password ${USER_PASSWORD} not stored` } }));
		expect(result.error?.message).toBe("White Label → Register User needs the white-label admin (reseller) token; this credential's token is not one");
		expect((result.error as { description?: string }).description).toContain('password *** not stored');
		expect(everythingIn(result.error)).not.toContain(USER_PASSWORD);
	});

	it('is masked in the output when the answer echoes it, as a key or inside text', async () => {
		const { result } = await runAgainst(register, (sent) => ({
			status: 201,
			body: { message: `Registered with ${String(sent.password)}`, user: { id: 5, name: 'Dora Client', email: 'dora@example.com', password: sent.password }, token: '5|abc' },
		}));
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: 5, email: 'dora@example.com', message: 'Registered with ***' });
		expect(result.items[0].json).not.toHaveProperty('password');
		expect(JSON.stringify(result.items)).not.toContain(USER_PASSWORD);
	});
});

// The trigger's delivery secret, masked in activation errors with the node's parameters unchanged: activation-errors.test.ts.

describe('the masker itself', () => {
	it('makes masked copies and changes nothing it is given, however deep or circular', () => {
		const parameters = { password: 'hunter2-long', nested: { list: ['x hunter2-long y'] } };
		const record: Record<string, unknown> = { parameters, note: 'pw=hunter2-long', token: 't' };
		record.self = record;
		const before = JSON.stringify({ ...record, self: undefined });
		const masked = maskSecrets(record, { values: ['hunter2-long'], keys: ['token'] });
		expect(masked).toEqual({ parameters: { password: '***', nested: { list: ['x *** y'] } }, note: 'pw=***', self: '[circular]' });
		expect(JSON.stringify({ ...record, self: undefined })).toBe(before);
	});

	it('masks an error field by field, keeps the error object, and leaves its node alone', () => {
		const node = { name: 'Create SIP trunk', parameters: { sipPassword: 'hunter2-long' } };
		const context = { request: { body: { sip_password: 'hunter2-long' } } };
		const error = Object.assign(new Error('refused hunter2-long'), { node, context, description: 'quoted "hunter2-long"' });
		expect(maskSecretsInError(error, { values: ['hunter2-long'] })).toBe(error);
		expect([error.message, error.description, error.context.request.body.sip_password]).toEqual(['refused ***', 'quoted "***"', '***']);
		expect(error.stack).not.toContain('hunter2-long');
		expect(error.node).toBe(node);
		expect(node.parameters.sipPassword).toBe('hunter2-long');
		expect(context.request.body.sip_password).toBe('hunter2-long');
	});
});
