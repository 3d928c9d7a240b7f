import type { INodeProperties } from 'n8n-workflow';

import { COUNTRIES } from '../../../shared/countries';
import { recordLocator } from '../../../shared/locators';

/** The fields of a SIP trunk, defined once: Create asks for the required ones at the top, Update offers all. */

export const sipTrunkLocator = (description: string): INodeProperties => ({
	...recordLocator({ name: 'sipTrunkId', noun: 'SIP trunk', example: '12', searchListMethod: 'searchSipTrunks', description }),
	displayName: 'SIP Trunk',
});

const typeField: INodeProperties = {
	displayName: 'Trunk Type',
	name: 'sipTrunkType',
	type: 'options',
	options: [
		{ name: 'Extension', value: 'extension', description: 'An extension of your PBX, 1 to 15 characters (e.g. 101)' },
		{ name: 'Phone Number', value: 'number', description: 'A phone number in international format (e.g. +493012345678)' },
	],
	default: 'number',
	description: 'Whether the trunk carries an extension or a phone number',
};

const numberField: INodeProperties = {
	displayName: 'Phone Number or Extension',
	name: 'trunkPhoneNumber',
	type: 'string',
	default: '',
	placeholder: 'e.g. +493012345678',
	description: 'For a phone number: international format (+ and country code), sent in E.164. For an extension: 1 to 15 characters, sent as typed.',
};

const usernameField: INodeProperties = {
	displayName: 'SIP Username',
	name: 'sipUsername',
	type: 'string',
	default: '',
	description: 'The username the trunk registers with (3 to 128 characters)',
};

const passwordField: INodeProperties = {
	displayName: 'SIP Password',
	name: 'sipPassword',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description: 'The SIP password (at least 3 characters). Write-only: the platform never shows it again, and this node never outputs it.',
};

const addressField: INodeProperties = {
	displayName: 'SIP Address',
	name: 'sipAddress',
	type: 'string',
	default: '',
	placeholder: 'e.g. sip.carrier.example.com',
	description: "The SIP server's host name or IP address, without a port",
};

const formatField: INodeProperties = {
	displayName: 'Calling Format',
	name: 'sipCallingFormat',
	type: 'options',
	options: [
		{ name: '+E.164 (e.g. +493012345678)', value: '+e164' },
		{ name: 'E.164 Without Plus (e.g. 493012345678)', value: 'e164' },
		{ name: 'National (e.g. 03012345678)', value: 'national' },
	],
	default: '+e164',
	description: 'How numbers are written in the calls sent to the SIP server',
};

const authField: INodeProperties = {
	displayName: 'Inbound Authorization',
	name: 'inboundAuthorizationType',
	type: 'options',
	options: [
		{ name: 'IP Address', value: 'ip', description: 'Only calls from the Allowed Inbound IPs' },
		{ name: 'Username and Password', value: 'auth' },
	],
	default: 'auth',
	description: 'How the platform recognises calls the SIP server sends in',
};

const ipsField: INodeProperties = {
	displayName: 'Allowed Inbound IPs',
	name: 'allowedInboundIps',
	type: 'string',
	default: '',
	placeholder: 'e.g. 203.0.113.10, 2001:db8::10',
	description: 'The IPv4 or IPv6 addresses calls may come from, separated by commas (at least one; needed for IP Address authorization)',
};

const countryField: INodeProperties = {
	displayName: 'Country Name or ID',
	name: 'countryCode',
	type: 'options',
	options: COUNTRIES,
	default: 'DE',
	description:
		'The country of the trunk. Choose from the list, or specify any two-letter ISO code using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

const nicknameField: INodeProperties = {
	displayName: 'Nickname',
	name: 'nickname',
	type: 'string',
	default: '',
	placeholder: 'e.g. Office PBX',
	description: 'A name for the trunk (at most 50 characters); on Update an empty nickname clears it',
};

const proxyField: INodeProperties = {
	displayName: 'Outbound Proxy',
	name: 'outboundProxy',
	type: 'boolean',
	default: false,
	description: 'Whether outbound calls go through the SIP server as a proxy',
};

/** Create: the required fields at the top, the IPs only for IP Address authorization. */
export const createFields: INodeProperties[] = [
	...[typeField, numberField, usernameField, passwordField, addressField, formatField, authField].map((field) => ({ ...field, required: true })),
	{ ...ipsField, required: true, displayOptions: { show: { inboundAuthorizationType: ['ip'] } } },
	{ ...countryField, required: true },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [nicknameField, proxyField],
	},
];

/** Update: any of them. */
export const updateFields: INodeProperties[] = [
	sipTrunkLocator('The SIP trunk to change'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'Only the fields added here are sent. Switching to IP Address authorization needs Allowed Inbound IPs; switching to Username and Password clears them. New credentials, address, proxy or number re-provision the trunk.',
		options: [ipsField, formatField, countryField, authField, nicknameField, proxyField, numberField, addressField, passwordField, usernameField, typeField],
	},
];
