/**
 * Add with "Wait Until Processed": Get Document is polled (within the wait budget, through the
 * pacing transport) until the document is active; a failed one fails the item, and so does Max Wait.
 * The document is added once either way. Rate limits 100x faster, so polls come every few tens of ms.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { PROCESSING_STEPS } from '../../../sandbox/knowledgeBases';
import { SCALED_LIMITS } from '../../wait/helpers';
import { byId, descriptionOf, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const add = (parameters: IDataObject) => ({
	resource: 'knowledgeBaseDocument',
	operation: 'add',
	knowledgeBaseId: byId(2),
	url: 'https://docs.example.com',
	waitUntilProcessed: true,
	...parameters,
});

describe('Wait Until Processed (processing takes 60 ms)', () => {
	const t = useNodeSandbox({ rateLimit: SCALED_LIMITS });
	const polls = () => t.requests().filter((r) => r.method === 'GET');
	const posts = () => t.requests().filter((r) => r.method === 'POST');

	it('outputs the processed document, status active, with the message of the add', async () => {
		const [doc] = jsonOf(expectOk(await t.run(add({ name: 'Docs' }))));
		expect(doc).toEqual(
			expect.objectContaining({ id: 4, name: 'Docs', status: 'active', status_label: 'Active', knowledgebase_id: 2, message: 'Document created successfully. Processing will begin shortly.' }),
		);
		expect(doc.updated_at).toBeDefined(); // read back with Get Document
		expect(posts()).toHaveLength(1);
		expect(polls().length).toBeGreaterThanOrEqual(1);
		expect(polls().length).toBeLessThanOrEqual(6);
		expect(polls().every((r) => r.path === '/api/user/knowledgebases/2/documents/4')).toBe(true);
		// never before the processing could be over: the first poll waits the budget's spacing
		expect(polls()[0].at - posts()[0].at).toBeGreaterThanOrEqual(20);
		expect(20 * PROCESSING_STEPS).toBe(60);
	});

	it('a file upload waits the same way', async () => {
		const item: INodeExecutionData = { json: {}, binary: { data: { data: Buffer.from('Hello').toString('base64'), mimeType: 'text/plain', fileName: 'hello.txt' } } };
		const [doc] = jsonOf(expectOk(await t.run(add({ name: 'Hello', documentType: 'txt' }), { items: [item] as never })));
		expect(doc).toMatchObject({ type: 'txt', status: 'active' });
	});

	it('a document that fails processing fails the item; it was added once and stays', async () => {
		const result = await t.run(add({ name: 'Will fail' }));
		const id = t.sb.store.knowledgeBases.documents.at(-1)!.id;
		expect(result.error?.message).toBe(`The platform could not process document ${id} of knowledge base 2: its status is "failed" ("Failed")`);
		expect(descriptionOf(result)).toMatch(/^The document was added once and is not added again\. It stays in the knowledge base, unused: delete it/);
		expect(posts()).toHaveLength(1);
	});

	it('Continue On Fail routes the failed one and outputs the others, in order', async () => {
		const result = await t.run(add({ name: '={{ $json.name }}' }), { items: [{ name: 'Good' }, { name: 'Failing' }, { name: 'Also good' }], continueOnFail: true });
		const out = jsonOf(expectOk(result));
		expect(out[0]).toMatchObject({ name: 'Good', status: 'active' });
		expect(String(out[1].error)).toMatch(/its status is "failed"/);
		expect(out[2]).toMatchObject({ name: 'Also good', status: 'active' });
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(posts()).toHaveLength(3);
	});

	it('checks Max Wait before sending', async () => {
		const result = await t.run(add({ name: 'Docs', maxWaitMinutes: 61 }));
		expect(result.error?.message).toBe('Max Wait (Minutes) must be more than 0 and at most 60 (got 61) [item 0]');
		expect(t.requests()).toHaveLength(0);
	});
});

describe('Wait Until Processed: Max Wait passes (processing takes 6 s)', () => {
	const t = useNodeSandbox({ rateLimit: SCALED_LIMITS, callTiming: { stepMs: 2000 } });

	it('fails the item with the document and its last status; the document is not added again', async () => {
		const started = Date.now();
		const result = await t.run(add({ name: 'Slow', maxWaitMinutes: '={{ 0.01 }}' }));
		const id = t.sb.store.knowledgeBases.documents.at(-1)!.id;
		expect(result.error?.message).toBe(`Document ${id} of knowledge base 2 was still "processing" after Max Wait (600 ms)`);
		expect(descriptionOf(result)).toContain('check it later with Knowledge Base Document → Get');
		expect(Date.now() - started).toBeLessThan(3000);
		expect(t.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
	});
});
