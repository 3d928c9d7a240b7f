/**
 * What a tool-call activation leaves in the node's static data, per slot (test / production), under
 * keys of its own (`toolCall:<slot>`): the tool it created and the assistants it added the tool to,
 * so deactivation removes exactly that. Static data is exported with the workflow: it holds the
 * secret's SHA-256, never the secret.
 */
import { registrationStore } from '../registration';
import type { AccountKind } from '../../shared/accountKind';

export interface ToolRegistration {
	kind: AccountKind;
	/** the tool's ID on the platform (a number on classic, a UUID on 2.0), as text */
	toolId: string;
	/** the assistants this activation added the tool to (those that had it already are not listed) */
	addedTo: string[];
	/** SHA-256 (hex) of the secret the tool sends in its header */
	secretHash: string;
	/** the URL the tool calls */
	url: string;
	/** spec.ts fingerprintOf: what the tool was registered as */
	fingerprint: string;
}

/** Under `toolCall:<slot>`, beside the node's webhook registrations. */
export const toolRegistrations = registrationStore<ToolRegistration>(
	(slot) => `toolCall:${slot}`,
	(saved) => typeof saved.toolId === 'string' && typeof saved.secretHash === 'string',
);
