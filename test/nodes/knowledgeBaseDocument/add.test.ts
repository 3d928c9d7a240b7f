/**
 * Knowledge Base Document → Add: a website as JSON, a PDF/TXT/DOCX file from the item's binary field
 * as multipart/form-data (through the real engine and the transport), refused before sending when the
 * file is missing, too large or of another type.
 */
import { createHash } from 'node:crypto';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { byId, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

const add = (parameters: IDataObject) => ({ resource: 'knowledgeBaseDocument', operation: 'add', knowledgeBaseId: byId(2), name: 'Doc', ...parameters });

/** An input item carrying a file in binary field `field`, as n8n keeps it (base64). */
function fileItem(data: Buffer, meta: { fileName?: string; mimeType: string; fileExtension?: string }, field = 'data'): INodeExecutionData {
	return { json: {}, binary: { [field]: { data: data.toString('base64'), ...meta } } };
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 1), Buffer.from('\n%%EOF')]);
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const posts = () => t.requests().filter((r) => r.method === 'POST');

describe('Knowledge Base Document → Add: websites', () => {
	it('sends one URL as JSON and outputs the new document, processing', async () => {
		const [doc] = jsonOf(expectOk(await t.run(add({ name: 'Docs', url: 'https://docs.example.com', additionalFields: { description: 'Our docs' } }))));
		expect(t.requests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/api/user/knowledgebases/2/documents',
				body: { name: 'Docs', type: 'website', description: 'Our docs', relative_links_limit: 10, url: 'https://docs.example.com' },
				status: 201,
			}),
		]);
		expect(doc).toEqual(
			expect.objectContaining({ id: 4, name: 'Docs', type: 'website', status: 'processing', knowledgebase_id: 2, message: 'Document created successfully. Processing will begin shortly.' }),
		);
	});

	it('sends a list of links as links: [{link}] with the Relative Links Limit', async () => {
		const links = { link: [{ url: 'https://a.example.com' }, { url: 'https://b.example.com/x' }] };
		expectOk(await t.run(add({ websiteSource: 'links', links, relativeLinksLimit: 3 })));
		expect(posts()[0].body).toEqual({ name: 'Doc', type: 'website', relative_links_limit: 3, links: [{ link: 'https://a.example.com' }, { link: 'https://b.example.com/x' }] });
	});

	it('refuses a missing or bad URL, no links and a limit outside 1–50 before sending', async () => {
		expect((await t.run(add({ url: '={{ $json.url }}' }), { items: [{ url: ' ' }] })).error?.message).toBe('URL is required [item 0]');
		expect((await t.run(add({ url: 'ftp://x.example.com' }))).error?.message).toBe('URL must be a valid http(s) URL (got "ftp://x.example.com") [item 0]');
		expect((await t.run(add({ websiteSource: 'links', links: {} }))).error?.message).toBe(
			'Links is empty: add at least one URL (or choose Website Source "One URL") [item 0]',
		);
		expect((await t.run(add({ websiteSource: 'links', links: { link: [{ url: 'https://ok.example.com' }, { url: 'nope' }] } }))).error?.message).toBe(
			'Links → URL 2 must be a valid http(s) URL (got "nope") [item 0]',
		);
		expect((await t.run(add({ url: 'https://x.example.com', relativeLinksLimit: '={{ 51 }}' }))).error?.message).toBe(
			'Relative Links Limit must be between 1 and 50 (got 51) [item 0]',
		);
		expect(t.requests()).toHaveLength(0);
	});
});

describe('Knowledge Base Document → Add: files', () => {
	it('uploads the item’s PDF as multipart/form-data: name, type, description and the file, byte for byte', async () => {
		const item = fileItem(PDF, { fileName: 'manual.pdf', mimeType: 'application/pdf', fileExtension: 'pdf' });
		const result = await t.run(add({ documentType: 'pdf', name: 'Manual', additionalFields: { description: 'The manual' } }), { items: [item] as never });
		const [doc] = jsonOf(expectOk(result));
		expect(posts()).toEqual([
			expect.objectContaining({
				path: '/api/user/knowledgebases/2/documents',
				body: { name: 'Manual', type: 'pdf', description: 'The manual', file: { filename: 'manual.pdf', content_type: 'application/pdf', size: PDF.length } },
				status: 201,
			}),
		]);
		const stored = t.sb.store.knowledgeBases.documents.find((d) => d.id === doc.id)!;
		expect(stored.source).toMatchObject({ sha256: sha(PDF), size: PDF.length });
		expect(doc).toEqual(expect.objectContaining({ name: 'Manual', type: 'pdf', status: 'processing', knowledgebase_id: 2 }));
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('reads the file from the Input Binary Field given; TXT and DOCX go the same way', async () => {
		const text = Buffer.from('Opening hours: 9 to 5.\nClosed on Sundays.\n');
		const docx = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 2)]);
		const upload = (data: Buffer, fileName: string, mimeType: string) => [fileItem(data, { fileName, mimeType }, 'upload')] as never;
		const [txtDoc] = jsonOf(expectOk(await t.run(add({ documentType: 'txt', name: 'Hours', binaryPropertyName: 'upload' }), { items: upload(text, 'hours.txt', 'text/plain') })));
		const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
		const [docxDoc] = jsonOf(expectOk(await t.run(add({ documentType: 'docx', name: 'Terms', binaryPropertyName: 'upload' }), { items: upload(docx, 'terms.docx', docxType) })));
		expect([txtDoc.type, docxDoc.type]).toEqual(['txt', 'docx']);
		expect(posts().map((r) => (r.body as IDataObject).file)).toEqual([
			{ filename: 'hours.txt', content_type: 'text/plain', size: text.length },
			{ filename: 'terms.docx', content_type: docxType, size: docx.length },
		]);
		const stored = t.sb.store.knowledgeBases.documents.filter((d) => d.knowledgebase_id === 2);
		expect(stored.map((d) => (d.source as { sha256: string }).sha256)).toEqual([sha(text), sha(docx)]);
	});

	it('sends the whole file again after a 429 (the form is built anew for each attempt)', async () => {
		t.sb.setFaults([{ kind: 'rate-limit', retryAfter: 0.1, count: 1, match: { method: 'POST' } }]);
		const item = fileItem(PDF, { fileName: 'manual.pdf', mimeType: 'application/pdf' });
		expectOk(await t.run(add({ documentType: 'pdf' }), { items: [item] as never }));
		expect(posts().map((r) => r.status)).toEqual([429, 201]);
		expect(posts()[1].body).toMatchObject({ file: { filename: 'manual.pdf', size: PDF.length } });
		expect((t.sb.store.knowledgeBases.documents.at(-1)!.source as { sha256: string }).sha256).toBe(sha(PDF));
	});

	it('refuses, before anything is sent, an item without the binary field, naming field and item', async () => {
		const items = [fileItem(PDF, { fileName: 'a.pdf', mimeType: 'application/pdf' }), fileItem(PDF, { fileName: 'b.pdf', mimeType: 'application/pdf' }, 'other')];
		const result = await t.run(add({ documentType: 'pdf' }), { items: items as never });
		expect(result.error?.message).toContain('Input Binary Field names no file of this item (got "data") [item 1]');
		expect(t.requests()).toHaveLength(0);
	});

	it('refuses a file of another type than the chosen one, saying which Type fits', async () => {
		const item = fileItem(Buffer.from('PK\u0003\u0004'), { fileName: 'terms.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
		const result = await t.run(add({ documentType: 'pdf' }), { items: [item] as never });
		expect(result.error?.message).toBe(
			'Input Binary Field holds "terms.docx" (application/vnd.openxmlformats-officedocument.wordprocessingml.document), not a PDF file [item 0]',
		);
		expect((result.error as { description?: string }).description).toBe('Choose Type "Word File (DOCX)" for this file, or pick another binary field.');
		const image = await t.run(add({ documentType: 'txt' }), { items: [fileItem(Buffer.from('x'), { fileName: 'photo.png', mimeType: 'image/png' })] as never });
		expect(image.error?.message).toBe('Input Binary Field holds "photo.png" (image/png), not a text file [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it('refuses a file over 20 MB and an empty one before sending', async () => {
		const big = Buffer.alloc(20 * 1024 * 1024 + 1, 65);
		const result = await t.run(add({ documentType: 'txt' }), { items: [fileItem(big, { fileName: 'big.txt', mimeType: 'text/plain' })] as never });
		expect(result.error?.message).toBe('Input Binary Field holds "big.txt" (text/plain) of 20.0 MB (20,971,521 bytes); the platform takes files of at most 20 MB (20,971,520 bytes) [item 0]');
		const empty = await t.run(add({ documentType: 'txt' }), { items: [fileItem(Buffer.alloc(0), { fileName: 'empty.txt', mimeType: 'text/plain' })] as never });
		expect(empty.error?.message).toBe('Input Binary Field holds "empty.txt" (text/plain), which is empty [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it('a file whose name and MIME type say nothing is checked by its first bytes', async () => {
		const unnamed = (data: Buffer) => fileItem(data, { mimeType: 'application/octet-stream' });
		expectOk(await t.run(add({ documentType: 'pdf' }), { items: [unnamed(PDF)] as never }));
		expect(posts()[0].body).toMatchObject({ file: { filename: 'document.pdf', content_type: 'application/pdf', size: PDF.length } });
		t.sb.clearRequests();
		const result = await t.run(add({ documentType: 'pdf' }), { items: [unnamed(Buffer.from('just text'))] as never });
		expect(result.error?.message).toBe('Input Binary Field holds "document.pdf", whose content is not a PDF file [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it('a knowledge base that is not there fails the item with the platform’s words; Continue On Fail keeps going', async () => {
		const items = [fileItem(PDF, { fileName: 'a.pdf', mimeType: 'application/pdf' }), fileItem(PDF, { fileName: 'b.pdf', mimeType: 'application/pdf' })];
		const result = await t.run(add({ documentType: 'pdf', knowledgeBaseId: byId('={{ $itemIndex === 0 ? 99 : 2 }}') }), { items: items as never, continueOnFail: true });
		const out = jsonOf(expectOk(result));
		expect(out[0].error).toBe('Knowledge base 99 was not found');
		expect(out[1]).toMatchObject({ type: 'pdf', knowledgebase_id: 2 });
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});
