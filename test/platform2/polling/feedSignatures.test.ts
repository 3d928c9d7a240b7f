/**
 * The cursor key every Platform 2.0 polling trigger saves (feeds.ts feedSignature) for every event and
 * every combination of filters, pinned as they were before the events became rows (issue #48 item 1):
 * a key that changes makes every running trigger start afresh, so it may not change with a refactor.
 * An event added later gets its keys added here (fixtures/feedSignatures.json: "<event> <filters>").
 */
import { EVENTS2, POLLING_EVENTS } from '../../../nodes/VoiceAssistant/polling/platform2/events';
import { feedOf, feedSignature, type Platform2PollingSettings } from '../../../nodes/VoiceAssistant/polling/platform2/feeds';
import { OPERATIONS } from '../../../nodes/VoiceAssistant/actions/platform2/catalog/catalog.generated';
import PINNED from './fixtures/feedSignatures.json';

const FILTER_VALUES = { assistantId: '3f2b8c1e-0000-4000-8000-000000000001', direction: 'inbound', campaignId: '3f2b8c1e-0000-4000-8000-000000000002', channel: 'whatsapp', outcome: 'busy' };
const FILTER_KEYS = Object.keys(FILTER_VALUES) as Array<keyof typeof FILTER_VALUES>;

function signatures(): Record<string, string> {
	const out: Record<string, string> = {};
	for (const event of [...EVENTS2].sort()) {
		for (let mask = 0; mask < 1 << FILTER_KEYS.length; mask++) {
			const set = FILTER_KEYS.filter((_, i) => mask & (1 << i));
			const settings = { event, ...Object.fromEntries(set.map((key) => [key, FILTER_VALUES[key]])) } as Platform2PollingSettings;
			out[`${event} ${set.join('+') || '-'}`] = feedSignature(settings);
		}
	}
	return out;
}

describe('Platform 2.0 polling: the saved cursor keys', () => {
	it('are the same for every event and every combination of filters', () => {
		expect(signatures()).toEqual(PINNED);
	});
});

describe('Platform 2.0 polling: each event is one row, the rest from the catalogue', () => {
	it.each(EVENTS2)('%s reads its operation with the catalogue path, scopes and page size', (event) => {
		const operation = OPERATIONS.find((op) => op.id === POLLING_EVENTS[event].operation);
		const feed = feedOf({ event });
		expect(feed.path).toBe(operation?.path);
		expect(feed.scopes).toEqual(operation?.scopes);
		if (operation?.paging) expect(feed.pageLimit).toBe(operation.paging.max);
		else expect(feed.unpaged).toBe(true);
	});
});
