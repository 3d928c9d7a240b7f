// The calling rules (#20) in a real n8n: `n8n execute` of one batch twice. The first run calls the
// two German customers, skips the Do Not Call number and the Sydney customer (a local holiday);
// the second run, a new process, reads the platform's history and places 0 calls. (The window is
// 00:00–23:59 every day, so a run in the last minute of a Berlin day would skip the German customers.)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { startStack } from '../../scripts/lib/stack.mjs';
import { FILE_TIMEOUT_MS, allWorkflows, explain, requestsTo } from './helpers.mjs';

describe('calling rules with n8n execute', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;

	before(async () => {
		stack = await startStack({ stepMs: 20, workflows: allWorkflows(), log: (l) => console.log(`# ${l}`) });
	});

	after(async () => {
		await stack?.stop();
	});

	const run = async () => {
		stack.sandbox.clearRequests();
		const result = await stack.n8n.execute('vaE2eCallRules01');
		assert.ok(result.ok, explain(result));
		return result.output('Call customers');
	};

	test('first run: 2 calls placed; Do Not Call and outside Calling Hours skipped, paired in order', async () => {
		const out = await run();
		assert.deepEqual(
			requestsTo(stack.sandbox, 'POST', '/api/user/make_call').map((r) => r.body.phone_number),
			['+4917655501181', '+4917655501182'],
		);
		assert.equal(out.length, 4);
		assert.match(out[0].callee_local_time, /\(Europe\/Berlin, UTC\+0[12]:00\)$/);
		assert.equal(out[2].skip_reason, 'do_not_call');
		assert.equal(out[3].skip_reason, 'outside_calling_hours');
		assert.match(out[3].allowed_from_local, /\(Australia\/Sydney, UTC\+1[01]:00\)$/);
		assert.equal(requestsTo(stack.sandbox, 'GET', '/api/user/calls').length, 1, 'one history read for the batch');
	});

	test('second run (another process): the history check places 0 calls', async () => {
		const out = await run();
		assert.equal(requestsTo(stack.sandbox, 'POST', '/api/user/make_call').length, 0);
		assert.deepEqual(out.map((item) => item.skip_reason), ['called_recently', 'called_recently', 'do_not_call', 'outside_calling_hours']);
		assert.equal(typeof out[0].earlier_call.id, 'number');
		assert.equal(requestsTo(stack.sandbox, 'GET', '/api/user/calls').length, 1);
	});
});
