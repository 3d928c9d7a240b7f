/**
 * The signing secret of a Platform 2.0 workspace webhook (Settings → Webhooks, or a booking event
 * type's Advanced → Webhook URL), kept in the 2.0 credential: n8n encrypts credentials and leaves
 * them out of workflow exports. Only the trigger's "Workspace Webhook" event reads it; no request
 * carries it.
 */
import type { ICredentialDataDecryptedObject, INodeProperties } from 'n8n-workflow';

export const PLATFORM2_SIGNING_SECRET_FIELD = 'webhookSigningSecret';

/** The credential's field (credentials/VoiceAssistantPlatform2Api.credentials.ts). */
export const platform2SigningSecretProperty: INodeProperties = {
	displayName: 'Webhook Signing Secret',
	name: PLATFORM2_SIGNING_SECRET_FIELD,
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description:
		"Only for the Voice Assistant Trigger's Workspace Webhook event: the signing secret the dashboard shows for the webhook endpoint (Settings → Webhooks). Leave empty otherwise.",
};

/** The secret as pasted, without surrounding spaces or line breaks; empty when not set. */
export function platform2SigningSecretOf(credentials: ICredentialDataDecryptedObject): string {
	const value = credentials[PLATFORM2_SIGNING_SECRET_FIELD];
	return typeof value === 'string' ? value.trim() : '';
}
