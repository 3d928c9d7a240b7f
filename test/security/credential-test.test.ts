/**
 * Issue #14, points 1 and 5: the credential's Test button never follows a redirect (the token would
 * go to the other host), and plain http:// to another host than this machine is refused unless
 * "Allow Unencrypted HTTP" is on.
 */
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { testCredentials } from '../harness';
import { startForeignHost } from './foreign-host';
import type { ForeignHost } from './foreign-host';

let sb: Sandbox;
let foreign: ForeignHost;

beforeAll(async () => {
	sb = await startSandbox({ quiet: true });
	foreign = await startForeignHost();
});
afterAll(async () => {
	await foreign.close();
	await sb.stop();
});
beforeEach(() => {
	sb.setFaults([]);
	foreign.requests.length = 0;
});

describe('the credential test and redirects', () => {
	it('a working credential still passes', async () => {
		await expect(testCredentials({ apiToken: sb.tokens.alice, baseUrl: sb.baseUrl })).resolves.toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
	});

	it.each([301, 302, 303, 307, 308])('HTTP %i to another host fails the test; the other host sees nothing', async (status) => {
		sb.setFaults([{ kind: 'redirect', status, location: `${foreign.origin}/api/user/assistants/models` }]);
		const result = await testCredentials({ apiToken: sb.tokens.alice, baseUrl: sb.baseUrl });
		expect(result.status).toBe('Error');
		expect(result.message).toContain(`redirects (HTTP ${status})`);
		expect(result.message).toMatch(/use that URL .*if you trust it/);
		expect(foreign.requests).toHaveLength(0);
	});
});

describe('the credential test and plain http://', () => {
	it('refuses http:// for a host other than this machine before sending anything', async () => {
		// A host that answers, reached by a name that is not loopback: without the switch it sees nothing.
		const viaName = foreign.origin.replace('127.0.0.1', 'platform.127.0.0.1.nip.invalid');
		const refused = await testCredentials({ apiToken: sb.tokens.alice, baseUrl: `${viaName}/api` });
		expect(refused.status).toBe('Error');
		// n8n's declarative test cannot carry the rule's own words: the expression refuses to build a URL.
		expect(refused.message).toBe('Invalid URL');
		expect(foreign.requests).toHaveLength(0);
	});

	it('with Allow Unencrypted HTTP on, the same URL is tried (and fails only for not resolving)', async () => {
		const result = await testCredentials({
			apiToken: sb.tokens.alice,
			baseUrl: 'http://api.platform.invalid/api',
			allowUnencryptedHttp: true,
		});
		expect(result.status).toBe('Error');
		expect(result.message).not.toContain('Allow Unencrypted HTTP');
	});

	it('loopback http:// (the local sandbox) needs no switch', async () => {
		const local = sb.baseUrl.replace('127.0.0.1', 'localhost');
		await expect(testCredentials({ apiToken: sb.tokens.alice, baseUrl: local })).resolves.toMatchObject({ status: 'OK' });
	});
});
