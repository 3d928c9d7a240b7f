/** Make with Wait follows a call by its id (GET /user/calls/{id}) when make_call answered one, and falls back to the list. */
import { classifyByIdFailure } from '../../nodes/VoiceAssistant/actions/classic/call/wait/reads';
import type { Sandbox } from '../../sandbox';
import { makeCallRequests, useWaitSandbox, waitParams } from './helpers';

/** The GET requests for calls that followed the make_call to this number. */
function readsAfterPlacing(sb: Sandbox, phone: string) {
	const placed = sb.requests.findIndex(
		(r) => r.method === 'POST' && r.path === '/api/user/make_call' && (r.body as { phone_number: string }).phone_number === phone,
	);
	if (placed < 0) return [];
	return sb.requests.slice(placed + 1).filter((r) => r.method === 'GET' && r.path.startsWith('/api/user/calls'));
}

describe('a call whose id make_call answered', () => {
	const t = useWaitSandbox();

	it('is followed with GET /user/calls/{id}, not the call list', async () => {
		const phone = '+4917612345670';
		const result = await t.run(waitParams(), { items: [{ phone, name: 'Jonas' }] });
		if (result.error) throw result.error;
		const out = result.items[0].json;
		expect(out).toMatchObject({ status: 'completed', extracted_variables: expect.objectContaining({ customer_name: 'Jonas' }) });
		const reads = readsAfterPlacing(t.sb, phone);
		expect(reads.length).toBeGreaterThan(0);
		expect(reads.every((r) => r.path === `/api/user/calls/${out.call_id}` && r.status === 200)).toBe(true);
	});
});

describe('a call deleted while it is followed by id', () => {
	// Calls that ring for seconds, so it can be deleted while it goes on.
	const t = useWaitSandbox({ callTiming: { stepMs: 3000 } });

	it('a call the platform no longer knows fails its item with the 404, not at Max Wait', async () => {
		const phone = '+4917612345680';
		t.sb.clearRequests();
		const running = t.run(waitParams(), { items: [{ phone, name: 'Gone' }], continueOnFail: true });
		// Once it has been read by id, the call is deleted on the platform.
		const deadline = Date.now() + 20_000;
		while (!readsAfterPlacing(t.sb, phone).some((r) => r.status === 200)) {
			if (Date.now() > deadline) throw new Error('the call was not read by id');
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		const call = t.sb.store.calls.find((c) => c.client_phone_number === phone)!;
		t.sb.store.removeCall(call);
		const result = await running;
		if (result.error) throw result.error;
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toBe(
			`Could not follow call ${call.id}: the platform answered 404 "Call not found" (the call was deleted, or make_call answered a wrong call_id)`,
		);
		expect(makeCallRequests(t.sb)).toHaveLength(1);
	});
});

// Slower calls: the finishing poll is a list poll even though the first read by id failed.
describe.each([
	['route-missing', 404],
	['get-missing', 405],
] as const)('a deployment without GET /user/calls/{id} (%s)', (route, status) => {
	const t = useWaitSandbox({ callByIdRoute: route });

	it(`falls back to the call list after one ${status}, and stays with it; no item fails`, async () => {
		const phone = '+4917612345671';
		const result = await t.run(waitParams(), { items: [{ phone, name: 'Ada' }] });
		if (result.error) throw result.error;
		expect(result.items[0].json).toMatchObject({ status: 'completed', call_id: t.sb.store.calls.at(-1)!.id });
		const reads = readsAfterPlacing(t.sb, phone);
		const byId = reads.filter((r) => r.path !== '/api/user/calls');
		expect(byId).toHaveLength(1);
		expect(byId[0].status).toBe(status);
		expect(reads.filter((r) => r.path === '/api/user/calls' && r.status === 200).length).toBeGreaterThan(0);

		// The next wait on this credential asks the list straight away.
		t.sb.clearRequests();
		const next = await t.run(waitParams(), { items: [{ phone: '+4917612345681', name: 'Grace' }] });
		if (next.error) throw next.error;
		expect(next.items[0].json).toMatchObject({ status: 'completed' });
		expect(t.sb.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/user/calls/'))).toHaveLength(0);
	});
});

describe('how a failed read by id is taken', () => {
	const failure = (httpCode: string, message: string) => Object.assign(new Error(message), { httpCode });

	it('a missing route (router 404, 405, a bare 404 before the route ever answered) is not a missing call', () => {
		expect(classifyByIdFailure(failure('404', 'The route api/user/calls/5 could not be found.'), 'unknown')).toBe('route-missing');
		expect(classifyByIdFailure(failure('404', 'The route api/user/calls/5 could not be found.'), 'served')).toBe('route-missing');
		expect(classifyByIdFailure(failure('405', 'The GET method is not supported for route api/user/calls/5.'), 'served')).toBe('route-missing');
		expect(classifyByIdFailure(failure('404', 'Not found'), 'unknown')).toBe('route-missing');
	});

	it('a 404 naming the call, or any 404 once the route has answered, is a missing call; other failures are neither', () => {
		expect(classifyByIdFailure(failure('404', 'Call not found'), 'unknown')).toBe('call-unknown');
		expect(classifyByIdFailure(failure('404', 'No query results for model [App\\Models\\Call] 5'), 'unknown')).toBe('call-unknown');
		expect(classifyByIdFailure(failure('404', 'Not found'), 'served')).toBe('call-unknown');
		expect(classifyByIdFailure(failure('503', 'The platform failed to process the request (HTTP 503)'), 'served')).toBe('other');
	});
});
