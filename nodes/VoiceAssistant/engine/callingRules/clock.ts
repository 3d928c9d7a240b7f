/**
 * The clock the calling rules read: Date.now, replaceable by tests (set `rulesClock.now`), so that
 * windows, DST switches and "called within" are tested at any instant without waiting for it.
 */
export const rulesClock = { now: (): number => Date.now() };
