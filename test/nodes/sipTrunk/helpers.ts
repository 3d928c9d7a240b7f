/** The required fields of SIP Trunk → Create, valid against the seeded sandbox. */
import type { IDataObject } from 'n8n-workflow';

export const PASSWORD = 'Pa55-word-never-shown';

export function createParams(overrides: IDataObject = {}): IDataObject {
	return {
		resource: 'sipTrunk',
		operation: 'create',
		sipTrunkType: 'number',
		trunkPhoneNumber: '+49 30 1234 5678',
		sipUsername: 'office-pbx',
		sipPassword: PASSWORD,
		sipAddress: 'sip.carrier.example.com',
		sipCallingFormat: '+e164',
		inboundAuthorizationType: 'auth',
		countryCode: 'DE',
		...overrides,
	};
}
