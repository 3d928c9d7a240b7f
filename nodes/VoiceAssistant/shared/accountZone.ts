/**
 * The credential's Account Time Zone: the zone the platform writes zone-less times in for this
 * account (shared/platformTime.ts reads them). Not set by default, and for every credential saved
 * before the field existed: times are then read as UTC, as the node always did, so saving a newer
 * version of the package changes nothing until the user names the zone.
 */
import type { ICredentialDataDecryptedObject, INodeProperties } from 'n8n-workflow';

import { ZONE_NAMES } from './timeZones/table.generated';

export const ACCOUNT_ZONE_FIELD = 'timeZone';

/** The credential's field (credentials/VoiceAssistantApi.credentials.ts). */
export const accountZoneProperty: INodeProperties = {
	displayName: 'Account Time Zone',
	name: ACCOUNT_ZONE_FIELD,
	type: 'options',
	options: [
		{ name: 'Not Set (Read Times as UTC)', value: '' },
		// The IANA zones of the phone-number table: every zone where people are called.
		...[...ZONE_NAMES].sort().map((zone) => ({ name: zone, value: zone })),
	],
	default: '',
	description:
		"The time zone set for your account on the platform: it writes call times without a zone, on that clock (white-label accounts registered through the API get Europe/Bucharest unless another was given). Used wherever the node compares a platform time with now, e.g. Skip If Called Within. Not set: times are read as UTC, which misses calls on accounts west of UTC.",
};

/**
 * The zone named in the credential: undefined when not set, the name when the runtime knows it, or
 * a problem to report (a name given by expression that is no zone).
 */
export function accountZoneOf(credentials: ICredentialDataDecryptedObject): { zone?: string; problem?: string } {
	const raw = credentials[ACCOUNT_ZONE_FIELD];
	const name = typeof raw === 'string' ? raw.trim() : '';
	if (raw === undefined || raw === null || (typeof raw === 'string' && name === '')) return {};
	if (name !== '' && isTimeZone(name)) return { zone: name };
	return { problem: `The credential's Account Time Zone must be a time zone name such as Europe/Bucharest (got ${JSON.stringify(raw).slice(0, 60)})` };
}

function isTimeZone(name: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: name });
		return true;
	} catch {
		return false;
	}
}
