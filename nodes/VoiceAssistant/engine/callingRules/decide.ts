import type { IDataObject } from 'n8n-workflow';

import type { ItemParams } from '../itemParams';
import { timeZonesOf } from '../../shared/timeZones';
import { describeLocal } from '../../shared/timeZones/localTime';
import { rulesClock } from './clock';
import { doNotCallSkip, skipped } from './doNotCall';
import { HORIZON_DAYS, nextOpeningShared } from './hours';
import { readCallingHours } from './hoursFields';
import { readRecentCallRule, type RecentCallRule } from './recentCalls';

/**
 * What the rules decided for one item, before anything of the batch is sent (kept in the item's
 * prepared request): skip it with this output, send it (after waiting until `waitUntil`), and, for
 * Skip If Called Within, the history check still to be made on the batch (resolve step).
 */
export interface RuleDecision {
	skip?: IDataObject;
	waitUntil?: number;
	/** the callee's zones, when Calling Hours are on (the output shows the local time of sending) */
	zones?: string[];
	recent?: RecentCallRule;
}

/**
 * Runs the rules the user set on the item, in order: Do Not Call, Calling Hours, then (noted for the
 * batch read) Skip If Called Within. `field` names the number's field in errors; `offers` says which
 * rules besides Do Not Call the operation has. "Fail the Item" throws the item's error here.
 */
export function decideRules(item: ItemParams, phone: string, field: string, offers: { hours?: boolean; history?: boolean } = {}): RuleDecision {
	const skip = doNotCallSkip(item, phone, field);
	if (skip) return { skip };
	const hours = offers.hours ? readCallingHours(item) : undefined;
	let decision: RuleDecision = {};
	if (hours) {
		const zones = timeZonesOf(phone);
		if (zones.length === 0) throw item.fail(field, `${phone}: no time zone is known for this number, so Calling Hours cannot be checked`);
		const now = rulesClock.now();
		const opening = nextOpeningShared(now, zones, hours.window);
		decision = { zones };
		if (opening !== now) {
			const when = opening === undefined ? `it is not within the hours in all of its time zones (${zones.join(', ')}) at any time in the next ${HORIZON_DAYS} days` : `it may be contacted from ${describeLocalAll(opening, zones)}`;
			const localNow = zones.map((zone) => describeLocal(now, zone)).join(', ');
			if (hours.outside === 'fail') throw item.fail(field, `${phone} is outside Calling Hours (local time ${localNow}): ${when}`);
			if (hours.outside === 'skip' || opening === undefined || opening - now > hours.maxWaitMs) {
				if (hours.outside === 'wait') {
					throw item.fail(field, `${phone} is outside Calling Hours (local time ${localNow}) and ${when}, after Max Wait`);
				}
				return {
					skip: {
						...skipped(phone, 'outside_calling_hours', `Outside Calling Hours (local time ${localNow})`),
						time_zones: zones,
						allowed_from: opening === undefined ? null : new Date(opening).toISOString(),
						allowed_from_local: opening === undefined ? null : describeLocalAll(opening, zones),
					},
				};
			}
			decision.waitUntil = opening;
		}
	}
	if (offers.history) decision.recent = readRecentCallRule(item);
	return decision;
}

export { skipped };

function describeLocalAll(instant: number, zones: string[]): string {
	return zones.map((zone) => describeLocal(instant, zone)).join(', ');
}
