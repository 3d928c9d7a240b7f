import { SMS_SEGMENT_CHARS } from './limits';

/**
 * How many billing segments a text costs, by the platform's documented rule: text that fits the GSM-7
 * alphabet is billed per 160 characters (the escape characters ^ { } \ [ ] ~ | € take two), any
 * other text (emoji, most non-Latin scripts) per 70 UTF-16 units. Shown to the user before the
 * platform's own count arrives, so a surprise on the bill can be spotted in the output.
 */
export interface SegmentEstimate {
	encoding: 'GSM-7' | 'Unicode';
	/** characters in the encoding's units */
	units: number;
	segments: number;
}

const GSM7 = new Set(
	"@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const GSM7_ESCAPED = new Set('^{}\\[~]|€\f');

export function estimateSegments(body: string): SegmentEstimate {
	let units = 0;
	for (const char of body) {
		if (GSM7.has(char)) units += 1;
		else if (GSM7_ESCAPED.has(char)) units += 2;
		else {
			const unicodeUnits = body.length;
			return {
				encoding: 'Unicode',
				units: unicodeUnits,
				segments: Math.max(1, Math.ceil(unicodeUnits / SMS_SEGMENT_CHARS.unicode)),
			};
		}
	}
	return { encoding: 'GSM-7', units, segments: Math.max(1, Math.ceil(units / SMS_SEGMENT_CHARS.gsm7)) };
}
