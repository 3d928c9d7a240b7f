import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** Common countries for the "Default Country" dropdown; any other ISO code works through an expression. */
export const COUNTRIES: INodePropertyOptions[] = [
	['Argentina', 'AR'],
	['Australia', 'AU'],
	['Austria', 'AT'],
	['Belgium', 'BE'],
	['Brazil', 'BR'],
	['Canada', 'CA'],
	['Chile', 'CL'],
	['Colombia', 'CO'],
	['Croatia', 'HR'],
	['Czechia', 'CZ'],
	['Denmark', 'DK'],
	['Finland', 'FI'],
	['France', 'FR'],
	['Germany', 'DE'],
	['Greece', 'GR'],
	['Hungary', 'HU'],
	['India', 'IN'],
	['Ireland', 'IE'],
	['Israel', 'IL'],
	['Italy', 'IT'],
	['Japan', 'JP'],
	['Liechtenstein', 'LI'],
	['Luxembourg', 'LU'],
	['Mexico', 'MX'],
	['Netherlands', 'NL'],
	['New Zealand', 'NZ'],
	['Norway', 'NO'],
	['Poland', 'PL'],
	['Portugal', 'PT'],
	['Romania', 'RO'],
	['Saudi Arabia', 'SA'],
	['Singapore', 'SG'],
	['Slovakia', 'SK'],
	['Slovenia', 'SI'],
	['South Africa', 'ZA'],
	['Spain', 'ES'],
	['Sweden', 'SE'],
	['Switzerland', 'CH'],
	['Turkey', 'TR'],
	['United Arab Emirates', 'AE'],
	['United Kingdom', 'GB'],
	['United States', 'US'],
].map(([name, value]) => ({ name: `${name} (${value})`, value }));

/**
 * The node-level "Default Country", shown wherever phone numbers are typed. Parameters may share a
 * name across operations, so each (resource, operations) pair gets its own copy of the same field.
 */
export function defaultCountryField(resource: string, operations: string[]): INodeProperties {
	return {
		displayName: 'Default Country',
		name: 'defaultCountry',
		type: 'options',
		options: [{ name: 'None (Numbers Include +Country Code)', value: '' }, ...COUNTRIES],
		default: '',
		description:
			'Country assumed for phone numbers written without a country code, e.g. "(415) 555-2671" with United States or "0151 2345678" with Germany. For a country not listed, use an expression returning its two-letter ISO code.',
		displayOptions: { show: { resource: [resource], operation: operations } },
	};
}
