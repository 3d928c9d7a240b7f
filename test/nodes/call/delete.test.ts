/** Call → Delete: DELETE /user/calls/{id} removes the record and its recording; the Call ID is checked first. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

/** Alice's seeded calls with a recording. */
const withRecording = () => t.sb.store.calls.find((c) => c.user_id === t.sb.users.alice && c.recording_url !== null)!;

describe('Call → Delete', () => {
	it('sends DELETE /user/calls/{id}; the record and its recording are gone', async () => {
		const call = withRecording();
		const [item] = jsonOf(expectOk(await t.run({ resource: 'call', operation: 'delete', callId: String(call.id) })));
		expect(item).toEqual({ id: call.id, deleted: true, message: 'Call deleted successfully' });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/api/user/calls/${call.id}`, body: null, status: 200 })]);
		expect(t.sb.store.calls.some((c) => c.id === call.id)).toBe(false);
		const again = await t.run({ resource: 'call', operation: 'get', callId: call.id });
		expect(again.error?.message).toBe(`Call ${call.id} was not found`);
	});

	it('checks the Call ID before sending', async () => {
		const result = await t.run({ resource: 'call', operation: 'delete', callId: '0x10' });
		expect(result.error?.message).toBe('Call ID must be a numeric ID (got "0x10") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});
});
