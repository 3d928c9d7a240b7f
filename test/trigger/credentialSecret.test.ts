/**
 * A signed delivery's secret comes from the node's credential, which n8n reads and decrypts from its
 * database on every getCredentials(). The trigger keeps it for 30 s (trigger/credentialSecret.ts):
 * one read serves a burst of deliveries, a new secret works at once, and an old one stops working
 * 30 s after the change at the latest.
 */
import type { IWebhookFunctions } from 'n8n-workflow';

import { SECRET_MEMORY_MS, signedWithCredentialSecret } from '../../nodes/VoiceAssistant/trigger/credentialSecret';
import { forgetProcessMemories } from '../../nodes/VoiceAssistant/trigger/recentMemory';

const TYPE = 'voiceAssistantPlatform2Api';

/** A webhook context whose credential holds `credential.secret`, counting the reads. */
function webhookContext(credential: { secret: string; id?: string }) {
	let reads = 0;
	const ctx = {
		getNode: () => ({ credentials: credential.id ? { [TYPE]: { id: credential.id, name: 'Famulor' } } : {} }),
		getCredentials: async () => {
			reads++;
			return { webhookSigningSecret: credential.secret };
		},
	} as unknown as IWebhookFunctions;
	/** a delivery signed with `signedWith`: genuine when the secret the trigger uses is that one */
	const deliver = async (signedWith: string) => (await check(signedWith)) === 'genuine';
	const check = async (signedWith: string) =>
		await signedWithCredentialSecret(
			ctx,
			{ credentialType: TYPE, purpose: 'workspace webhook', of: (c) => String(c.webhookSigningSecret ?? '') },
			(secret) => secret === signedWith,
		);
	return { deliver, check, reads: () => reads };
}

beforeEach(() => {
	forgetProcessMemories();
	jest.useFakeTimers({ now: new Date('2026-07-01T09:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
});
afterEach(() => jest.useRealTimers());

test('a burst of genuine deliveries reads the credential once', async () => {
	const { deliver, reads } = webhookContext({ id: 'cred-1', secret: 'one' });
	for (let n = 0; n < 50; n++) expect(await deliver('one')).toBe(true);
	expect(reads()).toBe(1);
});

test('after 30 s the credential is read again', async () => {
	const { deliver, reads } = webhookContext({ id: 'cred-1', secret: 'one' });
	await deliver('one');
	jest.advanceTimersByTime(SECRET_MEMORY_MS + 1);
	await deliver('one');
	expect(reads()).toBe(2);
});

test('a new secret works at once; the old one is refused 30 s after the change at the latest', async () => {
	const credential = { id: 'cred-1', secret: 'old' };
	const { deliver } = webhookContext(credential);
	expect(await deliver('old')).toBe(true);
	credential.secret = 'new';
	expect(await deliver('new')).toBe(true);
	// the new secret is the one kept now: the old one is refused straight away here, and in any case
	// once 30 s have passed
	expect(await deliver('old')).toBe(false);
	jest.advanceTimersByTime(SECRET_MEMORY_MS + 1);
	expect(await deliver('old')).toBe(false);
	expect(await deliver('new')).toBe(true);
});

test('the price: right after a change, the old secret is still accepted, for 30 s at most', async () => {
	const credential = { id: 'cred-1', secret: 'old' };
	const { deliver } = webhookContext(credential);
	expect(await deliver('old')).toBe(true);
	credential.secret = 'new';
	jest.advanceTimersByTime(SECRET_MEMORY_MS - 1_000);
	expect(await deliver('old')).toBe(true);
	jest.advanceTimersByTime(1_001);
	expect(await deliver('old')).toBe(false);
});

test('a forged delivery is checked against the credential as it is now, and refused', async () => {
	const { deliver, reads } = webhookContext({ id: 'cred-1', secret: 'one' });
	await deliver('one');
	expect(await deliver('forged')).toBe(false);
	expect(await deliver('forged')).toBe(false);
	expect(reads()).toBe(3);
});

test('a credential without a secret refuses everything and says so; an empty secret is never kept', async () => {
	const { check, reads } = webhookContext({ id: 'cred-1', secret: '' });
	expect(await check('')).toBe('noSecret');
	expect(await check('anything')).toBe('noSecret');
	expect(reads()).toBe(2);
});

test('two credentials keep their own secrets', async () => {
	const first = webhookContext({ id: 'cred-1', secret: 'one' });
	const second = webhookContext({ id: 'cred-2', secret: 'two' });
	expect(await first.deliver('one')).toBe(true);
	expect(await second.deliver('one')).toBe(false);
	expect(await second.deliver('two')).toBe(true);
	expect(await first.deliver('two')).toBe(false);
});

test('a node without a saved credential reads it for every delivery', async () => {
	const { deliver, reads } = webhookContext({ secret: 'one' });
	await deliver('one');
	await deliver('one');
	expect(reads()).toBe(2);
});
