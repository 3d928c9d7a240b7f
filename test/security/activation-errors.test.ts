/**
 * Issue #19, finding 7: only the API token was masked in errors, so a platform answer that quotes
 * the registered URL put `secret=<64 hex>` into the editor's activation error and n8n's log. Now every
 * `secret=` value (plain or URL-encoded) is masked wherever the transport cleans errors, and the
 * trigger masks its known secret in any other shape — for all three events.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INode, INodeParameters } from 'n8n-workflow';

import { cleanResponse, cleanText } from '../../nodes/VoiceAssistant/transport/redact';
import { forgetProcessMemories } from '../../nodes/VoiceAssistant/trigger/recentMemory';
import { startSandbox, type Sandbox } from '../../sandbox';
import { runWebhookMethod } from '../harness';
import { PRODUCTION_URL, VoiceAssistantTrigger, parameters } from '../trigger/helpers';

/**
 * Plays the platform: forwards everything to the sandbox, but refuses a request that carries a URL
 * with a secret, quoting it back in three shapes (as given, URL-encoded, and the bare secret).
 */
async function startQuotingPlatform(target: string): Promise<{ baseUrl: string; quoted: string[]; close(): Promise<void> }> {
	const quoted: string[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const body = Buffer.concat(chunks).toString('utf8');
			const url = /"(https?:[^"]*secret=[0-9a-f]{64}[^"]*)"/.exec(body)?.[1];
			if (url) {
				const secret = /secret=([0-9a-f]{64})/.exec(url)![1];
				quoted.push(secret);
				res.writeHead(422, { 'Content-Type': 'application/json' });
				res.end(
					JSON.stringify({
						message: `The webhook url ${url} could not be reached`,
						errors: { webhook_url: [`Invalid: ${encodeURIComponent(url)}`], token: [`Token ${secret} rejected`] },
					}),
				);
				return;
			}
			const forward = http.request(`${target}${req.url ?? ''}`, { method: req.method, headers: req.headers }, (answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			});
			forward.end(body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { baseUrl: `http://127.0.0.1:${port}/api`, quoted, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Every text an error carries: what the editor shows and what n8n's log writes. */
function everythingIn(error: unknown): string {
	const own = Object.fromEntries(Object.getOwnPropertyNames(error as object).map((key) => [key, (error as Record<string, unknown>)[key]]));
	return [String(error), JSON.stringify(own, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))].join('\n');
}

let sb: Sandbox;
let platform: Awaited<ReturnType<typeof startQuotingPlatform>>;
beforeAll(async () => {
	sb = await startSandbox({ quiet: true });
	platform = await startQuotingPlatform(sb.origin);
});
afterAll(async () => {
	await platform.close();
	await sb.stop();
});
beforeEach(() => {
	sb.reset();
	forgetProcessMemories();
	platform.quoted.length = 0;
});

const EVENTS: Array<[string, INodeParameters]> = [
	['Call Ended', parameters({ event: 'callEnded' }, 1)],
	['Inbound Call Completed', parameters({ event: 'inboundCallCompleted' }, 2)],
	['Conversation Ended', parameters({ event: 'conversationEnded' } as never, 1)],
];

it.each(EVENTS)('%s: the activation error quotes the URL, but never the secret; the node’s parameters are unchanged', async (_name, nodeParameters) => {
	let thrown: unknown;
	let node: INode | undefined;
	try {
		await runWebhookMethod(VoiceAssistantTrigger, 'create', {
			parameters: nodeParameters,
			credentials: { apiToken: sb.tokens.alice, baseUrl: platform.baseUrl },
			staticData: {},
			mode: 'trigger',
			webhookUrl: PRODUCTION_URL,
			onNode: (n) => (node = n),
		});
	} catch (error) {
		thrown = error;
	}
	expect(thrown).toBeDefined();
	expect(platform.quoted).toHaveLength(1);
	const [secret] = platform.quoted;
	const text = everythingIn(thrown);
	expect(text).not.toContain(secret);
	// still useful: the error says what the platform said, with the secret masked
	expect((thrown as Error).message).toMatch(/could not be reached|422/);
	expect(text).toContain('secret=***');
	// masking made copies: the workflow's node holds its parameters exactly as typed
	expect(node!.parameters).toMatchObject(nodeParameters);
	expect(JSON.stringify(node!.parameters)).not.toContain('***');
});

it('the transport alone masks secret= values, plain and URL-encoded, in every error it cleans', () => {
	const secret = 'ab'.repeat(32);
	const text = `url https://n8n.example/webhook/x?secret=${secret}&a=1, encoded ${encodeURIComponent(`https://n8n.example/w?secret=${secret}`)}`;
	const cleaned = cleanText(text, 'the-api-token');
	expect(cleaned).not.toContain(secret);
	expect(cleaned).toContain('?secret=***&a=1');
	expect(cleaned).toContain('secret%3D***');
	expect(JSON.stringify(cleanResponse({ message: text }, undefined))).not.toContain(secret);
});
