import { NodeOperationError } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { accountZoneOf } from '../shared/accountZone';
import { credentialKey, platformTarget } from '../shared/platforms';

export const CREDENTIAL_TYPE = 'voiceAssistantApi';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions;

/** Where a context's requests go: its credential, read once, and what shared/platforms.ts makes of it. */
export interface RequestTarget {
	credentials: ICredentialDataDecryptedObject;
	/** the effective Base URL, without trailing slashes */
	baseUrl: string;
	/** why requests may not go there (plain http, user info, not a URL), or undefined */
	problem?: string;
	/** the pacer's and the wait poller's key: Base URL + a hash of the token */
	key: string;
	token: string;
}

const targetsByContext = new WeakMap<object, Promise<RequestTarget>>();

/**
 * The target, worked out once per node execution (context) instead of once per request: n8n loads
 * and decrypts the credential on every getCredentials call, which showed up per page in Return All
 * and per item with many items. A failed read is not kept, so the next request tries again.
 */
export function requestTarget(ctx: ApiContext): Promise<RequestTarget> {
	let pending = targetsByContext.get(ctx);
	if (pending === undefined) {
		pending = ctx.getCredentials(CREDENTIAL_TYPE).then((credentials) => {
			const { baseUrl, problem } = platformTarget(credentials);
			const token = String(credentials.apiToken ?? '');
			return { credentials, baseUrl, problem, key: credentialKey(baseUrl, token), token };
		});
		targetsByContext.set(ctx, pending);
		pending.catch(() => targetsByContext.delete(ctx));
	}
	return pending;
}

/**
 * The zone the account's platform writes zone-less times in (the credential's Account Time Zone),
 * or undefined when it is not set. A value that names no zone fails with the reason, for the item
 * when one is given: before anything is sent, as any other bad input.
 */
export async function accountTimeZone(ctx: ApiContext, itemIndex?: number): Promise<string | undefined> {
	const { zone, problem } = accountZoneOf((await requestTarget(ctx)).credentials);
	if (problem) {
		throw new NodeOperationError(ctx.getNode(), problem, {
			itemIndex,
			description: 'Open the credential and choose the time zone your account is set to on the platform, or leave it not set.',
		});
	}
	return zone;
}
