/** Set-up for the Platform 2.0 contract tests: the file's sandbox and an axios client per 2.0 key, and minimal valid requests built from the catalogue. */
import type { AxiosInstance } from 'axios';
import { PLATFORM2_PREFIX, type Sandbox } from '../../../sandbox';
import type { P2Field, P2Operation } from '../../../sandbox/platform2/catalog';
import type { UseSandboxOptions } from '../../helpers/sandbox';
import { useSandbox } from '../../helpers/sandbox';
import { clientFor } from '../helpers';

export interface P2Clients {
	sb: Sandbox;
	/** a client for a bearer key (a seeded one by name, or any secret) */
	as(key: 'full' | 'service' | 'assistantsRead' | 'otherWorkspace' | (string & {})): AxiosInstance;
	baseUrl(): string;
}

/** A sandbox re-seeded before every test (default) and clients speaking to its /api/v1. */
export function useP2(options: UseSandboxOptions = {}): P2Clients {
	const sb = useSandbox({ reset: 'all', ...options });
	const baseUrl = () => `${sb.origin}${PLATFORM2_PREFIX}`;
	return {
		sb,
		baseUrl,
		as: (key) => clientFor(baseUrl(), (sb.platform2.keys as Record<string, string>)[key] ?? key),
	};
}

/** The first record of a collection in workspace A (the seed puts at least one in each). */
export function firstId(sb: Sandbox, collection: string, parents: Array<string | number> = []): string {
	const row = sb.platform2.list('A', collection, parents)[0];
	if (!row) throw new Error(`no seeded record in ${collection}`);
	return String(row.id);
}

/** A value the field accepts: its first enum value, its minimum, the shortest allowed text in its format. */
export function minimalValue(field: P2Field, ids: Record<string, string> = {}): unknown {
	if (field.enum) return field.enum.find((e) => e !== null);
	switch (field.type) {
		case 'integer':
		case 'number':
			return field.minimum ?? 1;
		case 'boolean':
			return true;
		case 'array':
			return [];
		case 'object':
		case 'json':
			return {};
		default:
			break;
	}
	if (ids[field.name]) return ids[field.name];
	switch (field.format) {
		case 'uuid':
			return '00000000-0000-4000-a000-000000000000';
		case 'email':
			return 'someone@example.com';
		case 'date-time':
			return '2025-07-01T10:00:00Z';
		case 'date':
			return '2025-07-01';
		case 'uri':
			return 'https://example.com/hook';
		default:
			return /phone|number$|^to$/.test(field.name) ? '+4915112345670' : 'x'.repeat(Math.max(1, field.minLength ?? 1));
	}
}

/** Every required field with a minimal value. */
export function minimalFields(fields: P2Field[] | null | undefined, ids: Record<string, string> = {}): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const f of fields ?? []) if (f.required) out[f.name] = minimalValue(f, ids);
	return out;
}

export function findOp(sb: Sandbox, id: string): P2Operation {
	const op = sb.platform2.operations.find((o) => o.id === id);
	if (!op) throw new Error(`no operation ${id}`);
	return op;
}
