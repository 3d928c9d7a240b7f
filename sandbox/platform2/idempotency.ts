/**
 * Idempotency keys (catalogue flag `idem`: the Idempotency-Key header of callTranslationSpeaker, the body
 * keys of the Loop recording, support requests and replies, tax registrations and custom payments). The
 * catalogue says the platform takes them and asks that a retry reuse the key; it does not say how a repeat
 * is answered. The sandbox's reading: a repeat of a key (same workspace and operation) after a successful
 * answer is answered that answer again and does nothing more, as if it were the first request's answer
 * arriving late. Kept for the last MAX_KEPT keys.
 */
import type { P2Operation } from './catalog';
import type { P2Answer } from './answers';

const MAX_KEPT = 10_000;
/** The names the catalogue's keys go by (the node's generator reads them the same way). */
const KEY_NAME = /idempotency|^client_[a-z]+_id$|^request_key$/i;

export class IdempotencyMemory {
	private readonly answers = new Map<string, P2Answer>();

	/** The key this request carries, if its operation takes one. */
	keyOf(op: P2Operation, workspaceId: string, headers: Record<string, string | string[] | undefined>, body: unknown): string | undefined {
		if (!op.flags.includes('idem')) return undefined;
		const header = (op.headerParams ?? []).find((field) => KEY_NAME.test(field.name));
		const raw = header ? headers[header.name.toLowerCase()] : bodyValue(op, body);
		const value = Array.isArray(raw) ? raw[0] : raw;
		return typeof value === 'string' && value !== '' ? `${workspaceId}\u0000${op.id}\u0000${value}` : undefined;
	}

	recall(key: string): P2Answer | undefined {
		return this.answers.get(key);
	}

	remember(key: string, answer: P2Answer): void {
		if (answer.status >= 300) return;
		this.answers.set(key, answer);
		for (const oldest of this.answers.keys()) {
			if (this.answers.size <= MAX_KEPT) break;
			this.answers.delete(oldest);
		}
	}

	clear(): void {
		this.answers.clear();
	}
}

function bodyValue(op: P2Operation, body: unknown): unknown {
	const field = (op.body?.fields ?? []).find((f) => KEY_NAME.test(f.name));
	return field && typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field.name] : undefined;
}
