/** The fields of Knowledge Base Document → Add, and the readers of its website part. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { checkRange, requireUrl } from '../../../shared/validate';
import type { ItemParams } from '../../../engine/itemParams';
import { descriptionField, knowledgeBaseLocator, nameField } from '../knowledgeBase/fields';
import { MAX_FILE_BYTES } from './file';
import { waitFields } from './wait';

export const DOCUMENT_TYPES = ['website', 'pdf', 'txt', 'docx'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** relative_links_limit: how many links found on the pages are followed (2026 docs: 1–50, default 10). */
export const RELATIVE_LINKS = { min: 1, max: 50, integer: true } as const;

const website = { documentType: ['website'] };
const files = { documentType: ['pdf', 'txt', 'docx'] };

export const addFields: INodeProperties[] = [
	knowledgeBaseLocator('The knowledge base to add the document to'),
	{
		displayName: 'Type',
		name: 'documentType',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'PDF File', value: 'pdf', description: 'A PDF from a binary field of the item' },
			{ name: 'Text File (TXT)', value: 'txt', description: 'A plain text file from a binary field of the item' },
			{ name: 'Website', value: 'website', description: 'Web pages the platform reads itself' },
			{ name: 'Word File (DOCX)', value: 'docx', description: 'A Word document from a binary field of the item' },
		],
		default: 'website',
		description: 'What the document is made of',
	},
	nameField('The name of the document in the knowledge base'),
	{
		displayName: 'Website Source',
		name: 'websiteSource',
		type: 'options',
		options: [
			{ name: 'One URL', value: 'url', description: 'A page; the platform also follows links it finds there, up to Relative Links Limit' },
			{ name: 'List of Links', value: 'links', description: 'Specific pages' },
		],
		default: 'url',
		displayOptions: { show: website },
	},
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/faq',
		description: 'The page to read',
		displayOptions: { show: { ...website, websiteSource: ['url'] } },
	},
	{
		displayName: 'Links',
		name: 'links',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Link',
		default: {},
		description: 'The pages to read (at least one)',
		displayOptions: { show: { ...website, websiteSource: ['links'] } },
		options: [
			{
				displayName: 'Link',
				name: 'link',
				values: [{ displayName: 'URL', name: 'url', type: 'string', default: '', placeholder: 'e.g. https://example.com/pricing' }],
			},
		],
	},
	{
		displayName: 'Relative Links Limit',
		name: 'relativeLinksLimit',
		type: 'number',
		typeOptions: { minValue: RELATIVE_LINKS.min, maxValue: RELATIVE_LINKS.max, numberPrecision: 0 },
		default: 10,
		description: 'The most links found on the pages that the platform follows when reading them (1 to 50)',
		displayOptions: { show: website },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field containing the file to be uploaded',
		description: `The file must match the Type and be at most ${MAX_FILE_BYTES / (1024 * 1024)} MB. It is sent as multipart/form-data: raise the Timeout in Request Options for large files on slow connections.`,
		displayOptions: { show: files },
	},
	...waitFields,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [descriptionField('What the document is about')],
	},
];

/** url, or links: [{link}], plus relative_links_limit: the JSON body's website part. */
export function readWebsite(item: ItemParams): IDataObject {
	const body: IDataObject = {
		relative_links_limit: checkRange(item.node, item.get('relativeLinksLimit', 10), RELATIVE_LINKS, item.where('Relative Links Limit')),
	};
	if (item.get('websiteSource', 'url') === 'links') {
		const rows = ((item.get('links', {}) as IDataObject).link ?? []) as IDataObject[];
		const links = rows.map((row, index) => ({ link: requireUrl(item.node, row.url, item.where(`Links → URL ${index + 1}`)) }));
		if (links.length === 0) throw item.fail('Links', 'is empty: add at least one URL (or choose Website Source "One URL")');
		body.links = links;
	} else {
		body.url = requireUrl(item.node, item.get('url'), item.where('URL'));
	}
	return body;
}
