/** Small seeded PRNG (mulberry32) so seed data and fault shares are reproducible. */
export type Rng = () => number;

export function createRng(seed: number): Rng {
	let a = seed >>> 0 || 0x9e3779b9;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
	return items[Math.floor(rng() * items.length)];
}

export function intBetween(rng: Rng, min: number, max: number): number {
	return min + Math.floor(rng() * (max - min + 1));
}

export function hex(rng: Rng, length: number): string {
	let out = '';
	while (out.length < length) out += Math.floor(rng() * 16).toString(16);
	return out;
}

export function uuid(rng: Rng): string {
	const h = hex(rng, 32);
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
