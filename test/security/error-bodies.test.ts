/**
 * Issue #14, point 4: what the platform (or a proxy) answers goes into errors cut to about 1 KB and
 * with the API token masked, in the error n8n stores and in a Continue On Fail item.
 */
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { resetPacers } from '../../nodes/VoiceAssistant/transport/pacers';
import { tuneRetries } from '../../nodes/VoiceAssistant/transport/policy';
import { startSandbox } from '../../sandbox';
import type { FaultSpec, Sandbox } from '../../sandbox';
import { runNode } from '../harness';

let sb: Sandbox;
beforeAll(async () => {
	tuneRetries({ backoffBaseMs: 5, backoffMaxMs: 10 });
	sb = await startSandbox({ quiet: true });
});
afterAll(async () => {
	tuneRetries();
	await sb.stop();
});
beforeEach(() => {
	resetPacers();
	sb.setFaults([]);
});

const createLead = { resource: 'lead', operation: 'create', campaignId: { __rl: true, mode: 'id', value: '1' }, phoneNumber: '+4917612345671', variablesInput: 'none' };

async function failWith(fault: FaultSpec, continueOnFail = false) {
	sb.setFaults([{ ...fault, match: { path: '/user/lead' } }]);
	return await runNode({
		node: VoiceAssistant,
		parameters: createLead,
		credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
		continueOnFail,
	});
}

it.each([400, 500])('a 2 MB error body (HTTP %i) becomes a stored error under 4 KB that says how long it was', async (status) => {
	const { error, recordedError } = await failWith({ kind: 'huge-body', status, bytes: 2 * 1024 * 1024 });
	expect(error).toBeDefined();
	const stored = JSON.stringify(recordedError);
	expect(stored.length).toBeLessThan(4096);
	expect(`${error?.message} ${(error as { description?: string } | undefined)?.description}`).toMatch(/… \(\d{7} bytes\)/);
});

it('a 2 MB error body in a Continue On Fail item stays under 4 KB too', async () => {
	const { items } = await failWith({ kind: 'huge-body', status: 422, bytes: 2 * 1024 * 1024 }, true);
	expect(items).toHaveLength(1);
	expect(JSON.stringify(items[0].json).length).toBeLessThan(4096);
});

it.each([400, 502])('a proxy echoing the Authorization header (HTTP %i): the token appears nowhere, *** does', async (status) => {
	const { error, recordedError } = await failWith({ kind: 'echo-headers', status });
	const everything = JSON.stringify({ message: error?.message, description: (error as { description?: string } | undefined)?.description, recordedError, response: (error as { errorResponse?: unknown })?.errorResponse });
	expect(everything).not.toContain(sb.tokens.alice);
	expect(everything).toContain('Bearer ***');
});

it('the echoed token is masked in a Continue On Fail item as well', async () => {
	const { items } = await failWith({ kind: 'echo-headers', status: 400 }, true);
	expect(JSON.stringify(items)).not.toContain(sb.tokens.alice);
});
