/**
 * Knowledge bases and their documents (2026 docs): GET|POST /user/knowledgebases,
 * GET|PUT|DELETE /user/knowledgebases/{id}, GET|POST .../{id}/documents, GET|PUT|DELETE
 * .../{id}/documents/{docId}. 404s answer {error} (not {message}), as the docs show; a document is
 * added as JSON (website) or multipart/form-data (pdf, txt, docx with `file`).
 */
import { createHash } from 'node:crypto';
import { ok, type ApiResult, type RouteContext } from '../http';
import {
	DOCUMENT_TYPES,
	PROCESSING_STEPS,
	documentRecord,
	knowledgeBaseRecord,
	knowledgeBaseWriteRecord,
	type DocumentSource,
	type DocumentType,
	type KnowledgeBase,
} from '../knowledgeBases';
import { hasErrors, isPlainObject, isValidUrl, validate, type Errors } from '../validation';

/** The platform's file limit: 20 MB (Laravel's max:20480, in kilobytes). */
export const MAX_DOCUMENT_FILE_BYTES = 20 * 1024 * 1024;

const KB_NOT_FOUND: ApiResult = { status: 404, body: { error: 'Knowledgebase not found.' } };
const DOCUMENT_NOT_FOUND: ApiResult = { status: 404, body: { error: 'Document not found.' } };
const TEXT = { type: 'string', max: 255 } as const;

/** Laravel's 422: the first message, and every field's. */
function refused(errors: Errors): ApiResult {
	const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
	return { status: 422, body: { message: first, errors } };
}

function assistantsUsing(ctx: RouteContext, kb: KnowledgeBase): number {
	return ctx.app.store.assistants.filter((a) => a.user_id === kb.user_id && a.deleted_at === null && a.knowledgebase_id === kb.id).length;
}

function fullRecord(ctx: RouteContext, kb: KnowledgeBase) {
	return knowledgeBaseRecord(kb, ctx.app.store.knowledgeBases.documentsOf(kb), assistantsUsing(ctx, kb));
}

function baseIn(ctx: RouteContext): KnowledgeBase | undefined {
	return ctx.app.store.knowledgeBases.baseOf(ctx.user.id, ctx.params.id);
}

export function listKnowledgeBases(ctx: RouteContext): ApiResult {
	return ok({ data: ctx.app.store.knowledgeBases.basesOf(ctx.user.id).map((kb) => fullRecord(ctx, kb)) });
}

export function getKnowledgeBase(ctx: RouteContext): ApiResult {
	const kb = baseIn(ctx);
	return kb ? ok({ data: fullRecord(ctx, kb) }) : KB_NOT_FOUND;
}

export function createKnowledgeBase(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, { name: { ...TEXT, required: true }, description: { ...TEXT, nullable: true } });
	if (hasErrors(errors)) return refused(errors);
	const store = ctx.app.store.knowledgeBases;
	const kb = store.addBase({ user_id: ctx.user.id, name: values.name as string, description: (values.description as string | null | undefined) ?? null });
	return ok({ message: 'Knowledgebase created successfully.', data: knowledgeBaseWriteRecord(kb, [], 'created') }, 201);
}

export function updateKnowledgeBase(ctx: RouteContext): ApiResult {
	const kb = baseIn(ctx);
	if (!kb) return KB_NOT_FOUND;
	const { errors, values } = validate(ctx.body, { name: { ...TEXT, required: true }, description: { ...TEXT, nullable: true } }, { partial: true });
	if (hasErrors(errors)) return refused(errors);
	if (values.name !== undefined) kb.name = values.name as string;
	if ('description' in values) kb.description = values.description as string | null;
	kb.updated_at = Date.now();
	const documents = ctx.app.store.knowledgeBases.documentsOf(kb);
	return ok({ message: 'Knowledgebase updated successfully.', data: knowledgeBaseWriteRecord(kb, documents, 'updated') });
}

/** All its documents go; assistants that used it lose the reference. */
export function deleteKnowledgeBase(ctx: RouteContext): ApiResult {
	const kb = baseIn(ctx);
	if (!kb) return KB_NOT_FOUND;
	for (const assistant of ctx.app.store.assistants) {
		if (assistant.user_id === kb.user_id && assistant.knowledgebase_id === kb.id) assistant.knowledgebase_id = null;
	}
	ctx.app.store.knowledgeBases.removeBase(kb);
	return ok({ message: 'Knowledgebase deleted successfully.' });
}

export function listDocuments(ctx: RouteContext): ApiResult {
	const kb = baseIn(ctx);
	if (!kb) return KB_NOT_FOUND;
	return ok({ data: ctx.app.store.knowledgeBases.documentsOf(kb).map((doc) => documentRecord(doc)) });
}

export function getDocument(ctx: RouteContext): ApiResult {
	const kb = baseIn(ctx);
	if (!kb) return KB_NOT_FOUND;
	const doc = ctx.app.store.knowledgeBases.documentOf(kb, ctx.params.docId);
	return doc ? ok({ data: documentRecord(doc) }) : DOCUMENT_NOT_FOUND;
}

export function createDocument(ctx: RouteContext): ApiResult {
	const kb = baseIn(ctx);
	if (!kb) return KB_NOT_FOUND;
	const { errors, values } = validate(ctx.body, {
		name: { ...TEXT, required: true },
		description: { ...TEXT, nullable: true },
		type: { type: 'string', required: true, in: DOCUMENT_TYPES },
	});
	const type = values.type as DocumentType | undefined;
	const source = type === 'website' ? websiteSource(ctx.body, errors) : type ? fileSource(ctx, type, errors) : undefined;
	if (hasErrors(errors) || !type || !source) return refused(errors);
	const processingMs = ctx.app.sim.opts.stepMs * PROCESSING_STEPS;
	const doc = ctx.app.store.knowledgeBases.addDocument(
		kb,
		{ name: values.name as string, description: (values.description as string | null | undefined) ?? null, type, source },
		processingMs,
	);
	return ok({ message: 'Document created successfully. Processing will begin shortly.', data: documentRecord(doc, 'created') }, 201);
}

/** url (required unless links), links: [{link}] (required unless url), relative_links_limit 1–50 (default 10). */
function websiteSource(body: Record<string, unknown>, errors: Errors): DocumentSource | undefined {
	const { errors: own, values } = validate(body, { url: { type: 'url', nullable: true }, links: { type: 'array', nullable: true }, relative_links_limit: { type: 'integer', between: [1, 50] } });
	Object.assign(errors, own);
	const links = (values.links as unknown[] | null | undefined) ?? [];
	const url = (values.url as string | null | undefined) ?? null;
	if (url === null && links.length === 0 && !own.url && !own.links) {
		errors.url = ['The url field is required when links is not present.'];
		errors.links = ['The links field is required when url is not present.'];
	}
	links.forEach((entry, index) => {
		const link = isPlainObject(entry) ? entry.link : undefined;
		if (typeof link !== 'string' || !isValidUrl(link)) errors[`links.${index}.link`] = [`The links.${index}.link field must be a valid URL.`];
	});
	if (hasErrors(errors)) return undefined;
	return { url, links: links.map((entry) => String((entry as { link: string }).link)), relative_links_limit: (values.relative_links_limit as number | undefined) ?? 10 };
}

const EXTENSIONS: Record<Exclude<DocumentType, 'website'>, string[]> = { pdf: ['pdf'], txt: ['txt'], docx: ['docx'] };

/** `file` of a multipart body: present, at most 20 MB, named like the type (Laravel's mimes rule). */
function fileSource(ctx: RouteContext, type: Exclude<DocumentType, 'website'>, errors: Errors): DocumentSource | undefined {
	const file = ctx.files?.file;
	if (!file) {
		errors.file = ['A file is required for this document type.'];
		return undefined;
	}
	const extension = /\.([^.]+)$/.exec(file.filename)?.[1]?.toLowerCase() ?? '';
	if (file.data.length > MAX_DOCUMENT_FILE_BYTES) errors.file = ['The file field must not be greater than 20480 kilobytes.'];
	else if (!EXTENSIONS[type].includes(extension)) errors.file = [`The file field must be a file of type: ${type}.`];
	if (errors.file) return undefined;
	return { filename: file.filename, content_type: file.contentType, size: file.data.length, sha256: createHash('sha256').update(file.data).digest('hex') };
}

/** Name and description only: content and type cannot change. */
export function updateDocument(ctx: RouteContext): ApiResult {
	const kb = baseIn(ctx);
	if (!kb) return KB_NOT_FOUND;
	const store = ctx.app.store.knowledgeBases;
	const doc = store.documentOf(kb, ctx.params.docId);
	if (!doc) return DOCUMENT_NOT_FOUND;
	const { errors, values } = validate(ctx.body, { name: { ...TEXT, required: true }, description: { ...TEXT, nullable: true } }, { partial: true });
	if (hasErrors(errors)) return refused(errors);
	if (values.name !== undefined) doc.name = values.name as string;
	if ('description' in values) doc.description = values.description as string | null;
	doc.updated_at = Date.now();
	return ok({ message: 'Document updated successfully.', data: documentRecord(doc) });
}

/** The last document leaves its knowledge base "empty" (the status is derived from what is left). */
export function deleteDocument(ctx: RouteContext): ApiResult {
	const kb = baseIn(ctx);
	if (!kb) return KB_NOT_FOUND;
	const store = ctx.app.store.knowledgeBases;
	const doc = store.documentOf(kb, ctx.params.docId);
	if (!doc) return DOCUMENT_NOT_FOUND;
	store.removeDocument(kb, doc);
	return ok({ message: 'Document deleted successfully.' });
}
