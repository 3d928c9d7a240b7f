/**
 * Platform 2.0 contract: every operation of the catalogue answers a minimal valid request (required
 * parameters and fields only, ids of seeded records, workspace A's full user key) with a 2xx and
 * `{data}`, or bytes for the binaryResponse operations. Each runs on a freshly seeded sandbox.
 */
import { bodyFields, loadCatalog, type P2Operation } from '../../../sandbox/platform2/catalog';
import { idRefs } from '../../../sandbox/platform2/shapes';
import { findOp, firstId, minimalFields, useP2 } from './helpers';

const c = useP2();

/** Bodies the catalogue does not flatten (fields: null): what each needs at least. */
const UNFLATTENED_BODIES: Record<string, Record<string, unknown>> = {
	addLeads: { phone: '+4915100000002', name: 'Minimal lead' }, // a lead under the catalogue's names (Update Lead's fields), not yet a contact
	addSuppressionEntry: { phone_number: '+4915100000001' },
	createAssistant: { name: 'Minimal assistant' },
	createTool: { name: 'minimal_tool', type: 'builtin' }, // the body as docs/sandbox.md reads it ("Platform 2.0 tools")
};

/** Fields an operation needs `true` in (flags: confirm). */
const CONFIRMATIONS: Record<string, string> = { askMilian: 'confirmed', createMilianVoiceSession: 'approve_credit_usage', confirmSubscriptionPaymentChange: 'confirm' };

function request(op: P2Operation): { url: string; params: Record<string, unknown>; headers: Record<string, string>; body: unknown } {
	const sb = c.sb;
	const values: Record<string, string> = {};
	const parents: string[] = [];
	for (const ref of idRefs(op.path)) {
		const id = ref.collection === '/api-keys' ? sb.platform2.keyRing.list(sb.platform2.workspaces.A)[0].id : firstId(sb, ref.collection, parents);
		values[ref.param] = id;
		parents.push(id);
	}
	const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name]));
	const ids = { assistant_id: firstId(sb, '/assistants') };
	const params = minimalFields(op.queryParams, ids);
	const headers = Object.fromEntries(Object.entries(minimalFields(op.headerParams, ids)).map(([k, v]) => [k, String(v)]));
	let body: unknown = undefined;
	if (op.body) {
		const fields = bodyFields(op, sb.platform2.operations);
		body = { ...(fields ? minimalFields(fields, ids) : {}), ...UNFLATTENED_BODIES[op.id] };
		// the sender must be one of the workspace's numbers that can send SMS (behaviours/suppression.ts)
		if (op.id === 'sendSms') (body as Record<string, unknown>).from_number_id = firstId(sb, '/phone-numbers');
		// discovery asks an MCP server: the sandbox's own sample (mcpSample.ts)
		if (op.id === 'discoverTool') (body as Record<string, unknown>).config = { url: `${sb.origin}/sandbox/mcp` };
		if (CONFIRMATIONS[op.id]) (body as Record<string, unknown>)[CONFIRMATIONS[op.id]] = true;
	}
	return { url, params, headers, body };
}

const operations = loadCatalog();

it('the catalogue holds the 425 operations', () => {
	expect(operations).toHaveLength(425);
	expect(new Set(operations.map((o) => o.id)).size).toBe(425);
});

it.each(operations.map((o) => [o.id, o.method, o.path] as const))('%s (%s %s) answers a minimal valid request', async (id) => {
	const op = findOp(c.sb, id);
	const client = c.as('full');
	if (id === 'stopCampaign') await client.post(`/campaigns/${firstId(c.sb, '/campaigns')}/start`);
	const { url, params, headers, body } = request(op);
	const res = await client.request({ method: op.method, url, params, headers, data: body, responseType: op.binaryResponse ? 'arraybuffer' : 'json' });
	if (res.status < 200 || res.status > 299) throw new Error(`${id} answered ${res.status}: ${JSON.stringify(res.data)}`);
	if (op.binaryResponse) {
		expect(res.headers['content-type']).toMatch(/^audio\//);
		expect((res.data as Buffer).length).toBeGreaterThan(0);
	} else {
		expect(res.data).toHaveProperty('data');
	}
});
