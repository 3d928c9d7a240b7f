import type { Grouping } from '../operation';
import type { Checked } from './checkBatch';
import { fingerprint, type RunMemory } from './retryMemory';

/**
 * One step of a grouped send, in the order of its first item:
 * - `send`: items with the same key sent in one request (at most the operation's `max`, input order);
 * - `replay`: an item an earlier try of this run added: its share of that answer, nothing sent;
 * - `uncertain`: items of an earlier request whose answer is unknown: they fail again with its error,
 *   nothing sent (the platform may have added them);
 * - `changed`: an item sent in an earlier try whose request is different now: it fails, nothing sent.
 */
export type Unit =
	| { kind: 'send'; items: number[] }
	| { kind: 'replay'; items: [number]; share: unknown; droppedAnswerBytes?: number }
	| { kind: 'uncertain'; items: number[]; error: unknown }
	| { kind: 'changed'; items: [number] };

/**
 * Plans the units of a checked batch (invalid items take part in none). Items are gathered by key, not
 * only when adjacent: a campaign's leads interleaved with another's still travel together, each group
 * in input order. What the run's memory knows of an item decides before any grouping.
 */
export function planUnits(group: Grouping, checked: Checked[], memory: RunMemory | undefined): Unit[] {
	const units: Unit[] = [];
	const open = new Map<string, number[]>();
	const uncertain = new Map<unknown, number[]>();
	checked.forEach((entry, itemIndex) => {
		if (!entry.ok) return;
		const earlier = memory?.recall(itemIndex);
		if (earlier !== undefined) {
			if (earlier.fingerprint !== fingerprint(entry.prepared.request)) units.push({ kind: 'changed', items: [itemIndex] });
			else if (earlier.kind === 'uncertain') {
				// The items of one unknown request fail together, as one unit: none of them is "not sent".
				const members = uncertain.get(earlier.error);
				if (members) members.push(itemIndex);
				else {
					const items = [itemIndex];
					uncertain.set(earlier.error, items);
					units.push({ kind: 'uncertain', items, error: earlier.error });
				}
			} else if ('answer' in earlier) units.push({ kind: 'replay', items: [itemIndex], share: earlier.answer });
			else units.push({ kind: 'replay', items: [itemIndex], share: undefined, droppedAnswerBytes: earlier.droppedAnswerBytes });
			return;
		}
		const key = group.key(entry.prepared);
		let items = open.get(key);
		if (items === undefined || items.length >= group.max) {
			items = [];
			open.set(key, items);
			units.push({ kind: 'send', items });
		}
		items.push(itemIndex);
	});
	return units;
}
