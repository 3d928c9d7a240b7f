/**
 * What a file's bytes say it is, for files whose name and MIME type say nothing (a download without a
 * name, a file made in a Code node): n8n calls those `application/octet-stream` with extension `bin`.
 * Only the three types the platform takes (pdf, txt, docx: docs/platform-facts.md, "Knowledge base document file types") are told apart.
 */
/** The file types the platform takes for a document. */
export type FileType = 'pdf' | 'txt' | 'docx';

const startsWith = (data: Uint8Array, text: string) => data.length >= text.length && [...text].every((char, index) => data[index] === char.charCodeAt(0));

/** `%PDF-`: every PDF starts with its header (ISO 32000). */
const looksLikePdf = (data: Uint8Array): boolean => startsWith(data, '%PDF-');

/** A ZIP's local file header: a DOCX is a ZIP of XML parts. */
const looksLikeDocx = (data: Uint8Array): boolean => startsWith(data, 'PK\u0003\u0004');

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Text: valid UTF-8 without NUL bytes. A NUL never occurs in text and is in nearly every binary
 * format; invalid UTF-8 is either binary or text in a legacy encoding the platform may misread.
 */
function looksLikeText(data: Uint8Array): boolean {
	if (data.includes(0)) return false;
	try {
		utf8.decode(data);
		return true;
	} catch {
		return false;
	}
}

/** The type the bytes show, or undefined when they look like none of the three (a PDF is not taken for text, though its header is). */
export function typeOfContent(data: Uint8Array): FileType | undefined {
	if (looksLikePdf(data)) return 'pdf';
	if (looksLikeDocx(data)) return 'docx';
	if (looksLikeText(data)) return 'txt';
	return undefined;
}
