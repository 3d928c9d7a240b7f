/**
 * What a 2.0 activation leaves in the node's static data, per slot (test / production), under keys of
 * its own (`platform2:<slot>`) so a classic registration of the same node is never read as one.
 * Static data is exported with the workflow: it holds the URL without its secret, the secret's
 * SHA-256 (URL-secret events) or the nonce the variable webhook's secret is derived from (enrichment.ts).
 */
import { registrationStore } from '../registration';
import type { Platform2Event } from './events';
import type { Settings } from './destinations';

export interface Platform2Registration {
	event: Platform2Event;
	/** the assistant's or connector's UUID, lowercased */
	targetId: string;
	/** the URL registered, without its secret */
	url: string;
	/** SHA-256 (hex) of the URL secret: assistant and connector URLs (their deliveries may be unsigned) */
	secretHash?: string;
	/** the variable webhook's secret is derived from the credential's API key and this nonce */
	nonce?: string;
	/** the settings deactivation puts back */
	restore: Settings;
}

/** Under `platform2:<slot>`, so a classic registration of the same node is never read as one. */
export const platform2Registrations = registrationStore<Platform2Registration>(
	(slot) => `platform2:${slot}`,
	(saved) => typeof saved.url === 'string',
);
