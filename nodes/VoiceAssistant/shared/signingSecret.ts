/**
 * Signing secrets the platform shows in its dashboard and the trigger checks deliveries with, kept in
 * a credential field (encrypted by n8n, left out of workflow exports and executions) rather than in a
 * node parameter, which n8n stores in clear in the workflow. No request carries them. Each credential
 * kind has one: the classic credential the WhatsApp read-receipts secret, the Platform 2.0 credential
 * the workspace webhook's.
 */
import type { ICredentialDataDecryptedObject, INodeProperties } from 'n8n-workflow';

/** A secret a delivery is signed with, read from the node's credential of one type. */
export interface CredentialSecret {
	/** the credential type that holds it */
	readonly credentialType: string;
	/** what it signs (also keeps it apart from the credential's other secrets in the trigger's memory) */
	readonly purpose: string;
	/** the secret as the credential gives it; empty when it is not set */
	readonly of: (credentials: ICredentialDataDecryptedObject) => string;
}

/** A signing secret in a credential field: the field, and how the secret is read from it. */
export interface CredentialSigningSecret extends CredentialSecret {
	/** the credential's field (its `name` is the key in the decrypted credential) */
	readonly property: INodeProperties;
	/**
	 * The secret as the user pasted it, without the spaces or line breaks a copy may add around it
	 * (the dashboard's secrets have none). Empty when it is not set.
	 */
	readonly of: (credentials: ICredentialDataDecryptedObject) => string;
}

function credentialSigningSecret(
	credentialType: string,
	purpose: string,
	field: { name: string; displayName: string; description: string },
): CredentialSigningSecret {
	const property: INodeProperties = {
		displayName: field.displayName,
		name: field.name,
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: field.description,
	};
	return {
		credentialType,
		purpose,
		property,
		of: (credentials) => {
			const value = credentials[field.name];
			return typeof value === 'string' ? value.trim() : '';
		},
	};
}

/** Classic credential (credentials/VoiceAssistantApi.credentials.ts): the trigger's WhatsApp Message Status event. */
export const WHATSAPP_SIGNING_SECRET = credentialSigningSecret('voiceAssistantApi', 'read receipts', {
	name: 'whatsappSigningSecret',
	displayName: 'WhatsApp Read Receipts Signing Secret',
	description:
		"Only for the Voice Assistant Trigger's WhatsApp Message Status event: the signing secret the dashboard shows for the WhatsApp sender's read-receipts webhook. Each sender has its own secret, so use one credential per sender. Leave empty otherwise.",
});

/**
 * Platform 2.0 credential (credentials/VoiceAssistantPlatform2Api.credentials.ts): the trigger's
 * Workspace Webhook event (Settings → Webhooks, or a booking event type's Advanced → Webhook URL).
 */
export const WORKSPACE_WEBHOOK_SECRET = credentialSigningSecret('voiceAssistantPlatform2Api', 'workspace webhook', {
	name: 'webhookSigningSecret',
	displayName: 'Webhook Signing Secret',
	description:
		"Only for the Voice Assistant Trigger's Workspace Webhook event: the signing secret the dashboard shows for the webhook endpoint (Settings → Webhooks). Leave empty otherwise.",
});
