/**
 * The WhatsApp read-receipts signing secret, kept in the credential (encrypted by n8n, left out of
 * workflow exports and executions) rather than in a node parameter, which n8n stores in clear in
 * the workflow. Only the trigger's WhatsApp Message Status event reads it; no request carries it.
 */
import type { ICredentialDataDecryptedObject, INodeProperties } from 'n8n-workflow';

export const SIGNING_SECRET_FIELD = 'whatsappSigningSecret';

/** The credential's field (credentials/VoiceAssistantApi.credentials.ts). */
export const signingSecretProperty: INodeProperties = {
	displayName: 'WhatsApp Read Receipts Signing Secret',
	name: SIGNING_SECRET_FIELD,
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description:
		"Only for the Voice Assistant Trigger's WhatsApp Message Status event: the signing secret the dashboard shows for the WhatsApp sender's read-receipts webhook. Each sender has its own secret, so use one credential per sender. Leave empty otherwise.",
};

/**
 * The secret as the user pasted it, without the spaces or line breaks a copy may add around it
 * (the dashboard's secrets have none). Empty when it is not set.
 */
export function signingSecretOf(credentials: ICredentialDataDecryptedObject): string {
	const value = credentials[SIGNING_SECRET_FIELD];
	return typeof value === 'string' ? value.trim() : '';
}
