/**
 * How a batch of an operation whose items share requests (Operation.group) is planned: gathered by key
 * in input order, at most `max` per request, requests in the order of their first item; what Retry On
 * Fail's memory knows of an item (done, unknown, changed) decides before any grouping.
 */
import type { Checked } from '../../nodes/VoiceAssistant/engine/batch/checkBatch';
import { planUnits } from '../../nodes/VoiceAssistant/engine/batch/groupPlan';
import { fingerprint, type Remembered, type RunMemory } from '../../nodes/VoiceAssistant/engine/batch/retryMemory';
import type { Grouping, Prepared } from '../../nodes/VoiceAssistant/engine/operation';

interface Lead extends Prepared {
	campaign: string;
}

const group = (max: number): Grouping => ({
	max,
	key: (prepared) => (prepared as Lead).campaign,
	request: (members) => ({ method: 'POST', path: '/x', body: { n: members.length } }),
	split: (_answer, members) => members.map(() => 'ok'),
});

const lead = (campaign: string, n: number): Checked => ({ ok: true, prepared: { campaign, request: { method: 'POST', path: `/campaigns/${campaign}/leads`, body: { n } } } as Lead });

function memoryOf(entries: Record<number, Remembered>): RunMemory {
	return { recall: (index) => entries[index], remember: () => undefined, keyFor: (_index, make) => make(), finish: () => undefined };
}

it('gathers by key in input order, at most max per request, requests in the order of their first item; invalid items take part in none', () => {
	const checked = ['A', 'B', 'A', 'A', 'B', 'A', 'A'].map(lead);
	checked.splice(4, 0, { ok: false, error: new Error('bad'), beforeSending: 'invalid' });
	expect(planUnits(group(3), checked, undefined)).toEqual([
		{ kind: 'send', items: [0, 2, 3] },
		{ kind: 'send', items: [1, 5] },
		{ kind: 'send', items: [6, 7] },
	]);
});

it('on a retry: done items replay their share, the items of an unknown request fail together, a changed item fails; the rest is grouped', () => {
	const checked = ['A', 'A', 'A', 'A', 'A', 'A'].map(lead);
	const print = (index: number) => fingerprint((checked[index] as { prepared: Prepared }).prepared.request);
	const unknown = new Error('HTTP 500');
	const memory = memoryOf({
		0: { kind: 'done', fingerprint: print(0), answer: 'share 0' },
		1: { kind: 'uncertain', fingerprint: print(1), error: unknown },
		2: { kind: 'uncertain', fingerprint: print(2), error: unknown },
		3: { kind: 'done', fingerprint: 'another request', answer: 'share 3' },
	});
	expect(planUnits(group(1000), checked, memory)).toEqual([
		{ kind: 'replay', items: [0], share: 'share 0' },
		{ kind: 'uncertain', items: [1, 2], error: unknown },
		{ kind: 'changed', items: [3] },
		{ kind: 'send', items: [4, 5] },
	]);
});
