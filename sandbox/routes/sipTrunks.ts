/**
 * SIP trunks (2026 docs): GET|POST /user/phone-numbers/sip-trunks, GET|PUT /user/phone-numbers/sip-trunks/{id};
 * deleting one is DELETE /user/phone-numbers/{id} (phoneNumberWrites.ts). Answers {data}; errors {error}
 * and Laravel's 422. The password is checked and stored, never answered.
 */
import { isIP } from 'node:net';

import { ok, validationError, type ApiResult, type RouteContext } from '../http';
import { parsePhone } from '../phone';
import type { PhoneNumber } from '../records';
import { CALLING_FORMATS, INBOUND_AUTH, TRUNK_TYPES, trunkRecord, type SipTrunk } from '../sipTrunks';
import { regionOf } from '../numberInventory';
import { hasErrors, validate, type Errors, type Rules } from '../validation';
import { refused } from './phoneNumberWrites';

const NOT_FOUND = 'SIP trunk not found.';
/** A host name or an IPv4 address, without a port or a scheme. */
const HOST = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const RULES: Rules = {
	sip_trunk_type: { type: 'string', required: true, in: TRUNK_TYPES },
	phone_number: { type: 'string', required: true },
	nickname: { type: 'string', max: 50, nullable: true },
	sip_username: { type: 'string', required: true, max: 128 },
	sip_password: { type: 'string', required: true },
	sip_address: { type: 'string', required: true, regex: HOST },
	sip_calling_format: { type: 'string', required: true, in: CALLING_FORMATS },
	inbound_authorization_type: { type: 'string', required: true, in: INBOUND_AUTH },
	allowed_inbound_ips: { type: 'array', nullable: true },
	country_code: { type: 'string', regex: /^[A-Z]{2}$/ },
	outbound_proxy: { type: 'boolean' },
};

const findNumber = (ctx: RouteContext, id: number): PhoneNumber | undefined => ctx.app.store.phoneNumberOf(ctx.user.id, id);

export function listSipTrunks(ctx: RouteContext): ApiResult {
	const { store } = ctx.app;
	const records = store.sip.trunksOf(ctx.user.id).flatMap((trunk) => {
		const number = findNumber(ctx, trunk.id);
		return number ? [trunkRecord(number, trunk, false)] : [];
	});
	return ok({ data: records });
}

export function getSipTrunk(ctx: RouteContext): ApiResult {
	const trunk = ctx.app.store.sip.trunkOf(ctx.user.id, ctx.params.id);
	const number = trunk && findNumber(ctx, trunk.id);
	return trunk && number ? ok({ data: trunkRecord(number, trunk, true) }) : refused(404, NOT_FOUND);
}

export function createSipTrunk(ctx: RouteContext): ApiResult {
	const checked = checkTrunk(ctx.body, undefined);
	if ('errors' in checked) return validationError(checked.errors, 'The given data was invalid.');
	const v = checked.values;
	const { store } = ctx.app;
	if (duplicateOf(ctx, v.phone_number as string, v.sip_username as string, v.sip_address as string, undefined)) {
		return refused(409, 'A SIP trunk with this phone number, username and address already exists.');
	}
	const now = Date.now();
	const country = v.country_code as string;
	const number: PhoneNumber = {
		id: store.nextId('phone'),
		user_id: ctx.user.id,
		phone_number: v.phone_number as string,
		country_code: country,
		type_label: 'SIP',
		sms_capable: false,
		subscription_expires_at: null,
		region: regionOf(country),
		created_at: now,
		nickname: (v.nickname as string | null | undefined) ?? null,
	};
	const trunk: SipTrunk = {
		id: number.id,
		user_id: ctx.user.id,
		sip_trunk_type: v.sip_trunk_type as SipTrunk['sip_trunk_type'],
		sip_username: v.sip_username as string,
		sip_password: v.sip_password as string,
		sip_address: v.sip_address as string,
		sip_calling_format: v.sip_calling_format as SipTrunk['sip_calling_format'],
		inbound_authorization_type: v.inbound_authorization_type as SipTrunk['inbound_authorization_type'],
		allowed_inbound_ips: v.inbound_authorization_type === 'ip' ? (v.allowed_inbound_ips as string[]) : null,
		outbound_proxy: (v.outbound_proxy as boolean | undefined) ?? false,
		...store.sip.provision(),
		updated_at: now,
	};
	store.phoneNumbers.push(number);
	store.sip.add(trunk);
	return ok({ message: 'SIP trunk created successfully.', data: trunkRecord(number, trunk, true) }, 201);
}

/** PUT: any subset. Switching to ip needs the IPs, switching to auth clears them; credential, address, proxy or number changes re-provision. */
export function updateSipTrunk(ctx: RouteContext): ApiResult {
	const { store } = ctx.app;
	const trunk = store.sip.trunkOf(ctx.user.id, ctx.params.id);
	const number = trunk && findNumber(ctx, trunk.id);
	if (!trunk || !number) return refused(404, NOT_FOUND);
	const checked = checkTrunk(ctx.body, { trunk, number });
	if ('errors' in checked) return validationError(checked.errors, 'The given data was invalid.');
	const v = checked.values;
	const next = {
		phone_number: (v.phone_number as string | undefined) ?? number.phone_number,
		sip_username: (v.sip_username as string | undefined) ?? trunk.sip_username,
		sip_address: (v.sip_address as string | undefined) ?? trunk.sip_address,
	};
	if (duplicateOf(ctx, next.phone_number, next.sip_username, next.sip_address, trunk.id)) {
		return refused(409, 'A SIP trunk with this phone number, username and address already exists.');
	}
	const reprovision = ['phone_number', 'sip_username', 'sip_password', 'sip_address', 'outbound_proxy'].some(
		(key) => v[key] !== undefined && v[key] !== (key === 'phone_number' ? number.phone_number : trunk[key as keyof SipTrunk]),
	);
	if (v.phone_number !== undefined) number.phone_number = v.phone_number as string;
	if (v.country_code !== undefined) number.country_code = v.country_code as string;
	if ('nickname' in v) number.nickname = v.nickname as string | null;
	for (const key of ['sip_trunk_type', 'sip_username', 'sip_password', 'sip_address', 'sip_calling_format', 'outbound_proxy'] as const) {
		if (v[key] !== undefined) (trunk as unknown as Record<string, unknown>)[key] = v[key];
	}
	if (v.inbound_authorization_type !== undefined) trunk.inbound_authorization_type = v.inbound_authorization_type as SipTrunk['inbound_authorization_type'];
	if (trunk.inbound_authorization_type === 'auth') trunk.allowed_inbound_ips = null;
	else if (v.allowed_inbound_ips !== undefined) trunk.allowed_inbound_ips = v.allowed_inbound_ips as string[];
	if (reprovision) Object.assign(trunk, store.sip.provision());
	trunk.updated_at = Date.now();
	return ok({ message: 'SIP trunk updated successfully.', data: trunkRecord(number, trunk, true) });
}

function duplicateOf(ctx: RouteContext, phone: string, username: string, address: string, except: number | undefined): boolean {
	return ctx.app.store.sip.trunksOf(ctx.user.id).some((trunk) => {
		if (trunk.id === except) return false;
		const number = findNumber(ctx, trunk.id);
		return number?.phone_number === phone && trunk.sip_username === username && trunk.sip_address.toLowerCase() === address.toLowerCase();
	});
}

/** The docs' rules; `existing` for an update (a partial body, checked against what is stored). */
function checkTrunk(
	body: Record<string, unknown>,
	existing: { trunk: SipTrunk; number: PhoneNumber } | undefined,
): { values: Record<string, unknown> } | { errors: Errors } {
	const { errors, values } = validate(body, RULES, { partial: existing !== undefined });
	const add = (field: string, text: string) => (errors[field] ??= []).push(text);
	const type = (values.sip_trunk_type as string | undefined) ?? existing?.trunk.sip_trunk_type;
	if (typeof values.sip_username === 'string' && [...values.sip_username].length < 3) add('sip_username', 'The sip username field must be at least 3 characters.');
	if (typeof values.sip_password === 'string' && [...values.sip_password].length < 3) add('sip_password', 'The sip password field must be at least 3 characters.');
	if (typeof values.phone_number === 'string') {
		if (type === 'extension') {
			if (!/^[0-9A-Za-z*#+]{1,15}$/.test(values.phone_number)) add('phone_number', 'The phone number field must be between 1 and 15 characters.');
		} else {
			const parsed = parsePhone(values.phone_number);
			if (!parsed || parsed.e164 !== values.phone_number) add('phone_number', 'The phone number field must be a valid E.164 phone number.');
			else if (values.country_code === undefined && !existing && parsed.country) values.country_code = parsed.country;
		}
	}
	if (!existing && values.country_code === undefined && !errors.phone_number) add('country_code', 'The country code field is required.');
	const auth = (values.inbound_authorization_type as string | undefined) ?? existing?.trunk.inbound_authorization_type;
	const switchingToIp = auth === 'ip' && existing?.trunk.inbound_authorization_type !== 'ip';
	if (auth === 'ip') {
		const ips = values.allowed_inbound_ips as unknown[] | null | undefined;
		if ((ips === undefined && switchingToIp) || ips === null || (Array.isArray(ips) && ips.length === 0)) {
			add('allowed_inbound_ips', 'The allowed inbound ips field is required when inbound authorization type is ip.');
		} else if (Array.isArray(ips)) {
			ips.forEach((ip, index) => {
				if (typeof ip !== 'string' || isIP(ip) === 0) add(`allowed_inbound_ips.${index}`, `The allowed_inbound_ips.${index} field must be a valid IP address.`);
			});
		}
	}
	return hasErrors(errors) ? { errors } : { values };
}
