/**
 * SIP trunks (docs/platform-facts.md, "Phone numbers and SIP trunks"). A trunk is one of the account's
 * phone numbers (type SIP: its id is the number's id, and DELETE /user/phone-numbers/{id} removes it);
 * this store keeps what only trunks have. The password is stored for the simulated provisioning and
 * never leaves the sandbox: trunkRecord() has no place for it.
 */
import { isoMicros } from './time';

/** What a trunk reads of its phone number (records.ts's PhoneNumber has these; named here so this file stays out of the store's import circle). */
interface TrunkNumber {
	id: number;
	user_id: number;
	type_label: string;
	phone_number: string;
	nickname?: string | null;
	country_code: string;
	created_at: number;
}

export const TRUNK_TYPES = ['extension', 'number'] as const;
export const CALLING_FORMATS = ['+e164', 'e164', 'national'] as const;
export const INBOUND_AUTH = ['auth', 'ip'] as const;

export interface SipTrunk {
	/** the phone number's id */
	id: number;
	user_id: number;
	sip_trunk_type: (typeof TRUNK_TYPES)[number];
	sip_username: string;
	sip_password: string;
	sip_address: string;
	sip_calling_format: (typeof CALLING_FORMATS)[number];
	inbound_authorization_type: (typeof INBOUND_AUTH)[number];
	allowed_inbound_ips: string[] | null;
	outbound_proxy: boolean;
	inbound_trunk_id: string;
	outbound_trunk_id: string;
	updated_at: number;
}

export class SipTrunkStore {
	private trunks = new Map<number, SipTrunk>();
	private provisioned = 0;

	/** Re-seeds a trunk for every seeded SIP number (alice: 3 and 7, bob: 9). */
	load(numbers: TrunkNumber[]): void {
		this.trunks.clear();
		this.provisioned = 0;
		for (const number of numbers.filter((n) => n.type_label === 'SIP')) {
			this.trunks.set(number.id, {
				id: number.id,
				user_id: number.user_id,
				sip_trunk_type: 'number',
				sip_username: `trunk${number.id}`,
				sip_password: `seeded-sip-password-${number.id}`,
				sip_address: `sip${number.id}.carrier.example.com`,
				sip_calling_format: '+e164',
				inbound_authorization_type: 'auth',
				allowed_inbound_ips: null,
				outbound_proxy: false,
				...this.provision(),
				updated_at: number.created_at,
			});
		}
	}

	/** New inbound and outbound trunk ids, as the provider hands them out on (re-)provisioning. */
	provision(): { inbound_trunk_id: string; outbound_trunk_id: string } {
		this.provisioned += 1;
		const n = String(this.provisioned).padStart(6, '0');
		return { inbound_trunk_id: `ST_in_${n}`, outbound_trunk_id: `ST_out_${n}` };
	}

	trunkOf(userId: number, id: unknown): SipTrunk | undefined {
		const trunk = this.trunks.get(Number(id));
		return trunk && trunk.user_id === userId ? trunk : undefined;
	}

	trunksOf(userId: number): SipTrunk[] {
		return [...this.trunks.values()].filter((t) => t.user_id === userId).sort((a, b) => a.id - b.id);
	}

	add(trunk: SipTrunk): void {
		this.trunks.set(trunk.id, trunk);
	}

	remove(id: number): void {
		this.trunks.delete(id);
	}
}

/** A trunk as the API shows it; `withTrunkIds` for get, create and update (the list leaves them out). */
export function trunkRecord(number: TrunkNumber, trunk: SipTrunk, withTrunkIds: boolean) {
	return {
		id: trunk.id,
		phone_number: number.phone_number,
		nickname: number.nickname ?? null,
		sip_username: trunk.sip_username,
		sip_address: trunk.sip_address,
		sip_calling_format: trunk.sip_calling_format,
		inbound_authorization_type: trunk.inbound_authorization_type,
		allowed_inbound_ips: trunk.allowed_inbound_ips ? [...trunk.allowed_inbound_ips] : null,
		outbound_proxy: trunk.outbound_proxy,
		country_code: number.country_code,
		...(withTrunkIds ? { inbound_trunk_id: trunk.inbound_trunk_id, outbound_trunk_id: trunk.outbound_trunk_id } : {}),
		created_at: isoMicros(number.created_at),
		updated_at: isoMicros(trunk.updated_at),
	};
}
