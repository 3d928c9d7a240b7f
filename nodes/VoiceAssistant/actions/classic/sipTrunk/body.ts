import type { IDataObject } from 'n8n-workflow';

import type { ItemParams } from '../../../engine/itemParams';
import { isHost, isIpAddress } from '../../../shared/addresses';
import { charCount, optionalText, requireBoolean, requireCountryCode, requireOneOf, requireText, shown } from '../../../shared/validate';

export const TRUNK_TYPES = ['extension', 'number'] as const;
export const CALLING_FORMATS = ['+e164', 'e164', 'national'] as const;
export const INBOUND_AUTH = ['auth', 'ip'] as const;
const NICKNAME_MAX = 50;
const USERNAME = { min: 3, max: 128 };
const PASSWORD_MIN = 3;
const EXTENSION_MAX = 15;

/**
 * A SIP trunk's request body from the item's parameters, every rule of the 2026 docs checked before
 * anything is sent. The password is never quoted in a message, and the phone number is checked, never
 * altered beyond writing it in E.164.
 */
export function trunkBody(item: ItemParams, mode: 'create' | 'update'): IDataObject {
	const given: Record<string, unknown> =
		mode === 'create'
			? {
					sipTrunkType: item.get('sipTrunkType'),
					trunkPhoneNumber: item.get('trunkPhoneNumber'),
					sipUsername: item.get('sipUsername'),
					sipPassword: item.get('sipPassword'),
					sipAddress: item.get('sipAddress'),
					sipCallingFormat: item.get('sipCallingFormat'),
					inboundAuthorizationType: item.get('inboundAuthorizationType'),
					countryCode: item.get('countryCode'),
					...(item.get('additionalFields', {}) as IDataObject),
				}
			: (item.get('updateFields', {}) as IDataObject);
	const has = (key: string) => mode === 'create' || given[key] !== undefined;
	const body: IDataObject = {};
	if (has('sipTrunkType')) body.sip_trunk_type = requireOneOf(item.node, given.sipTrunkType, TRUNK_TYPES, item.where('Trunk Type'));
	if (has('trunkPhoneNumber')) body.phone_number = trunkNumber(item, given.trunkPhoneNumber, body.sip_trunk_type as string | undefined);
	if (given.nickname !== undefined) {
		const nickname = optionalText(item.node, given.nickname, item.where('Nickname'), NICKNAME_MAX)?.trim();
		if (nickname !== undefined) body.nickname = nickname;
		else if (mode === 'update') body.nickname = null;
	}
	if (has('sipUsername')) body.sip_username = username(item, given.sipUsername);
	if (has('sipPassword')) body.sip_password = password(item, given.sipPassword);
	if (has('sipAddress')) body.sip_address = address(item, given.sipAddress);
	if (has('sipCallingFormat')) body.sip_calling_format = requireOneOf(item.node, given.sipCallingFormat, CALLING_FORMATS, item.where('Calling Format'));
	if (has('inboundAuthorizationType')) {
		body.inbound_authorization_type = requireOneOf(item.node, given.inboundAuthorizationType, INBOUND_AUTH, item.where('Inbound Authorization'));
	}
	const ipAuth = body.inbound_authorization_type === 'ip';
	if (ipAuth || (mode === 'update' && given.allowedInboundIps !== undefined)) {
		const raw = mode === 'create' ? item.get('allowedInboundIps') : given.allowedInboundIps;
		if (body.inbound_authorization_type === 'auth') {
			throw item.fail('Allowed Inbound IPs', 'must be left out with Username and Password authorization (switching to it clears the IPs)');
		}
		body.allowed_inbound_ips = inboundIps(item, raw);
	}
	if (has('countryCode')) body.country_code = requireCountryCode(item.node, given.countryCode, item.where('Country'));
	if (given.outboundProxy !== undefined) body.outbound_proxy = requireBoolean(item.node, given.outboundProxy, item.where('Outbound Proxy'));
	if (Object.keys(body).length === 0) throw item.fail('Update Fields', 'is empty: add at least one field to change');
	return body;
}

/** An extension (1 to 15 characters, as typed) or a number (E.164); on Update without a type, a leading + means a number. */
function trunkNumber(item: ItemParams, value: unknown, type: string | undefined): string {
	const field = 'Phone Number or Extension';
	const text = requireText(item.node, typeof value === 'number' ? String(value) : value, item.where(field)).trim();
	const isNumber = type === 'number' || (type === undefined && text.startsWith('+'));
	if (isNumber) return item.phone(text, field);
	if (charCount(text) > EXTENSION_MAX || /\s/.test(text)) {
		throw item.fail(field, `must be an extension of 1 to ${EXTENSION_MAX} characters without spaces (got ${shown(text)})`);
	}
	return text;
}

function username(item: ItemParams, value: unknown): string {
	const text = requireText(item.node, value, item.where('SIP Username'), USERNAME.max).trim();
	if (charCount(text) < USERNAME.min) throw item.fail('SIP Username', `must be ${USERNAME.min} to ${USERNAME.max} characters (got ${charCount(text)})`);
	return text;
}

/** Never quoted: neither the value nor a part of it appears in any message. */
function password(item: ItemParams, value: unknown): string {
	if (value === undefined || value === null || value === '') throw item.fail('SIP Password', 'is required');
	if (typeof value !== 'string') throw item.fail('SIP Password', 'must be text');
	if (charCount(value) < PASSWORD_MIN) throw item.fail('SIP Password', `must be at least ${PASSWORD_MIN} characters`);
	return value;
}

function address(item: ItemParams, value: unknown): string {
	const text = requireText(item.node, value, item.where('SIP Address')).trim();
	if (!isHost(text)) {
		throw item.fail('SIP Address', `must be a host name or IP address without a scheme, port or path (got ${shown(text)})`);
	}
	return text;
}

/** Comma-, space- or newline-separated text, or a list from an expression: at least one IPv4 or IPv6 address. */
function inboundIps(item: ItemParams, raw: unknown): string[] {
	const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,;]+/) : raw === undefined || raw === null ? [] : [raw];
	const ips = list.map((ip) => (typeof ip === 'string' ? ip.trim() : ip)).filter((ip) => ip !== '');
	if (ips.length === 0) throw item.fail('Allowed Inbound IPs', 'needs at least one IP address with IP Address authorization');
	for (const ip of ips) {
		if (typeof ip !== 'string' || !isIpAddress(ip)) throw item.fail('Allowed Inbound IPs', `has ${shown(ip)}, which is not an IPv4 or IPv6 address`);
	}
	return ips as string[];
}
