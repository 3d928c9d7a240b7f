/** Sandbox contract: knowledge bases and their documents over real HTTP (2026 docs), file upload as multipart/form-data included. */
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';

import { PROCESSING_STEPS } from '../../sandbox/knowledgeBases';
import { useClients } from './helpers';

const c = useClients({ reset: 'all' });

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const KB_KEYS = ['assistants_count', 'created_at', 'description', 'documents_count', 'id', 'name', 'status', 'status_label', 'updated_at'];
const DOC_KEYS = ['created_at', 'description', 'id', 'name', 'status', 'status_label', 'type', 'type_label', 'updated_at'];
/**
 * Processing takes PROCESSING_STEPS call steps (15 ms each here) after the document was stored: it
 * is `processing` until its ready_at, read at each request. The tests check that schedule on the
 * record and then hold the document before it (`processing`) or move it past it (`processed`),
 * instead of racing 45 ms of real time on a busy machine.
 */
function scheduled(id: number) {
	const doc = c.sb.store.knowledgeBases.documents.find((candidate) => candidate.id === id)!;
	expect(doc.ready_at - doc.created_at).toBe(15 * PROCESSING_STEPS);
	return {
		processing: () => {
			doc.ready_at = Date.now() + 3_600_000;
		},
		processed: () => {
			doc.ready_at = Date.now();
		},
	};
}

function fileForm(fields: Record<string, string>, file?: { data: Buffer; name: string; type?: string }): FormData {
	const form = new FormData();
	for (const [key, value] of Object.entries(fields)) form.append(key, value);
	if (file) form.append('file', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
	return form;
}

/** A raw request (bodies axios would not send): status and parsed answer. */
function raw(method: string, path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: any }> {
	const url = new URL(`${c.sb.baseUrl}${path}`);
	return new Promise((resolve, reject) => {
		const req = httpRequest(url, { method, headers: { Authorization: `Bearer ${c.sb.tokens.alice}`, 'Content-Length': String(body.length), ...headers } }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
		});
		req.on('error', reject);
		req.end(body);
	});
}

describe('knowledge bases', () => {
	it('GET /user/knowledgebases answers {data: [...]} with the documented keys, only the token owner’s', async () => {
		const res = await c.alice.get('/user/knowledgebases');
		expect(res.status).toBe(200);
		expect(res.data.data.map((kb: { id: number }) => kb.id)).toEqual([1, 2]);
		for (const kb of res.data.data) {
			expect(Object.keys(kb).sort()).toEqual(KB_KEYS);
			expect(kb.created_at).toMatch(ISO_MICROS);
		}
		expect(res.data.data[0]).toMatchObject({ name: 'Product FAQ', status: 'active', status_label: 'Active', documents_count: 2, assistants_count: 0 });
		expect(res.data.data[1]).toMatchObject({ name: 'Onboarding', status: 'empty', status_label: 'Empty', documents_count: 0, description: null });
		expect((await c.bob.get('/user/knowledgebases')).data.data.map((kb: { id: number }) => kb.id)).toEqual([3]);
	});

	it('GET /user/knowledgebases/{id}: {data}; another user’s or an unknown one is 404 {error}', async () => {
		expect((await c.alice.get('/user/knowledgebases/1')).data.data).toMatchObject({ id: 1, documents_count: 2 });
		for (const path of ['/user/knowledgebases/3', '/user/knowledgebases/999']) {
			const res = await c.alice.get(path);
			expect(res.status).toBe(404);
			expect(res.data).toEqual({ error: 'Knowledgebase not found.' });
		}
	});

	it('counts the assistants that use a knowledge base', async () => {
		c.sb.store.assistants.find((a) => a.user_id === c.sb.users.alice)!.knowledgebase_id = 1;
		expect((await c.alice.get('/user/knowledgebases/1')).data.data.assistants_count).toBe(1);
	});

	it('POST creates an empty knowledge base (201, no counts); name is required and at most 255 characters', async () => {
		const res = await c.alice.post('/user/knowledgebases', { name: 'Support', description: 'Support answers' });
		expect(res.status).toBe(201);
		expect(res.data.message).toBe('Knowledgebase created successfully.');
		expect(Object.keys(res.data.data).sort()).toEqual(['created_at', 'description', 'id', 'name', 'status', 'status_label', 'updated_at']);
		expect(res.data.data).toMatchObject({ id: 4, name: 'Support', description: 'Support answers', status: 'empty' });
		expect(c.sb.store.knowledgeBases.baseOf(c.sb.users.alice, 4)).toBeDefined();

		const missing = await c.alice.post('/user/knowledgebases', { description: 'x' });
		expect(missing.status).toBe(422);
		expect(missing.data).toEqual({ message: 'The name field is required.', errors: { name: ['The name field is required.'] } });
		const long = await c.alice.post('/user/knowledgebases', { name: 'n'.repeat(256) });
		expect(long.data.errors.name).toEqual(['The name field must not be greater than 255 characters.']);
	});

	it('PUT changes name and/or description and answers a subset with updated_at', async () => {
		const res = await c.alice.put('/user/knowledgebases/1', { description: 'New words' });
		expect(res.status).toBe(200);
		expect(res.data.message).toBe('Knowledgebase updated successfully.');
		expect(Object.keys(res.data.data).sort()).toEqual(['description', 'id', 'name', 'status', 'status_label', 'updated_at']);
		expect(res.data.data).toMatchObject({ id: 1, name: 'Product FAQ', description: 'New words', status: 'active' });
		expect((await c.alice.put('/user/knowledgebases/1', { name: '' })).status).toBe(422);
		expect((await c.bob.put('/user/knowledgebases/1', { name: 'Mine' })).data).toEqual({ error: 'Knowledgebase not found.' });
	});

	it('DELETE removes it with its documents; assistants that used it lose the reference', async () => {
		const assistant = c.sb.store.assistants.find((a) => a.user_id === c.sb.users.alice)!;
		assistant.knowledgebase_id = 1;
		const res = await c.alice.delete('/user/knowledgebases/1');
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ message: 'Knowledgebase deleted successfully.' });
		expect(assistant.knowledgebase_id).toBeNull();
		expect(c.sb.store.knowledgeBases.documents.some((doc) => doc.knowledgebase_id === 1)).toBe(false);
		expect((await c.alice.delete('/user/knowledgebases/1')).status).toBe(404);
		expect((await c.alice.get('/user/knowledgebases/1/documents')).data).toEqual({ error: 'Knowledgebase not found.' });
	});
});

describe('documents', () => {
	it('GET .../documents: {data: [...]}; GET .../documents/{id}: {data}; 404 names the knowledge base or the document', async () => {
		const list = await c.alice.get('/user/knowledgebases/1/documents');
		expect(list.data.data.map((doc: { id: number }) => doc.id)).toEqual([1, 2]);
		for (const doc of list.data.data) expect(Object.keys(doc).sort()).toEqual(DOC_KEYS);
		expect(list.data.data[1]).toMatchObject({ name: 'Price List 2026', type: 'pdf', type_label: 'PDF', status: 'active', status_label: 'Active' });
		expect((await c.alice.get('/user/knowledgebases/1/documents/2')).data.data).toMatchObject({ id: 2, type: 'pdf' });
		expect((await c.alice.get('/user/knowledgebases/1/documents/3')).data).toEqual({ error: 'Document not found.' });
		expect((await c.alice.get('/user/knowledgebases/3/documents/3')).data).toEqual({ error: 'Knowledgebase not found.' });
		expect((await c.bob.get('/user/knowledgebases/1/documents')).status).toBe(404);
	});

	it('a website document (JSON) is processing, then active; the knowledge base follows', async () => {
		const res = await c.alice.post('/user/knowledgebases/2/documents', { name: 'Docs', type: 'website', url: 'https://docs.example.com', relative_links_limit: 5 });
		expect(res.status).toBe(201);
		expect(res.data.message).toBe('Document created successfully. Processing will begin shortly.');
		expect(Object.keys(res.data.data).sort()).toEqual(DOC_KEYS.filter((key) => key !== 'updated_at'));
		expect(res.data.data).toMatchObject({ id: 4, name: 'Docs', type: 'website', type_label: 'Website', status: 'processing', status_label: 'Processing' });
		const doc = scheduled(4);
		doc.processing();
		expect((await c.alice.get('/user/knowledgebases/2')).data.data).toMatchObject({ status: 'processing', documents_count: 1 });
		doc.processed();
		expect((await c.alice.get('/user/knowledgebases/2/documents/4')).data.data.status).toBe('active');
		expect((await c.alice.get('/user/knowledgebases/2')).data.data.status).toBe('active');
		expect(c.sb.store.knowledgeBases.documents.find((doc) => doc.id === 4)!.source).toEqual({ url: 'https://docs.example.com', links: [], relative_links_limit: 5 });
	});

	it('links: [{link}] instead of url; a document named with "fail" fails, and so does its knowledge base', async () => {
		const res = await c.alice.post('/user/knowledgebases/2/documents', {
			name: 'Will fail',
			type: 'website',
			links: [{ link: 'https://a.example.com' }, { link: 'https://b.example.com' }],
		});
		expect(res.status).toBe(201);
		scheduled(res.data.data.id).processed();
		expect((await c.alice.get(`/user/knowledgebases/2/documents/${res.data.data.id}`)).data.data).toMatchObject({ status: 'failed', status_label: 'Failed' });
		expect((await c.alice.get('/user/knowledgebases/2')).data.data.status).toBe('failed');
	});

	it('refuses a website without url or links, bad links and a relative_links_limit outside 1–50 (422)', async () => {
		const none = await c.alice.post('/user/knowledgebases/2/documents', { name: 'X', type: 'website' });
		expect(none.status).toBe(422);
		expect(none.data.errors).toEqual({
			url: ['The url field is required when links is not present.'],
			links: ['The links field is required when url is not present.'],
		});
		const bad = await c.alice.post('/user/knowledgebases/2/documents', { name: 'X', type: 'website', links: [{ link: 'nope' }], relative_links_limit: 51 });
		expect(bad.data.errors).toEqual({
			relative_links_limit: ['The relative links limit field must be between 1 and 50.'],
			'links.0.link': ['The links.0.link field must be a valid URL.'],
		});
		const type = await c.alice.post('/user/knowledgebases/2/documents', { name: 'X', type: 'pptx' });
		expect(type.data.errors.type).toEqual(['The selected type is invalid.']);
		expect(c.sb.store.knowledgeBases.documents.filter((doc) => doc.knowledgebase_id === 2)).toHaveLength(0);
	});

	it('a file type without a file is refused as the docs show', async () => {
		const res = await c.alice.post('/user/knowledgebases/2/documents', { name: 'Manual', type: 'pdf' });
		expect(res.status).toBe(422);
		expect(res.data).toEqual({ message: 'A file is required for this document type.', errors: { file: ['A file is required for this document type.'] } });
	});

	it('takes a PDF as multipart/form-data: the bytes arrive whole; the request log shows the file, not its bytes', async () => {
		const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 7), Buffer.from('\r\n--not-the-boundary\r\n%%EOF')]);
		const res = await c.alice.post('/user/knowledgebases/2/documents', fileForm({ name: 'Manual', type: 'pdf', description: 'The manual' }, { data, name: 'manual.pdf', type: 'application/pdf' }));
		expect(res.status).toBe(201);
		expect(res.data.data).toMatchObject({ name: 'Manual', description: 'The manual', type: 'pdf', type_label: 'PDF', status: 'processing' });
		const stored = c.sb.store.knowledgeBases.documents.find((doc) => doc.id === res.data.data.id)!;
		expect(stored.source).toEqual({ filename: 'manual.pdf', content_type: 'application/pdf', size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
		const logged = c.sb.requests.find((r) => r.method === 'POST' && r.path === '/api/user/knowledgebases/2/documents')!;
		expect(logged.body).toEqual({ name: 'Manual', type: 'pdf', description: 'The manual', file: { filename: 'manual.pdf', content_type: 'application/pdf', size: data.length } });
	});

	it('refuses a file of another type than the chosen one, and one over 20 MB (422)', async () => {
		const wrong = await c.alice.post('/user/knowledgebases/2/documents', fileForm({ name: 'Notes', type: 'docx' }, { data: Buffer.from('%PDF-1.4'), name: 'notes.pdf' }));
		expect(wrong.data).toEqual({ message: 'The file field must be a file of type: docx.', errors: { file: ['The file field must be a file of type: docx.'] } });
		const big = await c.alice.post('/user/knowledgebases/2/documents', fileForm({ name: 'Big', type: 'txt' }, { data: Buffer.alloc(20 * 1024 * 1024 + 1, 65), name: 'big.txt' }));
		expect(big.data.errors).toEqual({ file: ['The file field must not be greater than 20480 kilobytes.'] });
		expect(c.sb.store.knowledgeBases.documents.filter((doc) => doc.knowledgebase_id === 2)).toHaveLength(0);
	});

	it('answers 413 past 21 MB, and 400 to multipart bodies it cannot read (bounded parts and headers)', async () => {
		const huge = await raw('POST', '/user/knowledgebases/2/documents', { 'Content-Type': 'multipart/form-data; boundary=xyz' }, Buffer.alloc(21 * 1024 * 1024 + 1, 65));
		expect(huge.status).toBe(413);
		const unclosed = await raw('POST', '/user/knowledgebases/2/documents', { 'Content-Type': 'multipart/form-data; boundary=xyz' }, Buffer.from('--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nA'));
		expect(unclosed).toEqual({ status: 400, body: { message: 'Malformed multipart body', error: 'the last part is not closed by the boundary' } });
		const part = '--xyz\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n';
		const many = await raw('POST', '/user/knowledgebases/2/documents', { 'Content-Type': 'multipart/form-data; boundary=xyz' }, Buffer.from(`${part.repeat(51)}--xyz--\r\n`));
		expect(many.body).toEqual({ message: 'Malformed multipart body', error: 'more than 50 parts' });
		const noBoundary = await raw('POST', '/user/knowledgebases/2/documents', { 'Content-Type': 'multipart/form-data' }, Buffer.from('x'));
		expect(noBoundary.body.error).toBe('the content type names no boundary');
		const longHeader = await raw('POST', '/user/knowledgebases/2/documents', { 'Content-Type': 'multipart/form-data; boundary=xyz' }, Buffer.from(`--xyz\r\nX-Pad: ${'a'.repeat(9000)}\r\n\r\nv\r\n--xyz--`));
		expect(longHeader.body.error).toBe('a part has no end of headers within 8 KB');
		expect(c.sb.store.knowledgeBases.documents.filter((doc) => doc.knowledgebase_id === 2)).toHaveLength(0);
	});

	it('PUT changes name and description only; content and type stay', async () => {
		const res = await c.alice.put('/user/knowledgebases/1/documents/2', { name: 'Prices', description: 'Current prices', type: 'txt' });
		expect(res.status).toBe(200);
		expect(res.data.message).toBe('Document updated successfully.');
		expect(res.data.data).toMatchObject({ id: 2, name: 'Prices', description: 'Current prices', type: 'pdf' });
		expect(Object.keys(res.data.data).sort()).toEqual(DOC_KEYS);
		expect((await c.alice.put('/user/knowledgebases/1/documents/2', { name: 'n'.repeat(256) })).status).toBe(422);
		expect((await c.alice.put('/user/knowledgebases/1/documents/3', { name: 'X' })).data).toEqual({ error: 'Document not found.' });
	});

	it('DELETE removes a document; the last one leaves the knowledge base empty', async () => {
		expect((await c.alice.delete('/user/knowledgebases/1/documents/1')).data).toEqual({ message: 'Document deleted successfully.' });
		expect((await c.alice.get('/user/knowledgebases/1')).data.data).toMatchObject({ status: 'active', documents_count: 1 });
		await c.alice.delete('/user/knowledgebases/1/documents/2');
		expect((await c.alice.get('/user/knowledgebases/1')).data.data).toMatchObject({ status: 'empty', status_label: 'Empty', documents_count: 0 });
		expect((await c.alice.delete('/user/knowledgebases/1/documents/2')).data).toEqual({ error: 'Document not found.' });
		expect((await c.bob.delete('/user/knowledgebases/1/documents/1')).data).toEqual({ error: 'Knowledgebase not found.' });
	});
});
