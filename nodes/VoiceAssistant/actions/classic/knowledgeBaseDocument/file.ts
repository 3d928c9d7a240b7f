/**
 * The file of a PDF, TXT or DOCX document: the item's binary field, checked before anything is sent.
 * `prepare` reads what n8n knows of it (name, MIME type, size); `send` reads its bytes and checks
 * the exact size, and the content itself when the name and MIME type said nothing (no extension,
 * application/octet-stream: fileContent.ts).
 */
import { createHash } from 'node:crypto';
import type { IBinaryData, INode } from 'n8n-workflow';

import { fail, requireText, shown } from '../../../shared/validate';
import type { Api } from '../../../engine/operation';
import type { ItemParams } from '../../../engine/itemParams';
import { typeOfContent, type FileType } from './fileContent';

export type { FileType } from './fileContent';

/** The platform's limit (max 20 MB, Laravel's 20480 kilobytes). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

interface TypeRule {
	/** how messages name it, e.g. 'a PDF file' */
	label: string;
	/** the Type option that takes it */
	option: string;
	extensions: string[];
	mimeTypes: string[];
}

export const FILE_TYPES: Record<FileType, TypeRule> = {
	pdf: { label: 'a PDF file', option: 'PDF File', extensions: ['pdf'], mimeTypes: ['application/pdf'] },
	txt: { label: 'a text file', option: 'Text File (TXT)', extensions: ['txt'], mimeTypes: ['text/plain'] },
	docx: {
		label: 'a Word file (DOCX)',
		option: 'Word File (DOCX)',
		extensions: ['docx'],
		mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
	},
};

/** What n8n writes when it knows nothing of a file: the MIME type, and the extension it derives from it. */
const UNKNOWN_MIME_TYPE = 'application/octet-stream';
const UNKNOWN_EXTENSION = 'bin';

const FIELD = 'Input Binary Field';

export interface FileToSend {
	/** the item's binary field */
	property: string;
	/** the name the platform gets: it judges the type by the extension, so a file judged by its bytes gets one */
	fileName: string;
	mimeType: string;
	type: FileType;
	/** name and MIME type said nothing: `send` checks the bytes */
	checkContent: boolean;
}

/** The item's file for `type`: present, not larger than the platform takes, of the chosen type. */
export function readFile(item: ItemParams, type: FileType): FileToSend {
	const property = requireText(item.node, item.get('binaryPropertyName', 'data'), item.where(FIELD), 200).trim();
	const binary = item.binary(property, FIELD);
	const size = knownSize(binary);
	if (size !== undefined) checkSize(item.node, item.itemIndex, size, describe(binary));
	const kind = kindOf(binary);
	if (kind !== undefined && kind !== type) {
		throw item.fail(FIELD, `holds ${describe(binary)}, not ${FILE_TYPES[type].label}`, matchingTypeHint(kind));
	}
	const rule = FILE_TYPES[type];
	return {
		property,
		fileName: nameToSend(binary.fileName, rule),
		mimeType: rule.mimeTypes.includes(baseMimeType(binary)) ? binary.mimeType! : rule.mimeTypes[0],
		type,
		checkContent: kind === undefined,
	};
}

/** The file's bytes, as n8n keeps them (in the item, on disk or in its object store). */
export async function readFileBytes(api: Api, file: FileToSend): Promise<Buffer> {
	return await api.ctx.helpers.getBinaryDataBuffer(api.itemIndex, file.property);
}

/** The SHA-256 of the bytes: Retry On Fail's memory tells two files under the same name apart by it. */
export function fileDigest(data: Uint8Array): string {
	return createHash('sha256').update(data).digest('base64');
}

/** The bytes just read, before the upload: the exact size, and the content when the name said nothing. */
export function checkFileContent(node: INode, itemIndex: number, file: FileToSend, data: Uint8Array): void {
	const described = shown(file.fileName);
	checkSize(node, itemIndex, data.length, described);
	const found = file.checkContent ? typeOfContent(data) : file.type;
	if (found !== file.type) {
		throw fail(
			node,
			{ field: FIELD, itemIndex },
			`holds ${described}, whose content is not ${FILE_TYPES[file.type].label}`,
			found !== undefined
				? `Its name and MIME type did not say what it is, so its bytes were checked: they are ${FILE_TYPES[found].label}. ${matchingTypeHint(found)}`
				: 'Its name and MIME type did not say what it is, so its bytes were checked: they are no PDF, no Word file (DOCX) and no UTF-8 text. Choose the Type that matches the file, or another file.',
		);
	}
}

function checkSize(node: INode, itemIndex: number, bytes: number, described: string): void {
	if (bytes === 0) throw fail(node, { field: FIELD, itemIndex }, `holds ${described}, which is empty`);
	if (bytes > MAX_FILE_BYTES) {
		throw fail(
			node,
			{ field: FIELD, itemIndex },
			`holds ${described} of ${megabytes(bytes)} (${bytes.toLocaleString('en-US')} bytes); the platform takes files of at most 20 MB (${MAX_FILE_BYTES.toLocaleString('en-US')} bytes)`,
			'Split the file or shorten it, then add the parts as documents of their own.',
		);
	}
}

function megabytes(bytes: number): string {
	return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The size n8n recorded, or the decoded size of data kept in the item (base64); undefined when neither. */
function knownSize(binary: IBinaryData): number | undefined {
	if (typeof binary.bytes === 'number' && Number.isFinite(binary.bytes)) return binary.bytes;
	if (binary.id !== undefined || typeof binary.data !== 'string') return undefined;
	const padding = binary.data.endsWith('==') ? 2 : binary.data.endsWith('=') ? 1 : 0;
	return Math.floor((binary.data.length * 3) / 4) - padding;
}

const extensionOf = (fileName: string | undefined) => /\.([^./\\]+)$/.exec(fileName ?? '')?.[1]?.toLowerCase();

/**
 * What the file says it is: one of the three, 'other', or undefined (nothing said). The file name's
 * own extension comes first; n8n's `fileExtension` is often only derived from the MIME type, and for
 * `application/octet-stream` that is `bin`, which says as little as the MIME type itself.
 */
function kindOf(binary: IBinaryData): FileType | 'other' | undefined {
	const mime = baseMimeType(binary);
	const saysNothing = mime === '' || mime === UNKNOWN_MIME_TYPE;
	const types = Object.keys(FILE_TYPES) as FileType[];
	const extension = extensionOf(binary.fileName) ?? binary.fileExtension?.trim().toLowerCase() ?? '';
	if (extension !== '' && !(extension === UNKNOWN_EXTENSION && saysNothing)) {
		return types.find((type) => FILE_TYPES[type].extensions.includes(extension)) ?? 'other';
	}
	if (saysNothing) return undefined;
	return types.find((type) => FILE_TYPES[type].mimeTypes.includes(mime)) ?? 'other';
}

/** The MIME type without parameters (`text/plain; charset=utf-8` → `text/plain`), lower case. */
function baseMimeType(binary: IBinaryData): string {
	return (binary.mimeType ?? '').split(';')[0].trim().toLowerCase();
}

/** The name as given when it ends in the type's extension; otherwise that extension is added (`notes` → `notes.txt`). */
function nameToSend(fileName: string | undefined, rule: TypeRule): string {
	const name = fileName?.trim() || 'document';
	const extension = extensionOf(name);
	if (extension !== undefined && rule.extensions.includes(extension)) return name;
	const base = extension === UNKNOWN_EXTENSION ? name.slice(0, -(UNKNOWN_EXTENSION.length + 1)) : name;
	return `${base}.${rule.extensions[0]}`;
}

function describe(binary: IBinaryData): string {
	const name = binary.fileName ? shown(binary.fileName) : 'a file';
	return binary.mimeType ? `${name} (${binary.mimeType})` : name;
}

function matchingTypeHint(kind: FileType | 'other'): string {
	if (kind === 'other') return 'The platform takes PDF, TXT and DOCX files (and websites). Convert the file first, or pick another binary field.';
	return `Choose Type "${FILE_TYPES[kind].option}" for this file, or pick another binary field.`;
}
