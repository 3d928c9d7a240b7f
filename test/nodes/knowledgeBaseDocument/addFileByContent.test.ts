/**
 * Knowledge Base Document → Add with a file whose name and MIME type say nothing: what n8n makes of a
 * download without a name or a Code node's Buffer (`application/octet-stream`, fileExtension `bin`).
 * Such a file is judged by its bytes, goes to the platform named with the type's extension, and
 * Retry On Fail tells it apart from another file under the same fields by its bytes.
 */
import { createHash } from 'node:crypto';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { runNode } from '../../harness';
import { rememberedRuns } from '../../../nodes/VoiceAssistant/engine/batch/retryMemory';
import { VoiceAssistant, byId, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

const add = (parameters: IDataObject) => ({ resource: 'knowledgeBaseDocument', operation: 'add', knowledgeBaseId: byId(2), name: 'Doc', ...parameters });

/** What n8n's prepareBinaryData(buffer) records for bytes it cannot name: octet-stream, extension `bin`. */
const unnamed = (data: Buffer, fileName?: string) => ({ data: data.toString('base64'), mimeType: 'application/octet-stream', fileExtension: 'bin', ...(fileName ? { fileName } : {}) });
const itemWith = (binary: IDataObject): INodeExecutionData => ({ json: {}, binary: { data: binary } }) as never;

const TEXT = Buffer.from('Opening hours: 9 to 5.\nGeschlossen am Sonntag – bis Montag!\n');
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 1), Buffer.from('\n%%EOF')]);
const DOCX = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 2)]);
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const posts = () => t.requests().filter((r) => r.method === 'POST');
const storedSource = (id: unknown) => t.sb.store.knowledgeBases.documents.find((d) => d.id === id)?.source;

describe('Knowledge Base Document → Add: a file whose name and MIME type say nothing', () => {
	it('uploads a text file without a name (octet-stream, extension bin) as document.txt, text/plain, byte for byte', async () => {
		const [doc] = jsonOf(expectOk(await t.run(add({ documentType: 'txt' }), { items: [itemWith(unnamed(TEXT))] as never })));
		expect(posts()).toEqual([
			expect.objectContaining({ body: { name: 'Doc', type: 'txt', file: { filename: 'document.txt', content_type: 'text/plain', size: TEXT.length } }, status: 201 }),
		]);
		expect(storedSource(doc.id)).toMatchObject({ sha256: sha(TEXT) });
	});

	it('keeps a name without an extension and adds the type’s (the platform judges by the extension): README → README.txt', async () => {
		expectOk(await t.run(add({ documentType: 'txt' }), { items: [itemWith(unnamed(TEXT, 'README'))] as never }));
		expect(posts()[0].body).toMatchObject({ file: { filename: 'README.txt', content_type: 'text/plain' } });
	});

	it('believes the file name’s own extension before n8n’s `bin`', async () => {
		expectOk(await t.run(add({ documentType: 'txt' }), { items: [itemWith(unnamed(TEXT, 'notes.txt'))] as never }));
		expect(posts()[0].body).toMatchObject({ file: { filename: 'notes.txt', content_type: 'text/plain' } });
	});

	it('takes a PDF and a DOCX without a name by their bytes', async () => {
		expectOk(await t.run(add({ documentType: 'pdf' }), { items: [itemWith(unnamed(PDF))] as never }));
		expectOk(await t.run(add({ documentType: 'docx' }), { items: [itemWith(unnamed(DOCX, 'download.bin'))] as never }));
		expect(posts().map((r) => (r.body as IDataObject).file)).toEqual([
			{ filename: 'document.pdf', content_type: 'application/pdf', size: PDF.length },
			{ filename: 'download.docx', content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: DOCX.length },
		]);
	});

	it('refuses, before sending, bytes that are not UTF-8 text for Type TXT (a NUL, or Latin-1), naming field and item', async () => {
		const withNul = await t.run(add({ documentType: 'txt' }), { items: [itemWith(unnamed(Buffer.from('abc\u0000def')))] as never });
		expect(withNul.error?.message).toBe('Input Binary Field holds "document.txt", whose content is not a text file [item 0]');
		const latin1 = await t.run(add({ documentType: 'txt' }), { items: [itemWith(unnamed(Buffer.from('Gr\xfc\xdfe', 'latin1')))] as never });
		expect(latin1.error?.message).toBe('Input Binary Field holds "document.txt", whose content is not a text file [item 0]');
		expect((latin1.error as { description?: string }).description).toContain('no PDF, no Word file (DOCX) and no UTF-8 text');
		expect(t.requests()).toHaveLength(0);
	});

	it('says which Type the bytes fit when they are another of the three', async () => {
		const result = await t.run(add({ documentType: 'txt' }), { items: [itemWith(unnamed(PDF))] as never });
		expect(result.error?.message).toBe('Input Binary Field holds "document.txt", whose content is not a text file [item 0]');
		expect((result.error as { description?: string }).description).toContain('they are a PDF file. Choose Type "PDF File" for this file');
		expect(t.requests()).toHaveLength(0);
	});
});

describe('Knowledge Base Document → Add under Retry On Fail: the file’s bytes are part of the write', () => {
	const named = (data: Buffer) => ({ data: data.toString('base64'), mimeType: 'text/plain', fileName: 'hours.txt' });

	/**
	 * Two items; item 1's upload answers 500 after the platform saved it, so n8n runs the node again.
	 * Item 0's Input Binary Field is an expression whose value differs on the second try (as one with
	 * $now would); here it counts the tries on the item, so the test is deterministic.
	 */
	async function runTwice(secondTry: Buffer) {
		t.sb.clearRequests();
		t.sb.setFaults([{ kind: 'status', status: 500, match: { method: 'POST', body: { name: 'Second' } } }]);
		const items = [
			{ json: { name: 'First', tries: [] }, binary: { a: named(TEXT), b: named(secondTry) } },
			{ json: { name: 'Second', tries: [] }, binary: { a: named(TEXT), b: named(TEXT) } },
		];
		const parameters = add({ documentType: 'txt', name: '={{ $json.name }}', binaryPropertyName: '={{ $json.tries.push(1) === 1 ? "a" : "b" }}' });
		const result = await runNode({
			node: VoiceAssistant,
			parameters: { ...parameters, requestOptions: { timeout: 2_000, parallelRequests: 1 } } as INodeParameters,
			credentials: t.credentials,
			items: items as never,
			nodeSettings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
		});
		const firstUploads = posts().filter((r) => (r.body as IDataObject).name === 'First');
		return { result, firstUploads };
	}

	it('the same file on the next try is the same write; another file under the same fields is another: never passed off as the one added before', async () => {
		const same = await runTwice(TEXT);
		expect(same.firstUploads).toHaveLength(1);
		expect(same.result.error?.message).toMatch(/may have been added: check before retrying \[item 1\]$/);

		const other = await runTwice(Buffer.from('Another text altogether.\n'));
		expect(other.firstUploads).toHaveLength(1);
		expect(other.result.error?.message).toBe('This item was sent in an earlier try of this run, but its request is different now, so it is not sent again [item 0]');
		expect(rememberedRuns()).toBe(0);
	});
});
