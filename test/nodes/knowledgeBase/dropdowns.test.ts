/** getKnowledgeBases (also the assistant's knowledge base dropdown) and the searchable Knowledge Base and Document pickers. */
import { listSearch } from '../../harness';
import { VoiceAssistant, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('knowledge base dropdowns', () => {
	it('getKnowledgeBases lists the account’s knowledge bases by name, the value being the numeric ID', async () => {
		expect(await t.loadOptions('getKnowledgeBases')).toEqual([
			{ name: 'Onboarding', value: 2, description: 'ID 2, Empty, 0 documents' },
			{ name: 'Product FAQ', value: 1, description: 'ID 1, Active, 2 documents' },
		]);
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/knowledgebases' })]);
	});

	it('searchKnowledgeBases filters by name or ID', async () => {
		expect((await t.listSearch('searchKnowledgeBases')).results.map((r) => r.value)).toEqual(['1', '2']);
		expect((await t.listSearch('searchKnowledgeBases', 'faq')).results).toEqual([{ name: 'Product FAQ (Active, 2 documents)', value: '1' }]);
		expect((await t.listSearch('searchKnowledgeBases', '2')).results.map((r) => r.value)).toEqual(['2']);
	});

	it('searchKnowledgeBaseDocuments lists the documents of the knowledge base picked above', async () => {
		const search = async (knowledgeBaseId: unknown, filter?: string) =>
			await listSearch(VoiceAssistant, 'searchKnowledgeBaseDocuments', {
				parameters: { resource: 'knowledgeBaseDocument', operation: 'get', knowledgeBaseId } as never,
				credentials: t.credentials,
				filter,
			});
		expect((await search({ __rl: true, mode: 'list', value: '1' })).results).toEqual([
			{ name: 'Help Center (Active, Website)', value: '1' },
			{ name: 'Price List 2026 (Active, PDF)', value: '2' },
		]);
		expect((await search({ __rl: true, mode: 'id', value: '1' }, 'price')).results.map((r) => r.value)).toEqual(['2']);
		await expect(search({ __rl: true, mode: 'list', value: '' })).rejects.toThrow('Choose the Knowledge Base first');
	});
});
