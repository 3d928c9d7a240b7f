/** getTools (dropdown: tool_ids) and searchTools (the Tool locator): the account's tools by name, numeric IDs. */
import { useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('tool dropdowns', () => {
	it("getTools lists the account's tools by name with their IDs as numbers", async () => {
		expect(await t.loadOptions('getTools')).toEqual([
			{ name: 'book_appointment', value: 2, description: 'ID 2: Books an appointment for the caller' },
			{ name: 'check_availability', value: 1, description: 'ID 1: Checks free appointment slots for a day' },
		]);
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/tools' })]);
	});

	it('searchTools filters by name or ID', async () => {
		expect((await t.listSearch('searchTools')).results.map((r) => r.value)).toEqual(['2', '1']);
		expect((await t.listSearch('searchTools', 'BOOK')).results).toEqual([{ name: 'book_appointment', value: '2' }]);
		expect((await t.listSearch('searchTools', '1')).results).toEqual([{ name: 'check_availability', value: '1' }]);
	});
});
