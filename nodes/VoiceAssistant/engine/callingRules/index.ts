/**
 * Calling rules (issue #20): Calling Hours in the callee's time zone, a Do Not Call list, and Skip If
 * Called Within (the platform's call history). The fields are node parameters the user sets: an AI
 * agent using the node as a tool fills only the fields given to it with $fromAI, so it cannot turn
 * a rule off. Every rule is decided for the whole batch before its first request.
 */
import type { INodeProperties } from 'n8n-workflow';

import { doNotCallFields } from './doNotCall';
import { callingHoursFields } from './hoursFields';
import { recentCallFields } from './recentCalls';

export { decideRules, type RuleDecision } from './decide';
export { sendUnderRules, outputUnderRules, localTimeFields, type Held } from './hold';
export { checkRecentCalls, type EarlierCall, type HistoryReader, type Target } from './history';
export { skipped } from './decide';

/** Operations that only reach a person later or at their own pace (a lead a campaign calls, WhatsApp). */
export { doNotCallFields };

/** Operations that reach a person at once without a call record to check (SMS). */
export const messageRuleFields: INodeProperties[] = [...callingHoursFields, ...doNotCallFields];

/** Call → Make: every rule. */
export const callRuleFields: INodeProperties[] = [...callingHoursFields, ...doNotCallFields, ...recentCallFields];
