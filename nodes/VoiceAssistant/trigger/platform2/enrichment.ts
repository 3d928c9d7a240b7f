/**
 * The variable webhook's secret. The platform signs each enrichment request with the
 * `variable_webhook_secret` the trigger set (`X-Famulor-Signature: sha256=<hex HMAC-SHA256 of the raw
 * body>`), so the trigger needs the secret itself, not a hash, to check a delivery. Static data is
 * exported in clear, so it keeps only a random 32-byte nonce; the secret is HMAC-SHA256(API key of
 * the credential, nonce): 32 bytes (64 hex characters), new at every activation, and nobody without
 * the credential's key can compute it from an exported workflow.
 */
import { createHmac, randomBytes } from 'node:crypto';

export function newNonce(): string {
	return randomBytes(32).toString('hex');
}

export function variableWebhookSecret(apiKey: string, nonce: string): string {
	return createHmac('sha256', apiKey).update(`voice-assistant-n8n variable webhook ${nonce}`).digest('hex');
}
