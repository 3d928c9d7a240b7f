/**
 * Batch-wide rules read the batch as prepared: Skip If Called Within's one history read and its "the
 * same number twice" check take each item's number as prepare normalised it, and no item's
 * parameters are read and checked a second time for them (a batch of 300 was prepared 300 × 300 times).
 */
import * as params from '../../nodes/VoiceAssistant/engine/itemParams';
import { expectOk, historyReads, jsonOf, makeCalls, makeParams, phones, useSandbox } from './helpers';

const t = useSandbox();
afterEach(() => jest.restoreAllMocks());

const rule = makeParams({ skipIfCalledRecently: true, calledWithinHours: 24 });

it("each item's parameters are read once, whatever the batch-wide rules read", async () => {
	const reads = jest.spyOn(params, 'itemParams');
	const numbers = Array.from({ length: 40 }, (_, index) => `+1212556${String(1000 + index)}`);
	expectOk(await t.run(rule, { items: phones(...numbers) }));
	expect(reads).toHaveBeenCalledTimes(40);
	expect(historyReads(t.sb)).toHaveLength(1);
	expect(makeCalls(t.sb)).toHaveLength(40);
});

it('the same number written two ways is one number to the rule: called once, the later item skipped', async () => {
	const out = jsonOf(expectOk(await t.run(rule, { items: phones('+1 212 556 2000', '+12125562000') })));
	expect(makeCalls(t.sb).map((call) => call.phone_number)).toEqual(['+12125562000']);
	expect(out[1]).toMatchObject({ skipped: true, skip_reason: 'called_recently', earlier_item: 0 });
});

it('an invalid item: the batch sends nothing, and the error names the field and the item', async () => {
	const run = await t.run(rule, { items: phones('+12125563000', 'not a number') });
	expect(run.error?.message).toMatch(/Customer Phone Number/);
	expect(run.error?.message).toMatch(/item 1/);
	expect(makeCalls(t.sb)).toHaveLength(0);
});
