/** Assistant → Get Many Outbound: only outbound assistants, Limit applied in n8n. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

function aliceAssistants() {
	return t.sb.store.assistants.filter((a) => a.user_id === t.sb.users.alice && !a.deleted_at);
}

describe('Assistant → Get Many Outbound', () => {
	it('returns only outbound assistants, Limit applied in n8n', async () => {
		const all = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'getManyOutbound', returnAll: true })));
		const expected = aliceAssistants().filter((a) => a.type === 'outbound');
		expect(all.map((a) => a.id).sort()).toEqual(expected.map((a) => a.id).sort());
		expect(all.every((a) => a.type === 'outbound')).toBe(true);
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/assistants/outbound', query: {} });
		const two = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'getManyOutbound', limit: 2 })));
		expect(two).toEqual(all.slice(0, 2));
	});
});
