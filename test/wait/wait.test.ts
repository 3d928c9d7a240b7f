/** Call → Make with "Wait for Call to End", run through n8n-core against the sandbox. */
import { simplifyDelivery } from '../../nodes/VoiceAssistant/shared/callRecord';
import { makeCallRequests, useWaitSandbox, waitParams } from './helpers';

describe('Wait for Call to End (make_call answers call_id)', () => {
	const t = useWaitSandbox();

	it('outputs the finished call: status, transcript, extracted variables, costs, recording, call id', async () => {
		const result = await t.run(waitParams(), { items: [{ phone: '+49 176 12345670', name: 'Jonas' }] });
		if (result.error) throw result.error;
		expect(result.items).toHaveLength(1);
		const out = result.items[0].json;
		const stored = t.sb.store.calls.find((c) => c.id === out.call_id);
		expect(stored).toBeDefined();
		expect(out).toMatchObject({
			call_id: stored!.id,
			assistant_id: 1,
			status: 'completed',
			duration: stored!.duration,
			customer_phone: '+4917612345670',
			answered_by: 'human',
			transcript: stored!.transcript,
			extracted_variables: expect.objectContaining({ customer_name: 'Jonas', interested: true }),
			summary: stored!.variables.summary,
			input_variables: { customer_name: 'Jonas' },
			recording_url: stored!.recording_url,
			total_cost: stored!.total_cost,
		});
		expect(String(out.transcript)).toMatch(/Jonas/);
		expect(out.recording_url).toMatch(/^http/);
		expect(out.transcript_raw).toBe(stored!.transcript);
		// The trigger's Simplify keys, so a workflow can switch between the two.
		expect(Object.keys(out)).toEqual(expect.arrayContaining(Object.keys(simplifyDelivery({}))));
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(makeCallRequests(t.sb)).toHaveLength(1);
	});

	it('a busy number ends "busy"', async () => {
		const result = await t.run(waitParams(), { items: [{ phone: '+4917612345677', name: 'Busy' }] });
		if (result.error) throw result.error;
		expect(result.items[0].json).toMatchObject({ status: 'busy', duration: 0, answered_by: 'unknown', transcript: '' });
	});

	it('two calls to one number in one batch each get their own record, in input order', async () => {
		t.sb.clearRequests();
		const items = [
			{ phone: '+4917612345671', name: 'Ada' },
			{ phone: '+4917612345671', name: 'Grace' },
			{ phone: '+4917612345682', name: 'Alan' },
		];
		const result = await t.run(waitParams({ requestOptions: { parallelRequests: 3 } }), { items });
		if (result.error) throw result.error;
		const out = result.items.map((item) => item.json);
		expect(out.map((o) => (o.extracted_variables as { customer_name?: string }).customer_name)).toEqual(['Ada', 'Grace', 'Alan']);
		expect(new Set(out.map((o) => o.call_id)).size).toBe(3);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(makeCallRequests(t.sb)).toHaveLength(3);
		// The three waiting items were served by shared list requests (one per round, not one per call).
		const polls = t.sb.requests.filter((r) => r.method === 'GET' && r.path === '/api/user/calls');
		expect(polls.some((r) => r.query.assistant_id === '1' && r.query.phone_number === undefined)).toBe(true);
	});
});

describe('Wait for Call to End (make_call answers only {message, data: {}})', () => {
	const t = useWaitSandbox({ makeCallAnswer: 'data-only' });

	it('finds the call as the one that did not exist before', async () => {
		// An earlier, finished call to the same number must not be taken for the new one.
		const first = await t.run(waitParams(), { items: [{ phone: '+4917612345673', name: 'Earlier' }] });
		if (first.error) throw first.error;
		const result = await t.run(waitParams(), { items: [{ phone: '+4917612345673', name: 'Later' }] });
		if (result.error) throw result.error;
		const out = result.items[0].json;
		const calls = t.sb.store.calls.filter((c) => c.client_phone_number === '+4917612345673');
		expect(calls).toHaveLength(2);
		expect(first.items[0].json.call_id).toBe(calls[0].id);
		expect(out.call_id).toBe(calls[1].id);
		expect(out).toMatchObject({ status: 'completed', extracted_variables: expect.objectContaining({ customer_name: 'Later' }) });
	});

	it('two calls to one number at once each get their own record', async () => {
		const items = [
			{ phone: '+4917612345674', name: 'Ada' },
			{ phone: '+4917612345674', name: 'Grace' },
		];
		const result = await t.run(waitParams({ requestOptions: { parallelRequests: 2 } }), { items });
		if (result.error) throw result.error;
		const out = result.items.map((item) => item.json);
		expect(out.map((o) => (o.extracted_variables as { customer_name?: string }).customer_name)).toEqual(['Ada', 'Grace']);
		expect(out[0].call_id).not.toBe(out[1].call_id);
	});

	it.each([
		['14 hours ahead (UTC+14)', 14 * 3_600_000],
		['20 hours behind (a zone and a skewed clock)', -20 * 3_600_000],
	])('finds the call when the server clock is %s', async (_label, offset) => {
		t.sb.setClockOffset(offset);
		try {
			const result = await t.run(waitParams(), { items: [{ phone: '+4917612345672', name: 'Skew' }] });
			if (result.error) throw result.error;
			const newest = t.sb.store.calls.filter((c) => c.client_phone_number === '+4917612345672').at(-1);
			expect(result.items[0].json).toMatchObject({ call_id: newest!.id, status: 'completed' });
		} finally {
			t.sb.setClockOffset(0);
		}
	});
});

describe('Max Wait and stopping', () => {
	// Calls that ring for seconds.
	const t = useWaitSandbox({ callTiming: { stepMs: 3000 } });

	it('Max Wait reached: the item fails with the call id and its last status; nothing is placed again', async () => {
		const result = await t.run(waitParams({ maxWaitMinutes: 0.02 }), {
			items: [{ phone: '+4917612345670', name: 'Slow' }],
			continueOnFail: true,
		});
		if (result.error) throw result.error;
		const call = t.sb.store.calls.at(-1)!;
		expect(result.items[0].json.error).toMatch(
			new RegExp(`^Call ${call.id} did not end within Max Wait \\(1 s\\): last status "(initiated|ringing)"$`),
		);
		expect(result.items[0].json.details).toMatch(/not placed again/);
		expect(makeCallRequests(t.sb).filter((r) => (r.body as { phone_number: string }).phone_number === '+4917612345670')).toHaveLength(1);
	});

	it('Max Wait reached under Retry On Fail: each try waits for the same call again, none places another', async () => {
		const result = await t.run(waitParams({ maxWaitMinutes: 0.01 }), {
			items: [{ phone: '+4917612345660', name: 'Retried' }],
			retryOnFail: true,
		});
		const call = t.sb.store.calls.filter((c) => c.client_phone_number === '+4917612345660');
		expect(call).toHaveLength(1);
		expect(result.error?.message).toMatch(new RegExp(`^Call ${call[0].id} did not end within Max Wait`));
		expect(makeCallRequests(t.sb).filter((r) => (r.body as { phone_number: string }).phone_number === '+4917612345660')).toHaveLength(1);
	});
});

describe('stopping', () => {
	// A call that rings for an hour: a wait that ends while the test runs was ended by the stop, on a
	// busy machine as on an idle one (no time bound on how quickly).
	const t = useWaitSandbox({ callTiming: { stepMs: 3_600_000 }, waitForIdle: false });

	it('stopping the execution ends the wait: the item is not output, the call is still ringing', async () => {
		const stop = new AbortController();
		const running = t.run(waitParams(), { items: [{ phone: '+4917612345679', name: 'Stop' }], signal: stop.signal });
		// Let it place the call and see its status once: a list poll answered after the call was placed
		// (the poller asks again only after it has read the previous answer).
		const seenBy = Date.now() + 20_000;
		const pollsSincePlaced = () => {
			const placed = t.sb.requests.findIndex(
				(r) => r.method === 'POST' && r.path === '/api/user/make_call' && (r.body as { phone_number: string }).phone_number === '+4917612345679',
			);
			return placed < 0 ? 0 : t.sb.requests.slice(placed + 1).filter((r) => r.method === 'GET' && r.path.startsWith('/api/user/calls')).length;
		};
		while (pollsSincePlaced() < 2) {
			if (Date.now() > seenBy) throw new Error('the call was not placed and polled');
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		stop.abort();
		// Only the stop can end this wait: the call rings for an hour and Max Wait is longer still.
		const result = await running;
		expect(t.sb.store.calls.find((call) => call.client_phone_number === '+4917612345679')?.finished_at).toBeNull();
		expect(result.items).toHaveLength(0);
		expect(result.run?.status).toBe('canceled');
		expect(result.error?.message).toMatch(/^The execution was canceled while waiting for call \d+ to end \(last status "initiated"\)$/);
	});
});

describe('a deployment that stops answering call_id', () => {
	// Without a snapshot only a call still running when first seen is taken: calls here last a few
	// seconds (as real ones last minutes), so the first poll sees it running.
	const t = useWaitSandbox({ callTiming: { stepMs: 500 } });

	it('still recognises the call (a running call on the number that nobody claimed)', async () => {
		const before = await t.run(waitParams(), { items: [{ phone: '+4917612345660', name: 'WithId' }] });
		if (before.error) throw before.error;
		t.sb.setMakeCallAnswer('data-only');
		const result = await t.run(waitParams(), { items: [{ phone: '+4917612345660', name: 'WithoutId' }] });
		if (result.error) throw result.error;
		const newest = t.sb.store.calls.at(-1)!;
		expect(result.items[0].json).toMatchObject({ call_id: newest.id, status: 'completed' });
		expect(before.items[0].json.call_id).not.toBe(newest.id);
	});
});

describe('a platform that keeps failing the call list', () => {
	const t = useWaitSandbox();

	it('a failed snapshot fails the item before anything is placed', async () => {
		t.sb.setFaults([{ kind: 'status', status: 503, phase: 'before', match: { method: 'GET', path: '/user/calls' } }]);
		try {
			const result = await t.run(waitParams(), { items: [{ phone: '+4917612345670', name: 'Down' }], continueOnFail: true });
			if (result.error) throw result.error;
			expect(result.items[0].json.error).toBe('The platform failed to process the request (HTTP 503)');
			expect(makeCallRequests(t.sb)).toHaveLength(0);
		} finally {
			t.sb.setFaults([]);
		}
	}, 60_000);

	it('failing polls fail the item with the call id and the platform error instead of waiting until Max Wait', async () => {
		// One call first: the credential's make_call is then known to answer call_id, so no snapshot is read.
		expect((await t.run(waitParams(), { items: [{ phone: '+4917612345671', name: 'Up' }] })).error).toBeUndefined();
		t.sb.setFaults([{ kind: 'status', status: 503, phase: 'before', match: { method: 'GET', path: '/user/calls' } }]);
		try {
			const result = await t.run(waitParams(), { items: [{ phone: '+4917612345670', name: 'Down' }], continueOnFail: true });
			if (result.error) throw result.error;
			const call = t.sb.store.calls.at(-1)!;
			expect(result.items[0].json.error).toBe(`Could not follow call ${call.id}: The platform failed to process the request (HTTP 503)`);
			expect(makeCallRequests(t.sb).filter((r) => (r.body as { phone_number: string }).phone_number === '+4917612345670')).toHaveLength(1);
		} finally {
			t.sb.setFaults([]);
		}
	}, 60_000);
});
