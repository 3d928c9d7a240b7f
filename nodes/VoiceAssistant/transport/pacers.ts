/**
 * One pacer per credential, for the whole process: every execution and parallel lane that uses a
 * token shares its budget. Keys come from shared/platforms.ts credentialKey (never the token).
 */
import { Pacer } from './pacer';

const pacers = new Map<string, Pacer>();

export function pacerFor(key: string): Pacer {
	let pacer = pacers.get(key);
	if (!pacer) {
		pacer = new Pacer();
		pacers.set(key, pacer);
	}
	return pacer;
}

/** Forget everything learned (tests start from a clean slate). */
export function resetPacers(): void {
	pacers.clear();
}
