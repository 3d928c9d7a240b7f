/**
 * The pacer's wait for one window, on its own (transport/slotWait.ts): one test per reason it can
 * give. "others-reset" is the branch that could never run inside the pacer's old loop (#24): when
 * only other users' requests fill the window, the wait ends when our reading of them goes stale.
 */
import { PENDING_RECHECK_MS } from '../../nodes/VoiceAssistant/transport/pacerModel';
import { windowWait, type WindowState } from '../../nodes/VoiceAssistant/transport/slotWait';

const now = 1_000_000;
const state = (overrides: Partial<WindowState>): WindowState => ({ now, ceiling: 3, expiries: [], pending: 0, foreign: 0, foreignUntil: 0, ...overrides });

describe('windowWait', () => {
	it('room: fewer requests in the window than its ceiling', () => {
		expect(windowWait(state({ expiries: [now + 5_000], pending: 1 }))).toEqual({ until: now, reason: 'room' });
	});

	it('own-slot-frees: full of our answered requests, the earliest one that makes room', () => {
		expect(windowWait(state({ expiries: [now + 9_000, now + 4_000, now + 6_000] }))).toEqual({ until: now + 4_000, reason: 'own-slot-frees' });
		// two over the ceiling: the second-earliest
		expect(windowWait(state({ ceiling: 2, expiries: [now + 9_000, now + 4_000, now + 6_000] }))).toEqual({ until: now + 6_000, reason: 'own-slot-frees' });
	});

	it('in-flight-answers: the slots to free are held by requests still in flight', () => {
		expect(windowWait(state({ ceiling: 2, expiries: [now + 4_000], pending: 2 }))).toEqual({ until: now + PENDING_RECHECK_MS, reason: 'in-flight-answers' });
	});

	it('others-reset: only other users\' requests fill it, so wait until that reading is stale', () => {
		expect(windowWait(state({ foreign: 3, foreignUntil: now + 7_000 }))).toEqual({ until: now + 7_000, reason: 'others-reset' });
		// never sooner than a recheck
		expect(windowWait(state({ foreign: 5, foreignUntil: now + 10 }))).toEqual({ until: now + PENDING_RECHECK_MS, reason: 'others-reset' });
	});

	it('share-goes-stale: shared out by the server\'s count and our own slots cannot make room', () => {
		expect(windowWait(state({ ceiling: 1, pending: 0, expiries: [], staleAt: now + 3_000 }))).toEqual({ until: now, reason: 'room' });
		expect(windowWait(state({ ceiling: 0, staleAt: now + 3_000 }))).toEqual({ until: now + 3_000, reason: 'share-goes-stale' });
	});

	it('ask-again: shared, past the server\'s Reset and nothing in flight', () => {
		expect(windowWait(state({ ceiling: 1, expiries: [now + 5_000], staleAt: now - 1 }))).toEqual({ until: now, reason: 'ask-again' });
		// with a request in flight its answer brings the fresh count instead
		expect(windowWait(state({ ceiling: 1, pending: 1, staleAt: now - 1 }))).toEqual({ until: now + PENDING_RECHECK_MS, reason: 'in-flight-answers' });
	});

	it('while shared, a slot of ours frees no later than the share goes stale', () => {
		expect(windowWait(state({ ceiling: 1, expiries: [now + 9_000], staleAt: now + 2_000 }))).toEqual({ until: now + 2_000, reason: 'own-slot-frees' });
	});
});
