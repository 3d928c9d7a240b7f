/**
 * Issue #15: the credential's Platform picks the host (Famulor, Sondos AI, Autocalls) or leaves it to
 * the Base URL (Custom URL). Credentials saved before the field existed ({apiToken, baseUrl}, no
 * platform) must keep going exactly where they went: n8n fills the missing key with the default and
 * drops fields hidden by displayOptions when it decrypts a credential, and the harness does the same.
 *
 * The real hosts cannot be reached from tests. For them a stand-in credential (ours, with one change)
 * notes the address each request was given and delivers it to the sandbox instead, like a DNS entry
 * would: the node, the dropdowns, the trigger and the Test button all run for real.
 */
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { VoiceAssistantApi } from '../../credentials/VoiceAssistantApi.credentials';
import { VoiceAssistantTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantTrigger.node';
import { effectiveBaseUrl } from '../../nodes/VoiceAssistant/shared/platforms';
import { loadOptions, runNode, runWebhookMethod, testCredentials } from '../harness';
import { HarnessCredentialsHelper, credentialRegistry } from '../harness/credentials';
import type { CredentialData } from '../harness/workflow';
import { parameters as triggerParameters } from '../trigger/helpers';
import { VoiceAssistant, jsonOf, useNodeSandbox } from './helpers';

/** The hosts as docs/platform-facts.md ("Base URL and white-label hosts") names them, independent of the code's table. */
const HOSTS = {
	famulor: 'https://app.famulor.de/api',
	sondosAi: 'https://app.sondos-ai.com/api',
	autocalls: 'https://app.autocalls.ai/api',
} as const;

const t = useNodeSandbox();

/** The credential as a node reads it after n8n decrypted it (defaults in, hidden fields out). */
function asDecrypted(stored: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
	return new HarnessCredentialsHelper(credentialRegistry()).applyDefaults('voiceAssistantApi', stored);
}

/** Every address requests were given, full URL. */
const addressed: string[] = [];

/** Our credential, except that a request for one of the named hosts is delivered to the sandbox. */
class AddressedToSandbox extends VoiceAssistantApi {
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		const authenticated = await new VoiceAssistantApi().authenticate(credentials, requestOptions);
		// an absolute URL (the node's requests) wins over baseURL, as in axios; a relative one (the Test button's) is resolved against it
		const full = /^https?:/i.test(authenticated.url) ? authenticated.url : `${authenticated.baseURL ?? ''}${authenticated.url}`;
		addressed.push(full);
		const host = Object.values(HOSTS).find((base) => full.startsWith(`${base}/`));
		if (host === undefined) return authenticated;
		return { ...authenticated, baseURL: undefined, url: `${t.sb.baseUrl}${full.slice(host.length)}` };
	};
}
const standIn = [AddressedToSandbox];

beforeEach(() => {
	addressed.length = 0;
	t.sb.setFaults([]);
});

async function getModels(credentials: CredentialData) {
	return await runNode({
		node: VoiceAssistant,
		parameters: { resource: 'reference', operation: 'getModels' },
		credentials,
		credentialTypes: standIn,
	});
}

/** The trigger's activation and deactivation: reads the assistant, registers, restores. */
async function registerAndRelease(credentials: CredentialData, credentialTypes?: typeof standIn) {
	const options = { parameters: triggerParameters(), credentials, credentialTypes, staticData: {} };
	expect((await runWebhookMethod(VoiceAssistantTrigger, 'create', options)).result).toBe(true);
	expect((await runWebhookMethod(VoiceAssistantTrigger, 'delete', options)).result).toBe(true);
}

function triggerRequests() {
	return t.requests().filter((request) => request.path.startsWith('/api/user/assistant') && !request.path.endsWith('/models'));
}

function modelRequests() {
	return t.requests().filter((request) => request.path === '/api/user/assistants/models');
}

describe('the one rule, effectiveBaseUrl', () => {
	it.each(Object.entries(HOSTS))('platform %s resolves to its host, whatever Base URL is stored', (platform, host) => {
		expect(effectiveBaseUrl(asDecrypted({ apiToken: 'x', platform }))).toBe(host);
		expect(effectiveBaseUrl({ platform, baseUrl: 'http://127.0.0.1:9/api' })).toBe(host);
	});

	it.each([
		['the local sandbox', 'http://127.0.0.1:4010/api'],
		['a white-label host', 'https://app.sondos-ai.com/api'],
		['a host no option names', 'https://voice.reseller.example/api'],
		['Famulor, as the old default', 'https://app.famulor.de/api'],
	])('a credential saved before the Platform field (%s) keeps its Base URL', (_what, baseUrl) => {
		const decrypted = asDecrypted({ apiToken: 'x', baseUrl });
		expect(decrypted.platform).toBe('custom');
		expect(effectiveBaseUrl(decrypted)).toBe(baseUrl);
	});

	it('Custom URL uses the Base URL, trimmed and without trailing slashes; left empty it is Famulor', () => {
		expect(effectiveBaseUrl(asDecrypted({ apiToken: 'x', platform: 'custom', baseUrl: ' https://h.example/api// ' }))).toBe(
			'https://h.example/api',
		);
		expect(effectiveBaseUrl(asDecrypted({ apiToken: 'x', platform: 'custom' }))).toBe(HOSTS.famulor);
	});
});

describe('credentials saved before the Platform field, {apiToken, baseUrl}', () => {
	const oldShape = () => ({ apiToken: t.sb.tokens.alice, baseUrl: t.sb.baseUrl });

	it('the node, a dropdown, the trigger and the Test button still reach the sandbox', async () => {
		const run = await getModels(oldShape());
		expect(run.error).toBeUndefined();
		expect(jsonOf(run.items).length).toBeGreaterThan(0);
		expect(await loadOptions(VoiceAssistant, 'getModels', { credentials: oldShape() })).not.toHaveLength(0);
		await registerAndRelease(oldShape());
		expect(await testCredentials(oldShape())).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(modelRequests()).toHaveLength(3);
		expect(triggerRequests().map((request) => request.method)).toEqual(['GET', 'PUT', 'GET', 'PUT']);
		expect(addressed.every((url) => url.startsWith(`${t.sb.baseUrl}/`))).toBe(true);
	});
});

describe('Platform: Custom URL', () => {
	const custom = () => ({ apiToken: t.sb.tokens.alice, platform: 'custom', baseUrl: t.sb.baseUrl });

	it('uses the Base URL for the node, a dropdown, the trigger and the Test button', async () => {
		expect((await getModels(custom())).error).toBeUndefined();
		expect(await loadOptions(VoiceAssistant, 'getModels', { credentials: custom() })).not.toHaveLength(0);
		await registerAndRelease(custom());
		expect(await testCredentials(custom())).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(modelRequests()).toHaveLength(3);
		expect(triggerRequests().map((request) => request.method)).toEqual(['GET', 'PUT', 'GET', 'PUT']);
	});

	it('the Test button still refuses a redirect and plain http:// to another host', async () => {
		t.sb.setFaults([{ kind: 'redirect', status: 302, location: 'https://elsewhere.invalid/api/user/assistants/models' }]);
		const redirected = await testCredentials(custom());
		expect(redirected.status).toBe('Error');
		expect(redirected.message).toContain('redirects (HTTP 302)');

		t.sb.setFaults([]);
		t.sb.clearRequests();
		const plain = await testCredentials({ ...custom(), baseUrl: 'http://platform.invalid/api' });
		expect(plain.status).toBe('Error');
		expect(plain.message).toContain('plain http:// for platform.invalid'); // the node's own words: one rule
		const run = await getModels({ ...custom(), baseUrl: 'http://platform.invalid/api' });
		expect(run.error?.message).toContain('plain http:// for platform.invalid');
		expect(addressed).toHaveLength(0);
	});
});

describe.each(Object.entries(HOSTS))('Platform: %s', (platform, host) => {
	// A Base URL left over from Custom URL is hidden for a named platform, and must not be used.
	const named = () => ({ apiToken: t.sb.tokens.alice, platform, baseUrl: 'https://left-over.invalid/api' });

	it(`the node and the Test button address ${host}`, async () => {
		const run = await getModels(named());
		expect(run.error).toBeUndefined();
		expect(jsonOf(run.items).length).toBeGreaterThan(0);
		expect(await testCredentials(named(), { credentialTypes: standIn })).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(addressed).toEqual([`${host}/user/assistants/models`, `${host}/user/assistants/models`]);
		expect(modelRequests()).toHaveLength(2);
	});
});

describe('Platform: Sondos AI, the other readers of the URL', () => {
	const sondos = () => ({ apiToken: t.sb.tokens.alice, platform: 'sondosAi' });

	it('a dropdown and the trigger address the Sondos AI host', async () => {
		expect(await loadOptions(VoiceAssistant, 'getModels', { credentials: sondos(), credentialTypes: standIn })).not.toHaveLength(0);
		await registerAndRelease(sondos(), standIn);
		expect(triggerRequests().map((request) => request.method)).toEqual(['GET', 'PUT', 'GET', 'PUT']);
		expect(addressed).toHaveLength(1 + triggerRequests().length);
		expect(addressed.every((url) => url.startsWith(`${HOSTS.sondosAi}/user/assistant`))).toBe(true);
		expect(addressed).toContain(`${HOSTS.sondosAi}/user/assistants/models`);
	});

	it('a redirect from the named host still fails the Test button', async () => {
		t.sb.setFaults([{ kind: 'redirect', status: 307, location: 'https://elsewhere.invalid/api/user/assistants/models' }]);
		const result = await testCredentials(sondos(), { credentialTypes: standIn });
		expect(result.status).toBe('Error');
		expect(result.message).toContain('redirects (HTTP 307)');
		expect(addressed).toEqual([`${HOSTS.sondosAi}/user/assistants/models`]);
	});
});
