/**
 * Fault injection. A fault matches /api requests by method, path prefix and body values; with `count` it fires on the
 * next N matching requests, with `share` on that share of them (seeded, so a run is reproducible), with
 * both on that share until N have fired, with neither on every matching request until replaced.
 */
import { createRng, type Rng } from './prng';
import type { FaultKind, FaultSpec } from './types';

const KINDS: FaultKind[] = ['status', 'html', 'malformed-json', 'timeout', 'reset', 'rate-limit', 'redirect', 'huge-body', 'echo-headers'];
const REDIRECTS = [301, 302, 303, 307, 308];

interface ActiveFault {
	spec: FaultSpec;
	remaining: number | null;
	rng: Rng;
}

export class FaultError extends Error {}

/** Throws FaultError with a readable reason when a spec is not usable. */
export function checkFaultSpec(spec: unknown): FaultSpec {
	if (typeof spec !== 'object' || spec === null) throw new FaultError('a fault must be an object');
	const s = spec as FaultSpec;
	if (!KINDS.includes(s.kind)) throw new FaultError(`kind must be one of ${KINDS.join(', ')}`);
	if (s.kind === 'redirect') {
		if (s.status !== undefined && !REDIRECTS.includes(s.status)) throw new FaultError('a redirect status must be 301, 302, 303, 307 or 308');
		if (typeof s.location !== 'string' || s.location === '') throw new FaultError('a redirect needs a location');
	} else if (s.kind === 'huge-body' || s.kind === 'echo-headers') {
		if (s.status !== undefined && !(Number.isInteger(s.status) && s.status >= 400 && s.status <= 599)) throw new FaultError('status must be 4xx or 5xx');
		if (s.bytes !== undefined && !(Number.isInteger(s.bytes) && s.bytes > 0 && s.bytes <= 64 * 1024 * 1024)) throw new FaultError('bytes must be 1 to 64 MiB');
	} else if (s.status !== undefined && ![400, 404, 405, 409, 422, 500, 502, 503].includes(s.status)) {
		throw new FaultError('status must be 400, 404, 405, 409, 422, 500, 502 or 503');
	}
	if (s.retryAfter !== undefined && !(typeof s.retryAfter === 'number' && s.retryAfter >= 0)) throw new FaultError('retryAfter must be a non-negative number of seconds');
	if (s.match?.body !== undefined && (typeof s.match.body !== 'object' || s.match.body === null || Array.isArray(s.match.body))) {
		throw new FaultError('match.body must be an object of top-level body values');
	}
	if (s.count !== undefined && !(Number.isInteger(s.count) && s.count >= 0)) throw new FaultError('count must be a non-negative integer');
	if (s.share !== undefined && !(typeof s.share === 'number' && s.share >= 0 && s.share <= 1)) throw new FaultError('share must be between 0 and 1');
	if (s.phase !== undefined && s.phase !== 'before' && s.phase !== 'after') throw new FaultError("phase must be 'before' or 'after'");
	return s;
}

/** A refusal (4xx) means the platform did not act, so it comes before processing unless told otherwise. */
export function effectivePhase(spec: FaultSpec): 'before' | 'after' {
	if (spec.kind === 'rate-limit' || spec.kind === 'redirect') return 'before';
	return spec.phase ?? (spec.kind === 'status' && (spec.status ?? 500) < 500 ? 'before' : 'after');
}

function bodyMatches(expected: Record<string, unknown>, body: unknown): boolean {
	if (typeof body !== 'object' || body === null) return false;
	return Object.entries(expected).every(([key, value]) => JSON.stringify((body as Record<string, unknown>)[key]) === JSON.stringify(value));
}

function pathMatches(prefix: string, path: string): boolean {
	const full = prefix.startsWith('/api') ? prefix : `/api${prefix.startsWith('/') ? '' : '/'}${prefix}`;
	return path.startsWith(full);
}

export class Faults {
	private active: ActiveFault[] = [];
	private generation = 0;

	constructor(private seed: number) {}

	set(specs: FaultSpec[]): void {
		const checked = specs.map(checkFaultSpec);
		this.generation++;
		this.active = checked.map((spec, i) => ({
			spec: { ...spec },
			remaining: spec.count ?? null,
			rng: createRng((this.seed * 7919 + this.generation * 104729 + i) >>> 0),
		}));
	}

	list(): Array<FaultSpec & { remaining: number | null }> {
		return this.active.map((f) => ({ ...f.spec, remaining: f.remaining }));
	}

	/** The fault to apply to this request, if any (consumes one of its count). */
	pick(method: string, path: string, body?: unknown): FaultSpec | null {
		for (const fault of this.active) {
			if (fault.remaining === 0) continue;
			const m = fault.spec.match;
			if (m?.method && m.method.toUpperCase() !== method) continue;
			if (m?.path && !pathMatches(m.path, path)) continue;
			if (m?.body && !bodyMatches(m.body, body)) continue;
			if (fault.spec.share !== undefined && fault.rng() >= fault.spec.share) continue;
			if (fault.remaining !== null) fault.remaining--;
			return fault.spec;
		}
		return null;
	}
}
