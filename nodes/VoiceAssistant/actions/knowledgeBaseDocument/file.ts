/**
 * The file of a PDF, TXT or DOCX document: the item's binary field, checked before anything is sent.
 * `prepare` reads what n8n knows of it (name, MIME type, size); `send` reads its bytes and checks
 * the exact size, and the content itself when the name and MIME type said nothing (no extension,
 * application/octet-stream).
 */
import type { IBinaryData, INode } from 'n8n-workflow';

import { fail, requireText, shown } from '../../shared/validate';
import type { ItemParams } from '../../engine/itemParams';

/** The platform's limit (max 20 MB, Laravel's 20480 kilobytes). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export type FileType = 'pdf' | 'txt' | 'docx';

interface TypeRule {
	/** how messages name it, e.g. 'a PDF file' */
	label: string;
	/** the Type option that takes it */
	option: string;
	extensions: string[];
	mimeTypes: string[];
	/** whether the first bytes look like such a file */
	looksLike(data: Uint8Array): boolean;
}

const startsWith = (data: Uint8Array, text: string) => [...text].every((char, index) => data[index] === char.charCodeAt(0));

export const FILE_TYPES: Record<FileType, TypeRule> = {
	pdf: { label: 'a PDF file', option: 'PDF File', extensions: ['pdf'], mimeTypes: ['application/pdf'], looksLike: (data) => startsWith(data, '%PDF-') },
	txt: { label: 'a text file', option: 'Text File (TXT)', extensions: ['txt'], mimeTypes: ['text/plain'], looksLike: (data) => !data.subarray(0, 8192).includes(0) },
	docx: {
		label: 'a Word file (DOCX)',
		option: 'Word File (DOCX)',
		extensions: ['docx'],
		mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
		looksLike: (data) => startsWith(data, 'PK\u0003\u0004'),
	},
};

const FIELD = 'Input Binary Field';

export interface FileToSend {
	/** the item's binary field */
	property: string;
	fileName: string;
	mimeType: string;
	type: FileType;
	/** name and MIME type said nothing: `send` checks the first bytes */
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
		fileName: binary.fileName ?? `document.${rule.extensions[0]}`,
		mimeType: kind === type && binary.mimeType ? binary.mimeType : rule.mimeTypes[0],
		type,
		checkContent: kind === undefined,
	};
}

/** The bytes just read, before the upload: the exact size, and the content when the name said nothing. */
export function checkFileContent(node: INode, itemIndex: number, file: FileToSend, data: Uint8Array): void {
	const described = shown(file.fileName);
	checkSize(node, itemIndex, data.length, described);
	if (file.checkContent && !FILE_TYPES[file.type].looksLike(data)) {
		throw fail(
			node,
			{ field: FIELD, itemIndex },
			`holds ${described}, whose content is not ${FILE_TYPES[file.type].label}`,
			'Its name and MIME type did not say what it is, so its first bytes were checked. Choose the Type that matches the file, or another file.',
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

/** What the name (first) or the MIME type says the file is: one of the three, 'other', or undefined (nothing said). */
function kindOf(binary: IBinaryData): FileType | 'other' | undefined {
	const extension = (binary.fileExtension ?? /\.([^./\\]+)$/.exec(binary.fileName ?? '')?.[1] ?? '').toLowerCase();
	const types = Object.keys(FILE_TYPES) as FileType[];
	if (extension !== '') return types.find((type) => FILE_TYPES[type].extensions.includes(extension)) ?? 'other';
	const mime = (binary.mimeType ?? '').split(';')[0].trim().toLowerCase();
	if (mime === '' || mime === 'application/octet-stream') return undefined;
	return types.find((type) => FILE_TYPES[type].mimeTypes.includes(mime)) ?? 'other';
}

function describe(binary: IBinaryData): string {
	const name = binary.fileName ? shown(binary.fileName) : 'a file';
	return binary.mimeType ? `${name} (${binary.mimeType})` : name;
}

function matchingTypeHint(kind: FileType | 'other'): string {
	if (kind === 'other') return 'The platform takes PDF, TXT and DOCX files (and websites). Convert the file first, or pick another binary field.';
	return `Choose Type "${FILE_TYPES[kind].option}" for this file, or pick another binary field.`;
}
