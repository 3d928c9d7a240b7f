/**
 * Numbers for sale (GET /user/phone-numbers/search, POST /user/phone-numbers/purchase): a fixed,
 * deterministic stock per country, in ranges reserved for fiction or tests where the country has one.
 * A number already owned by any account is no longer for sale.
 */
import type { SandboxStore } from './store';

export interface NumberForSale {
	phone_number: string;
	phone_number_formatted: string;
	country_code: string;
	price: number;
	stripe_price_id: string;
	address_requirements: 'none' | 'local';
	sms_capable: boolean;
}

const STOCK: Record<string, { prefix: string; format: (rest: string) => string; price: number; sms: boolean; address: 'none' | 'local' }> = {
	DE: { prefix: '+49304000', format: (r) => `+49 30 4000${r}`, price: 1.5, sms: false, address: 'local' },
	AT: { prefix: '+43155501', format: (r) => `+43 1 55501${r}`, price: 2, sms: false, address: 'local' },
	CH: { prefix: '+4144555', format: (r) => `+41 44 555 ${r}`, price: 3, sms: false, address: 'local' },
	US: { prefix: '+1415555', format: (r) => `+1 415-555-${r}`, price: 1.15, sms: true, address: 'none' },
	GB: { prefix: '+44207946', format: (r) => `+44 20 7946 ${r}`, price: 1.2, sms: true, address: 'none' },
};

/** 12 numbers per country: suffixes 0100, 0111, ... 0221. */
function stockOf(country: string): NumberForSale[] {
	const spec = STOCK[country];
	if (!spec) return [];
	return Array.from({ length: 12 }, (_, i) => {
		const rest = String(100 + i * 11).padStart(4, '0');
		return {
			phone_number: `${spec.prefix}${rest}`,
			phone_number_formatted: spec.format(rest),
			country_code: country,
			price: spec.price,
			stripe_price_id: `price_sandbox_${country.toLowerCase()}_local`,
			address_requirements: spec.address,
			sms_capable: spec.sms,
		};
	});
}

export function numbersForSale(store: SandboxStore, country: string, contains?: string): NumberForSale[] {
	const owned = new Set(store.phoneNumbers.map((p) => p.phone_number));
	return stockOf(country).filter((n) => !owned.has(n.phone_number) && (!contains || n.phone_number.slice(1).includes(contains)));
}

export function numberForSale(store: SandboxStore, e164: string): NumberForSale | undefined {
	const country = Object.keys(STOCK).find((code) => e164.startsWith(STOCK[code].prefix));
	return country ? numbersForSale(store, country).find((n) => n.phone_number === e164) : undefined;
}

/** Where seeded and purchasable numbers are registered, by country. */
const REGIONS: Record<string, string> = { DE: 'Berlin', AT: 'Wien', CH: 'Zürich', US: 'California', GB: 'London' };

export function regionOf(country: string): string | null {
	return REGIONS[country] ?? null;
}
