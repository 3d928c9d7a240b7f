/**
 * The signing secrets kept in credentials (shared/signingSecret.ts): one shape for both credential
 * kinds, each its own field, a password, read as pasted without surrounding white space.
 */
import { VoiceAssistantApi } from '../../credentials/VoiceAssistantApi.credentials';
import { VoiceAssistantPlatform2Api } from '../../credentials/VoiceAssistantPlatform2Api.credentials';
import { WHATSAPP_SIGNING_SECRET, WORKSPACE_WEBHOOK_SECRET } from '../../nodes/VoiceAssistant/shared/signingSecret';

describe.each([
	['classic', new VoiceAssistantApi(), WHATSAPP_SIGNING_SECRET, 'whatsappSigningSecret'],
	['Platform 2.0', new VoiceAssistantPlatform2Api(), WORKSPACE_WEBHOOK_SECRET, 'webhookSigningSecret'],
])('the %s credential', (_kind, credential, secret, field) => {
	it(`has the field ${field}, a password that is empty by default`, () => {
		expect(credential.properties.find((property) => property.name === field)).toBe(secret.property);
		expect(secret.property).toMatchObject({ name: field, type: 'string', typeOptions: { password: true }, default: '' });
	});

	it('is read from that credential (the trigger asks n8n for this type)', () => {
		expect(secret.credentialType).toBe(credential.name);
	});

	it('gives the secret as pasted, without the white space a copy adds; empty when not set', () => {
		expect(secret.of({ [field]: '  whsec_abc \n' })).toBe('whsec_abc');
		expect(secret.of({})).toBe('');
		expect(secret.of({ [field]: 42 })).toBe('');
	});
});

it('each kind reads only its own field', () => {
	expect(WHATSAPP_SIGNING_SECRET.of({ webhookSigningSecret: 'a' })).toBe('');
	expect(WORKSPACE_WEBHOOK_SECRET.of({ whatsappSigningSecret: 'a' })).toBe('');
});
