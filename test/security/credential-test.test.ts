/**
 * Issue #14, points 1 and 5: the credential's Test button never follows a redirect (the token would
 * go to the other host), and plain http:// to another host than this machine is refused unless
 * "Allow Unencrypted HTTP" is on.
 */
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { platformTarget } from '../../nodes/VoiceAssistant/shared/platforms';
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
		// the Test button and the node share one rule (shared/platforms.ts), and say it in the same words
		expect(refused.message).toContain('uses plain http:// for platform.127.0.0.1.nip.invalid');
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

/**
 * Issue #19, finding 8: the Test button tested the raw Base URL text with a regular expression while
 * the node parsed it, so `ht<TAB>tp://` passed the test and the token travelled over plain http.
 * Now both ask shared/platforms.ts, which parses the URL as the request will.
 */
describe('one URL rule for the Test button and the node', () => {
	const viaName = () => foreign.origin.replace('127.0.0.1', 'platform.127.0.0.1.nip.invalid');

	it.each([
		['a tab inside the scheme', () => `ht\ttp://${viaName().slice('http://'.length)}/api`, 'plain http://'],
		['a newline inside the scheme', () => `ht\ntp://${viaName().slice('http://'.length)}/api`, 'plain http://'],
		['a user name before @', () => `${sb.baseUrl.replace('http://', 'http://user@')}`, 'user name or password'],
		['user and password before @', () => `${sb.baseUrl.replace('http://', 'http://user:pw@')}`, 'user name or password'],
	])('%s: the Test button refuses it in the node\'s words, and nothing reaches a host', async (_what, baseUrl, words) => {
		const url = baseUrl();
		const result = await testCredentials({ apiToken: sb.tokens.alice, baseUrl: url });
		expect(result.status).toBe('Error');
		expect(result.message).toContain(words);
		expect(platformTarget({ baseUrl: url }).problem).toContain(words);
		expect(foreign.requests).toHaveLength(0);
	});

	it('decides every Base URL of a table the way the node decides it', async () => {
		const table = [
			sb.baseUrl,
			sb.baseUrl.replace('127.0.0.1', 'localhost'),
			'https://app.famulor.de/api',
			'ftp://app.famulor.de/api',
			'not a url',
			`${viaName()}/api`,
			`http://[::1]:1/api`,
		];
		for (const baseUrl of table) {
			const nodeSays = platformTarget({ baseUrl }).problem;
			const result = await testCredentials({ apiToken: sb.tokens.alice, baseUrl });
			if (nodeSays) expect({ baseUrl, message: result.message }).toEqual({ baseUrl, message: nodeSays });
			else expect({ baseUrl, refused: result.message.includes('Base URL') }).toEqual({ baseUrl, refused: false });
		}
		expect(foreign.requests).toHaveLength(0);
	});
});
