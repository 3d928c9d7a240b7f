/** Lead → Delete: DELETE /user/leads/{id} and the lead is gone; the Lead ID is checked first. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Lead → Delete', () => {
	it('sends DELETE /user/leads/{id} and the lead is gone', async () => {
		const lead = t.sb.store.leads.find((l) => l.user_id === t.sb.users.alice)!;
		const [item] = jsonOf(expectOk(await t.run({ resource: 'lead', operation: 'delete', leadId: String(lead.id) })));
		expect(item).toEqual({ id: lead.id, deleted: true, message: 'Lead deleted successfully' });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/api/user/leads/${lead.id}`, body: null })]);
		expect(t.sb.store.leads.includes(lead)).toBe(false);
		expect((await t.run({ resource: 'lead', operation: 'delete', leadId: lead.id })).error?.message).toBe(`Lead ${lead.id} was not found`);
	});

	it('checks the Lead ID before sending', async () => {
		const result = await t.run({ resource: 'lead', operation: 'delete', leadId: '1e3' });
		expect(result.error?.message).toBe('Lead ID must be a numeric ID (got "1e3") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});
});
