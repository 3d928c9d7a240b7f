/**
 * Reading a request body, bounded: JSON (every route) up to MAX_BODY, multipart/form-data (/api only,
 * the document upload) up to MAX_MULTIPART_BODY. Past the bound the request is answered 413 and the
 * rest of the body is drained unread.
 */
import type { IncomingMessage } from 'node:http';
import { boundaryOf, parseMultipart, type UploadedFile } from './multipart';

export const MAX_BODY = 1024 * 1024;
/** The platform's 20 MB file, its text fields and the framing. */
export const MAX_MULTIPART_BODY = 21 * 1024 * 1024;

export class BodyTooLarge extends Error {}

export interface RequestBody {
	/** the body as text (JSON bodies; '' for multipart) */
	raw: string;
	/** the JSON value, or the text fields of a multipart form */
	parsed: unknown;
	parseError: string | null;
	format: 'json' | 'multipart';
	/** the files of a multipart form, by field */
	files: Record<string, UploadedFile>;
	/** what the request log keeps: a multipart form's fields, each file as {filename, content_type, size} */
	logged?: unknown;
}

function readAll(req: IncomingMessage, limit: number): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			if (size > limit) return;
			size += chunk.length;
			if (size > limit) {
				chunks.length = 0;
				reject(new BodyTooLarge());
				req.resume();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

/** Throws BodyTooLarge past the bound. */
export async function readRequestBody(req: IncomingMessage, allowMultipart: boolean): Promise<RequestBody> {
	const boundary = allowMultipart ? boundaryOf(req.headers['content-type']) : undefined;
	if (boundary === undefined) {
		const raw = (await readAll(req, MAX_BODY)).toString('utf8');
		let parsed: unknown = undefined;
		let parseError: string | null = null;
		if (raw.trim() !== '') {
			try {
				parsed = JSON.parse(raw);
			} catch (err) {
				parseError = err instanceof Error ? err.message : String(err);
			}
		}
		return { raw, parsed, parseError, format: 'json', files: {} };
	}
	const data = await readAll(req, MAX_MULTIPART_BODY);
	const form = boundary === '' ? { error: 'the content type names no boundary' } : parseMultipart(data, boundary);
	if ('error' in form) return { raw: '', parsed: undefined, parseError: form.error, format: 'multipart', files: {}, logged: `multipart/form-data: ${form.error}` };
	const logged: Record<string, unknown> = { ...form.fields };
	for (const file of Object.values(form.files)) {
		logged[file.field] = { filename: file.filename, content_type: file.contentType, size: file.data.length };
	}
	return { raw: '', parsed: { ...form.fields }, parseError: null, format: 'multipart', files: form.files, logged };
}
