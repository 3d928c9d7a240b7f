/**
 * The polling trigger's first activation on an account whose platform writes times on its own clock
 * (issue #29). With the credential's Account Time Zone set, "Include Calls From the Last (Hours)"
 * counts back from now: a call that ended within those hours is emitted, one that ended before is
 * not, east or west of UTC. Not set, the hours count back from the newest timestamp in the list, as
 * documented before the field existed.
 */
import { HOUR, MINUTE, usePollingSandbox } from './helpers';

describe('Voice Assistant Polling Trigger: first activation on the account\'s clock', () => {
	const t = usePollingSandbox();
	afterEach(() => t.sb.setTimeZone(null));

	/** Two calls: one ended 6 h ago, one 3 h ago (instants); the platform and n8n agree on "now". */
	function endedSixAndThreeHoursAgo() {
		t.serverNow = t.n8nNow - 7 * HOUR;
		const older = t.startCall();
		t.serverNow += 5 * MINUTE;
		t.endCall(older); // ~6 h 55 min before now
		t.serverNow = t.n8nNow - 3 * HOUR - 5 * MINUTE;
		const recent = t.startCall();
		t.serverNow += 5 * MINUTE;
		t.endCall(recent); // 3 h before now
		return { older, recent };
	}

	it.each([
		['5 h behind UTC', 'America/Bogota'],
		['9 h ahead of UTC', 'Asia/Tokyo'],
	])('an account %s: the last 4 hours hold the call that ended 3 h ago, not the one that ended 7 h ago; not set, both (4 h before the newest call)', async (_label, zone) => {
		t.sb.setTimeZone(zone, t.sb.users.alice);
		const { older, recent } = endedSixAndThreeHoursAgo();
		const options = { options: { includeLastHours: 4 } };

		// the poll's own minute on n8n's clock is taken into account: both calls stay where they are
		const zoned = await t.poll({ activationPoll: true, parameters: options, credentials: { timeZone: zone }, after: 0 });
		expect(t.ids(zoned)).toEqual([recent.id]);

		t.memory = {};
		const unset = await t.poll({ activationPoll: true, parameters: options, after: 0 });
		expect(t.ids(unset)).toEqual([older.id, recent.id]);
	});

	// A guard, not a change: the cursor's times read 5 h later on the account's clock, so without a
	// fresh start the call just emitted would be read again above the floor and emitted twice.
	it('setting the zone on a running trigger starts afresh from now: nothing is emitted twice, later calls once', async () => {
		t.sb.setTimeZone('America/Bogota', t.sb.users.alice);
		t.serverNow = t.n8nNow;
		await t.poll({ activationPoll: true });
		const call = t.startCall();
		t.serverNow += MINUTE;
		t.endCall(call);
		expect(t.ids(await t.poll())).toEqual([call.id]);
		const credentials = { timeZone: 'America/Bogota' };
		expect((await t.poll({ credentials })).items).toEqual([]);
		const later = t.startCall();
		t.serverNow += MINUTE;
		t.endCall(later);
		expect(t.ids(await t.poll({ credentials }))).toEqual([later.id]);
		expect((await t.poll({ credentials })).items).toEqual([]);
	});
});
