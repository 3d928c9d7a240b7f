/**
 * Knowledge bases and their documents (docs/platform-facts.md, "Knowledge bases"): the records, the
 * simulated processing and the public JSON shapes. Seeded per user; every lookup is scoped to a user.
 *
 * Processing is decided when a document is added and shown by the clock, so it needs no timers and
 * is deterministic: a document is `processing` until its ready_at (a few call steps later), then
 * `active`, or `failed` when its name contains "fail". A knowledge base is `empty` without documents,
 * `processing` while any is, `failed` when any failed, else `active`.
 */
import { DAY, isoMicros, SEED_BASE } from './time';

export const DOCUMENT_TYPES = ['website', 'pdf', 'txt', 'docx'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type DocumentStatus = 'processing' | 'active' | 'failed';
export type KnowledgeBaseStatus = 'empty' | DocumentStatus;

/** How long processing takes, in the simulator's call steps (20 ms steps in the node tests: 60 ms). */
export const PROCESSING_STEPS = 3;
/** A document whose name contains this (any case) fails processing. */
export const FAILING_NAME = 'fail';

const STATUS_LABELS: Record<KnowledgeBaseStatus, string> = { empty: 'Empty', processing: 'Processing', active: 'Active', failed: 'Failed' };
const TYPE_LABELS: Record<DocumentType, string> = { website: 'Website', pdf: 'PDF', txt: 'TXT', docx: 'DOCX' };

export interface KnowledgeBase {
	id: number;
	user_id: number;
	name: string;
	description: string | null;
	created_at: number;
	updated_at: number;
}

/** What a document was made from: the website request, or the uploaded file. */
export type DocumentSource =
	| { url: string | null; links: string[]; relative_links_limit: number }
	| { filename: string; content_type: string; size: number; sha256: string };

export interface KbDocument {
	id: number;
	knowledgebase_id: number;
	name: string;
	description: string | null;
	type: DocumentType;
	source: DocumentSource;
	/** what processing comes to at ready_at */
	outcome: 'active' | 'failed';
	ready_at: number;
	created_at: number;
	updated_at: number;
}

export class KnowledgeBaseStore {
	readonly bases: KnowledgeBase[] = [];
	readonly documents: KbDocument[] = [];
	private nextBase = 1;
	private nextDocument = 1;

	/** Re-seeds: alice (user 1) has "Product FAQ" (two active documents) and an empty "Onboarding"; bob (user 2) one with one document. */
	load(): void {
		this.bases.length = 0;
		this.documents.length = 0;
		const at = (days: number) => SEED_BASE - days * DAY;
		const base = (id: number, user_id: number, name: string, description: string | null): KnowledgeBase => ({
			id,
			user_id,
			name,
			description,
			created_at: at(40 - id),
			updated_at: at(40 - id),
		});
		this.bases.push(
			base(1, 1, 'Product FAQ', 'Answers to the questions customers ask most'),
			base(2, 1, 'Onboarding', null),
			base(3, 2, 'Returns Policy', 'How returns and refunds work'),
		);
		const doc = (id: number, knowledgebase_id: number, name: string, type: DocumentType, source: DocumentSource): KbDocument => ({
			id,
			knowledgebase_id,
			name,
			description: null,
			type,
			source,
			outcome: 'active',
			ready_at: at(30 - id),
			created_at: at(30 - id),
			updated_at: at(30 - id),
		});
		this.documents.push(
			doc(1, 1, 'Help Center', 'website', { url: 'https://help.example.com', links: [], relative_links_limit: 10 }),
			doc(2, 1, 'Price List 2026', 'pdf', { filename: 'prices-2026.pdf', content_type: 'application/pdf', size: 48_213, sha256: '' }),
			doc(3, 3, 'Returns', 'txt', { filename: 'returns.txt', content_type: 'text/plain', size: 2_048, sha256: '' }),
		);
		this.nextBase = 4;
		this.nextDocument = 4;
	}

	basesOf(userId: number): KnowledgeBase[] {
		return this.bases.filter((kb) => kb.user_id === userId);
	}

	baseOf(userId: number, id: unknown): KnowledgeBase | undefined {
		return this.bases.find((kb) => kb.user_id === userId && kb.id === Number(id));
	}

	documentsOf(kb: KnowledgeBase): KbDocument[] {
		return this.documents.filter((doc) => doc.knowledgebase_id === kb.id);
	}

	documentOf(kb: KnowledgeBase, id: unknown): KbDocument | undefined {
		return this.documents.find((doc) => doc.knowledgebase_id === kb.id && doc.id === Number(id));
	}

	addBase(fields: Omit<KnowledgeBase, 'id' | 'created_at' | 'updated_at'>): KnowledgeBase {
		const now = Date.now();
		const kb: KnowledgeBase = { id: this.nextBase++, ...fields, created_at: now, updated_at: now };
		this.bases.push(kb);
		return kb;
	}

	/** A new document, processing for `processingMs`; its name decides the outcome. */
	addDocument(kb: KnowledgeBase, fields: Pick<KbDocument, 'name' | 'description' | 'type' | 'source'>, processingMs: number): KbDocument {
		const now = Date.now();
		const doc: KbDocument = {
			id: this.nextDocument++,
			knowledgebase_id: kb.id,
			...fields,
			outcome: fields.name.toLowerCase().includes(FAILING_NAME) ? 'failed' : 'active',
			ready_at: now + processingMs,
			created_at: now,
			updated_at: now,
		};
		this.documents.push(doc);
		kb.updated_at = now;
		return doc;
	}

	removeDocument(kb: KnowledgeBase, doc: KbDocument): void {
		this.documents.splice(this.documents.indexOf(doc), 1);
		kb.updated_at = Date.now();
	}

	/** The knowledge base and all its documents. */
	removeBase(kb: KnowledgeBase): void {
		for (const doc of this.documentsOf(kb)) this.documents.splice(this.documents.indexOf(doc), 1);
		this.bases.splice(this.bases.indexOf(kb), 1);
	}
}

export function documentStatus(doc: KbDocument, now = Date.now()): DocumentStatus {
	return now >= doc.ready_at ? doc.outcome : 'processing';
}

export function knowledgeBaseStatus(documents: KbDocument[], now = Date.now()): KnowledgeBaseStatus {
	if (documents.length === 0) return 'empty';
	const states = documents.map((doc) => documentStatus(doc, now));
	if (states.includes('processing')) return 'processing';
	return states.includes('failed') ? 'failed' : 'active';
}

/** GET /user/knowledgebases(/{id}): the full record. */
export function knowledgeBaseRecord(kb: KnowledgeBase, documents: KbDocument[], assistantsCount: number) {
	const status = knowledgeBaseStatus(documents);
	return {
		id: kb.id,
		name: kb.name,
		description: kb.description,
		status,
		status_label: STATUS_LABELS[status],
		documents_count: documents.length,
		assistants_count: assistantsCount,
		created_at: isoMicros(kb.created_at),
		updated_at: isoMicros(kb.updated_at),
	};
}

/** POST answers the record without counts; PUT answers a subset with updated_at (the 2026 docs' examples). */
export function knowledgeBaseWriteRecord(kb: KnowledgeBase, documents: KbDocument[], answer: 'created' | 'updated') {
	const status = knowledgeBaseStatus(documents);
	const record = { id: kb.id, name: kb.name, description: kb.description, status, status_label: STATUS_LABELS[status] };
	const updated_at = isoMicros(kb.updated_at);
	return answer === 'created' ? { ...record, created_at: isoMicros(kb.created_at), updated_at } : { ...record, updated_at };
}

/** A document; the create answer has no updated_at. */
export function documentRecord(doc: KbDocument, answer: 'full' | 'created' = 'full') {
	const status = documentStatus(doc);
	const record = {
		id: doc.id,
		name: doc.name,
		description: doc.description,
		type: doc.type,
		type_label: TYPE_LABELS[doc.type],
		status,
		status_label: STATUS_LABELS[status],
		created_at: isoMicros(doc.created_at),
	};
	return answer === 'created' ? record : { ...record, updated_at: isoMicros(doc.updated_at) };
}
