/**
 * A minimal multipart/form-data parser (RFC 7578) for the file upload of knowledge-base documents.
 * Hostile input is bounded: the server reads at most MAX_MULTIPART_BODY bytes before this runs, a
 * form has at most MAX_PARTS parts, a part's headers at most MAX_PART_HEADER bytes, and file
 * contents are views into the body (never copied).
 */
export const MAX_PARTS = 50;
export const MAX_PART_HEADER = 8 * 1024;

export interface UploadedFile {
	/** the form field, e.g. 'file' */
	field: string;
	filename: string;
	contentType: string;
	data: Buffer;
}

export interface MultipartForm {
	fields: Record<string, string>;
	files: Record<string, UploadedFile>;
}

/** The boundary of a multipart/form-data content type; '' when the type is multipart without one; undefined for other types. */
export function boundaryOf(contentType: string | undefined): string | undefined {
	if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
	const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
	return match ? (match[1] ?? match[2]) : '';
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The fields and files of a body, or why it cannot be read. The first file of a field wins. */
export function parseMultipart(body: Buffer, boundary: string): MultipartForm | { error: string } {
	const opening = Buffer.from(`--${boundary}`);
	const between = Buffer.from(`\r\n--${boundary}`);
	const form: MultipartForm = { fields: Object.create(null), files: Object.create(null) };
	let at = body.indexOf(opening);
	if (at < 0) return { error: 'the body does not contain the boundary' };
	at += opening.length;
	for (let parts = 0; ; parts++) {
		if (body[at] === 0x2d && body[at + 1] === 0x2d) return form; // "--": the closing delimiter
		if (!body.subarray(at, at + 2).equals(CRLF)) return { error: 'a boundary is not followed by a line break' };
		if (parts >= MAX_PARTS) return { error: `more than ${MAX_PARTS} parts` };
		const headerStart = at + 2;
		const headerEnd = body.indexOf(HEADER_END, headerStart);
		if (headerEnd < 0 || headerEnd - headerStart > MAX_PART_HEADER) return { error: 'a part has no end of headers within 8 KB' };
		const next = body.indexOf(between, headerEnd + HEADER_END.length);
		if (next < 0) return { error: 'the last part is not closed by the boundary' };
		const part = readHeaders(body.subarray(headerStart, headerEnd).toString('utf8'));
		if (!part) return { error: 'a part has no Content-Disposition: form-data with a name' };
		const content = body.subarray(headerEnd + HEADER_END.length, next);
		if (part.filename !== undefined) {
			form.files[part.name] ??= { field: part.name, filename: part.filename, contentType: part.contentType, data: content };
		} else {
			form.fields[part.name] ??= content.toString('utf8');
		}
		at = next + between.length;
	}
}

function readHeaders(text: string): { name: string; filename?: string; contentType: string } | undefined {
	let disposition = '';
	let contentType = 'text/plain';
	for (const line of text.split('\r\n')) {
		const colon = line.indexOf(':');
		if (colon < 0) continue;
		const key = line.slice(0, colon).trim().toLowerCase();
		const value = line.slice(colon + 1).trim();
		if (key === 'content-disposition') disposition = value;
		else if (key === 'content-type') contentType = value;
	}
	if (!/^form-data\s*(;|$)/i.test(disposition)) return undefined;
	const name = parameter(disposition, 'name');
	if (name === undefined) return undefined;
	return { name, filename: parameter(disposition, 'filename'), contentType };
}

/** A quoted (or bare) parameter; browsers and Node escape ", CR and LF as %22, %0D, %0A. */
function parameter(header: string, key: string): string | undefined {
	const match = new RegExp(`;\\s*${key}=(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(header);
	if (!match) return undefined;
	return (match[1] ?? match[2]).replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}
