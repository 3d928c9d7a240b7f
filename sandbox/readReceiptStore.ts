/**
 * The read-receipts webhook of each WhatsApp sender, as set in the dashboard (URL, signing secret):
 * the data only, held by SandboxStore. Deliveries: readReceipts.ts.
 */
import { randomBytes } from 'node:crypto';

export const RECEIPT_STATUSES = ['sent', 'delivered', 'read', 'failed', 'undelivered'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** The platform's retry schedule after a non-2xx answer or a failed request. */
export const RETRY_DELAYS_MS = [30_000, 60_000, 120_000];

export interface ReadReceiptConfig {
	sender_id: number;
	url: string;
	secret: string;
	retry_delays_ms: number[];
	/** what a WhatsApp send through this sender fires, in order (default sent, delivered, read) */
	statuses: ReceiptStatus[];
}

/** The read-receipt webhook of each sender (held by SandboxStore, emptied on reset). */
export class ReadReceiptStore {
	readonly configs: ReadReceiptConfig[] = [];

	load(): void {
		this.configs.length = 0;
	}

	of(senderId: number): ReadReceiptConfig | undefined {
		return this.configs.find((c) => c.sender_id === senderId);
	}

	/** Sets (or with url null removes) a sender's webhook; a new secret unless one is given. */
	configure(senderId: number, url: string | null, opts: { secret?: string; retryDelaysMs?: number[]; statuses?: ReceiptStatus[] } = {}): ReadReceiptConfig | undefined {
		const index = this.configs.findIndex((c) => c.sender_id === senderId);
		if (index >= 0) this.configs.splice(index, 1);
		if (url === null) return undefined;
		const config: ReadReceiptConfig = {
			sender_id: senderId,
			url,
			secret: opts.secret ?? `wrs_${randomBytes(24).toString('hex')}`,
			retry_delays_ms: opts.retryDelaysMs ?? RETRY_DELAYS_MS,
			statuses: opts.statuses ?? ['sent', 'delivered', 'read'],
		};
		this.configs.push(config);
		return config;
	}
}
