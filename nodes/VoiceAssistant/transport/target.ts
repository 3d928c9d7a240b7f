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
import { PLATFORM2_CREDENTIAL_TYPE, platform2Target } from '../shared/platform2Origin';
import { credentialKey, platformTarget } from '../shared/platforms';

export const CREDENTIAL_TYPE = 'voiceAssistantApi';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions;

/** The API generation a request speaks: the classic API, or Platform 2.0 (`/api/v1`, `{data, meta}`). */
export type Generation = 'classic' | 'platform2';

/** Where a context's requests go: its credential, read once, and what the URL rule makes of it. */
export interface RequestTarget {
	/** default classic */
	generation?: Generation;
	/** the n8n credential type requests are signed with; default the classic one */
	credentialType?: string;
	credentials: ICredentialDataDecryptedObject;
	/** the effective Base URL, without trailing slashes */
	baseUrl: string;
	/** why requests may not go there (plain http, user info, not a URL), or undefined */
	problem?: string;
	/** the pacer's and the wait poller's key: Base URL + a hash of the token */
	key: string;
	token: string;
}

const targetsByContext = new WeakMap<object, Map<Generation, Promise<RequestTarget>>>();

/**
 * The target, worked out once per node execution (context) and generation instead of once per
 * request: n8n loads and decrypts the credential on every getCredentials call, which showed up per
 * page in Return All and per item with many items. A failed read is not kept, so the next request tries again.
 */
export function requestTarget(ctx: ApiContext, generation: Generation = 'classic'): Promise<RequestTarget> {
	let byGeneration = targetsByContext.get(ctx);
	if (byGeneration === undefined) targetsByContext.set(ctx, (byGeneration = new Map()));
	let pending = byGeneration.get(generation);
	if (pending === undefined) {
		const credentialType = generation === 'platform2' ? PLATFORM2_CREDENTIAL_TYPE : CREDENTIAL_TYPE;
		pending = ctx.getCredentials(credentialType).then((credentials) => {
			const { baseUrl, problem } = generation === 'platform2' ? platform2Target(credentials) : platformTarget(credentials);
			const token = String((generation === 'platform2' ? credentials.apiKey : credentials.apiToken) ?? '');
			return { generation, credentialType, credentials, baseUrl, problem, key: credentialKey(baseUrl, token), token };
		});
		byGeneration.set(generation, pending);
		const forget = byGeneration;
		pending.catch(() => forget.delete(generation));
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
