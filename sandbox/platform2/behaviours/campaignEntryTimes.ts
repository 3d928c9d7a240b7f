/**
 * Campaigns answered as the catalogue has them, without the times they entered a status (it names no
 * `started_at`, `paused_at` or `completed_at`): `sb.platform2.setCampaignEntryTimes(false)`, or POST
 * /sandbox/platform2/campaign-entry-times {enabled: false}. The records keep the times (campaignRuns.ts
 * stamps them, recordAt writes what it is given); only the answers of the operations that return a
 * campaign leave them out, so turning the setting back on shows them again.
 */
import type { P2Answer } from '../answers';

export const CAMPAIGN_ENTRY_TIMES = ['started_at', 'paused_at', 'completed_at'] as const;

/** The operations whose answer is a campaign record or a list of them. */
const ANSWER_CAMPAIGNS = new Set(['listCampaigns', 'getCampaign', 'createCampaign', 'updateCampaign', 'startCampaign', 'stopCampaign']);

const withoutTimes = (value: unknown): unknown => {
	if (Array.isArray(value)) return value.map(withoutTimes);
	if (typeof value !== 'object' || value === null) return value;
	const copy = { ...(value as Record<string, unknown>) };
	for (const field of CAMPAIGN_ENTRY_TIMES) delete copy[field];
	return copy;
};

/** The answer as it goes out: unchanged unless entry times are off and it holds campaigns (a copy then: the records keep theirs). */
export function campaignAnswer(operationId: string, entryTimes: boolean, answer: P2Answer): P2Answer {
	if (entryTimes || !ANSWER_CAMPAIGNS.has(operationId) || answer.status >= 300) return answer;
	const body = answer.body as { data?: unknown } | null;
	if (typeof body !== 'object' || body === null || !('data' in body)) return answer;
	return { ...answer, body: { ...body, data: withoutTimes(body.data) } };
}
