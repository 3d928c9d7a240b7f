/** The sandbox switches the wait tests rely on: make_call's answer shape, the server clock, several calls on one number, a deployment without GET /user/calls/{id}. */
import { clientFor, useClients } from './helpers';

const c = useClients();

const place = (phone = '+4917612345670') => c.alice.post('/user/make_call', { phone_number: phone, assistant_id: 1 });

it('answers make_call with call_id by default, and with only {message, data: {}} when switched', async () => {
	const withId = await place();
	expect(withId.data).toEqual({ message: 'Call initiated successfully', data: {}, call_id: expect.any(Number) });
	const control = clientFor(c.sb.origin);
	expect((await control.post('/sandbox/make-call-answer', { shape: 'data-only' })).status).toBe(200);
	const bare = await place();
	expect(bare.status).toBe(200);
	expect(bare.data).toEqual({ message: 'Call initiated successfully', data: {} });
	expect((await control.post('/sandbox/make-call-answer', { shape: 'other' })).status).toBe(422);
	c.sb.setMakeCallAnswer('with-call-id');
});

it('keeps several calls on one number apart, each running to its own end', async () => {
	const phone = '+4917612345641';
	const ids = (await Promise.all([place(phone), place(phone), place(phone)])).map((r) => r.data.call_id as number);
	expect(new Set(ids).size).toBe(3);
	await c.sb.waitForIdle();
	const listed = await c.alice.get('/user/calls', { params: { phone_number: phone, assistant_id: 1 } });
	expect(listed.data.data.map((call: { id: number }) => call.id).sort()).toEqual([...ids].sort());
	expect(listed.data.data.every((call: { status: string }) => call.status === 'completed')).toBe(true);
});

it('a server clock offset moves call timestamps and the date filters alike', async () => {
	const phone = '+4917612345642';
	const { call_id } = (await place(phone)).data;
	const utcDate = new Date().toISOString().slice(0, 10);
	c.sb.setClockOffset(30 * 3_600_000);
	try {
		const shifted = await c.alice.get('/user/calls', { params: { phone_number: phone, date_from: utcDate, date_to: utcDate } });
		expect(shifted.data.data).toHaveLength(0); // its server-local date is tomorrow or later
		const all = await c.alice.get('/user/calls', { params: { phone_number: phone } });
		const record = all.data.data.find((call: { id: number }) => call.id === call_id);
		expect(record.created_at.slice(0, 10) > utcDate).toBe(true);
	} finally {
		c.sb.setClockOffset(0);
	}
});

it('a deployment without GET /user/calls/{id}: the router\'s 404 or 405 for the route, not "Call not found"', async () => {
	const { call_id } = (await place('+4917612345643')).data;
	const control = clientFor(c.sb.origin);
	try {
		expect((await control.post('/sandbox/call-by-id-route', { route: 'route-missing' })).status).toBe(200);
		const gone = await c.alice.get(`/user/calls/${call_id}`);
		expect(gone.status).toBe(404);
		expect(gone.data).toEqual({ message: `The route api/user/calls/${call_id} could not be found.` });
		expect((await c.alice.delete(`/user/calls/${call_id}`)).status).toBe(404);
		// The list stays.
		expect((await c.alice.get('/user/calls', { params: { phone_number: '+4917612345643' } })).status).toBe(200);

		c.sb.setCallByIdRoute('get-missing');
		const refused = await c.alice.get(`/user/calls/${call_id}`);
		expect(refused.status).toBe(405);
		expect(refused.data.message).toBe(`The GET method is not supported for route api/user/calls/${call_id}. Supported methods: DELETE.`);
		expect((await control.post('/sandbox/call-by-id-route', { route: 'other' })).status).toBe(422);

		c.sb.setCallByIdRoute('served');
		expect((await c.alice.get(`/user/calls/${call_id}`)).data.id).toBe(call_id);
		// Another user's call stays unknown to this token.
		expect((await c.bob.get(`/user/calls/${call_id}`)).data).toEqual({ message: 'Call not found' });
	} finally {
		c.sb.setCallByIdRoute('served');
	}
});
