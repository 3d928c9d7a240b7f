/** Assistant → Get Many: Return All walks every page, Limit asks for no more than needed, Simplify on and off. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

function aliceAssistants() {
	return t.sb.store.assistants.filter((a) => a.user_id === t.sb.users.alice && !a.deleted_at);
}

describe('Assistant → Get Many', () => {
	it('Return All walks every page with the largest page size', async () => {
		const result = await t.run({ resource: 'assistant', operation: 'getMany', returnAll: true });
		const items = jsonOf(expectOk(result));
		expect(items.map((i) => i.id)).toEqual(aliceAssistants().map((a) => a.id));
		for (const request of t.requests()) {
			expect(request).toMatchObject({ method: 'GET', path: '/api/user/assistants/get' });
			expect(request.query.per_page).toBe('100');
		}
	});

	it('Limit asks for no more than needed and returns exactly Limit items', async () => {
		const result = await t.run({ resource: 'assistant', operation: 'getMany', returnAll: false, limit: 3 });
		expect(jsonOf(expectOk(result))).toHaveLength(3);
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0].query).toEqual({ per_page: '3', page: '1' });
	});

	it('Simplify (default) keeps the ten fields people use; off returns the whole record', async () => {
		const simple = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'getMany', limit: 1 })))[0];
		expect(Object.keys(simple)).toEqual(['id', 'uuid', 'name', 'type', 'mode', 'status', 'phone_number_id', 'language', 'webhook_url', 'inbound_webhook_url']);
		const v1 = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'getMany', limit: 1 }, { typeVersion: 1 })))[0];
		expect(Object.keys(v1)).toHaveLength(17);
		expect(simple.system_prompt).toBeUndefined();
		expect(simple.widget_settings).toBeUndefined();
		const raw = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'getMany', limit: 1, simple: false })))[0];
		expect(raw.system_prompt).toEqual(expect.any(String));
		expect(raw.filler_config).toEqual(expect.any(Object));
		expect(Object.keys(raw).length).toBeGreaterThan(40);
	});
});
