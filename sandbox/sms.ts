/**
 * SMS billing. Rule (documented in docs/sandbox.md): a message that fits the GSM-7 alphabet is
 * billed per 160 GSM characters (extension characters such as € [ ] { } count twice), any other text
 * per 70 UTF-16 code units: segments = ceil(length / 160) or ceil(length / 70), at least 1.
 * This is the simple rule from the platform facts, not the 153/67 concatenation rule.
 */
const GSM_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

const basic = new Set([...GSM_BASIC]);
const extension = new Set([...GSM_EXTENSION]);

export const GSM_SEGMENT = 160;
export const UNICODE_SEGMENT = 70;

export interface SegmentInfo {
	encoding: 'GSM-7' | 'UCS-2';
	/** Length in the encoding's units. */
	units: number;
	segments: number;
}

export function segmentInfo(body: string): SegmentInfo {
	let gsmUnits = 0;
	for (const ch of body) {
		if (basic.has(ch)) gsmUnits += 1;
		else if (extension.has(ch)) gsmUnits += 2;
		else {
			const units = body.length;
			return { encoding: 'UCS-2', units, segments: Math.max(1, Math.ceil(units / UNICODE_SEGMENT)) };
		}
	}
	return { encoding: 'GSM-7', units: gsmUnits, segments: Math.max(1, Math.ceil(gsmUnits / GSM_SEGMENT)) };
}

/** Price per segment (account currency) by destination country (ISO 3166 alpha-2). */
export const SEGMENT_PRICES: Record<string, number> = {
	DE: 0.09,
	AT: 0.1,
	CH: 0.08,
	NL: 0.095,
	FR: 0.085,
	ES: 0.075,
	IT: 0.08,
	GB: 0.05,
	US: 0.01,
	CA: 0.012,
};
export const DEFAULT_SEGMENT_PRICE = 0.12;

export function segmentPrice(country: string | null): number {
	return (country ? SEGMENT_PRICES[country] : undefined) ?? DEFAULT_SEGMENT_PRICE;
}

export function round(value: number, digits = 4): number {
	const f = 10 ** digits;
	return Math.round(value * f) / f;
}
