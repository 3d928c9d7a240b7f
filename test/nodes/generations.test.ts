/**
 * Writes the two API generations spell differently (docs/platform-facts.md, "Writes spelled differently"): the
 * reference's form goes first; a host that proves it did not process it gets the other form once, and
 * later items go straight to the form that worked. Nothing is sent twice after an answer that may
 * mean "done".
 */
import { byId, expectOk, jsonOf, useNodeSandbox } from './helpers';

const t = useNodeSandbox();
const updateLead = (leadId: string) => ({ resource: 'lead', operation: 'update', leadId, updateFields: { status: 'completed' } });
const paths = () => t.requests().map((r) => `${r.method} ${r.path} ${r.status}`);

describe('Lead → Update on hosts of either generation', () => {
	it('2026 host: the first item learns the path (one refused request), the other items go straight to it', async () => {
		t.sb.setGeneration('2026', t.sb.users.alice);
		const result = await t.run({ ...updateLead('={{ $json.id }}') }, { items: [{ id: 1 }, { id: 2 }, { id: 3 }] });
		expect(jsonOf(expectOk(result)).map((item) => item.message)).toEqual(['Lead successfully updated', 'Lead successfully updated', 'Lead successfully updated']);
		expect(paths()).toEqual(['PUT /api/user/leads/1 404', 'PUT /api/leads/1 200', 'PUT /api/leads/2 200', 'PUT /api/leads/3 200']);
		expect(t.sb.store.leads.filter((l) => [1, 2, 3].includes(l.id)).map((l) => l.status)).toEqual(['completed', 'completed', 'completed']);
	});

	it('2026 host: the next run remembers the path too', async () => {
		t.sb.setGeneration('2026', t.sb.users.alice);
		expectOk(await t.run(updateLead('1')));
		t.sb.clearRequests();
		expectOk(await t.run(updateLead('2')));
		expect(paths()).toEqual(['PUT /api/leads/2 200']);
	});

	it('reference host: one request an item, and a missing lead costs no second request once the host is known', async () => {
		const result = await t.run({ ...updateLead('={{ $json.id }}') }, { items: [{ id: 1 }, { id: 424242 }], continueOnFail: true });
		const items = jsonOf(result.items);
		expect(items[0].message).toBe('Lead updated successfully');
		expect(items[1].error).toBe('Lead 424242 was not found');
		expect(paths()).toEqual(['PUT /api/user/leads/1 200', 'PUT /api/user/leads/424242 404']);
	});

	it('a missing lead on first contact: the other path is tried once and the error names the lead', async () => {
		const result = await t.run(updateLead('424242'));
		expect(result.error?.message).toBe('Lead 424242 was not found');
		expect(paths()).toEqual(['PUT /api/user/leads/424242 404', 'PUT /api/leads/424242 404']);
	});

	it('a 2026 host whose first answer is a server error: nothing is resent and the item says it may have happened', async () => {
		t.sb.setGeneration('2026', t.sb.users.alice);
		t.sb.setFaults([{ kind: 'status', status: 500, match: { path: '/api/user/leads/1' }, phase: 'after' }]);
		const result = await t.run(updateLead('1'));
		expect(result.error?.message).toMatch(/may have been updated/);
		expect(paths()).toEqual(['PUT /api/user/leads/1 500']);
	});
});

describe('Conversation → Generate AI Reply on hosts of either generation', () => {
	const reply = { resource: 'conversation', operation: 'generateReply', assistantId: byId(1), customerIdentifier: 'ada', message: 'Hi', variablesInput: 'none' };

	it('2026 host: /user/ai/generate-reply after one refused request, then only there', async () => {
		t.sb.setGeneration('2026', t.sb.users.alice);
		const result = await t.run(reply, { items: [{}, {}] });
		expect(jsonOf(expectOk(result)).map((item) => item.success)).toEqual([true, true]);
		expect(paths()).toEqual(['POST /api/ai/generate-reply 404', 'POST /api/user/ai/generate-reply 200', 'POST /api/user/ai/generate-reply 200']);
	});

	it('another account on the same host keeps its own generation', async () => {
		t.sb.setGeneration('2026', t.sb.users.bob);
		expectOk(await t.run(reply));
		expect(paths()).toEqual(['POST /api/ai/generate-reply 200']);
	});
});
