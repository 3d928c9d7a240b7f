/** Calling-rule tests: the node through the real engine against the sandbox, with the rules' clock injected. */
import type { IDataObject } from 'n8n-workflow';

import { rulesClock } from '../../nodes/VoiceAssistant/engine/callingRules/clock';
import type { Sandbox } from '../../sandbox';
import { byId } from '../nodes/helpers';

export { expectOk, jsonOf, useNodeSandbox as useSandbox } from '../nodes/helpers';

const realNow = rulesClock.now;
const realSleep = rulesClock.sleep;

/** The rules see `iso` now (and time moves on from there at real speed). */
export function setRulesClock(iso: string): void {
	const shift = Date.parse(iso) - Date.now();
	rulesClock.now = () => Date.now() + shift;
}

export function resetRulesClock(): void {
	rulesClock.now = realNow;
	rulesClock.sleep = realSleep;
}

/**
 * The rules' clock stands still at `iso` until the test moves it: a wait for Calling Hours ends
 * exactly when the test moves the clock past its opening, never because the machine was slow.
 */
export function manualRulesClock(iso: string): { moveTo(iso: string): void; sleeping(): number } {
	let now = Date.parse(iso);
	let sleepers: Array<{ until: number; wake: () => void }> = [];
	rulesClock.now = () => now;
	rulesClock.sleep = async (ms) => await new Promise<void>((wake) => sleepers.push({ until: now + ms, wake }));
	return {
		moveTo(to) {
			now = Date.parse(to);
			const due = sleepers.filter((sleeper) => sleeper.until <= now);
			sleepers = sleepers.filter((sleeper) => sleeper.until > now);
			for (const sleeper of due) sleeper.wake();
		},
		sleeping: () => sleepers.length,
	};
}

/** Call → Make for one item per {phone}, with these rule fields. */
export function makeParams(extra: IDataObject = {}): IDataObject {
	return { resource: 'call', operation: 'make', assistantId: byId(1), phoneNumber: '={{ $json.phone }}', variablesInput: 'none', ...extra };
}

export function phones(...numbers: string[]): IDataObject[] {
	return numbers.map((phone) => ({ phone }));
}

export function makeCalls(sb: Sandbox): IDataObject[] {
	return sb.requests.filter((r) => r.method === 'POST' && r.path === '/api/user/make_call').map((r) => r.body as IDataObject);
}

export function historyReads(sb: Sandbox) {
	return sb.requests.filter((r) => r.method === 'GET' && r.path === '/api/user/calls');
}
