/** The Platform 2.0 polling trigger's parameters, read once per poll and checked before anything is sent. */
import { NodeOperationError } from 'n8n-workflow';
import type { IPollFunctions } from 'n8n-workflow';

import { isUuid } from '../../shared/uuid';
import { CALL_EVENTS, EVENTS2, LEAD_OUTCOMES, type Event2, type Settings2 } from './feeds';
import { CHANNELS } from './properties';

function uuidParameter(ctx: IPollFunctions, name: string, label: string): string | undefined {
	// version 4 picks from a list (a resource locator), version 3 has a text box: both give the UUID
	const raw = ctx.getNodeParameter(name, '', { extractValue: true }) as unknown;
	const value = typeof raw === 'string' ? raw.trim() : '';
	if (value === '') return undefined;
	if (!isUuid(value)) {
		throw new NodeOperationError(ctx.getNode(), `${label} "${value.slice(0, 100)}" is not a UUID`, {
			description: `Platform 2.0 IDs are UUIDs (e.g. 3f2b…-…). Leave ${label} empty for all.`,
		});
	}
	return value.toLowerCase();
}

export function readSettings2(ctx: IPollFunctions): Settings2 {
	const event = String(ctx.getNodeParameter('event2', 'callCompleted')) as Event2;
	if (!(EVENTS2 as readonly string[]).includes(event)) throw new NodeOperationError(ctx.getNode(), `Unknown event "${event}"`);
	const settings: Settings2 = { event };
	const callEvent = CALL_EVENTS.includes(event);
	const conversationEvent = event === 'conversationEnded' || event === 'conversationActivity';
	const leadOutcome = event === 'campaignLeadOutcome';
	if (callEvent || conversationEvent || leadOutcome) settings.assistantId = uuidParameter(ctx, 'assistantId2', 'Assistant ID');
	if (callEvent) {
		const direction = String(ctx.getNodeParameter('direction', ''));
		if (direction !== '') settings.direction = direction;
	}
	if (conversationEvent) {
		const channel = String(ctx.getNodeParameter('channel', ''));
		// version 3's text box passes what was typed; from version 4 it is one of the API's channels
		if (ctx.getNode().typeVersion >= 4 && channel !== '' && !CHANNELS.some(({ value }) => value === channel)) {
			throw new NodeOperationError(ctx.getNode(), `Channel "${channel.slice(0, 50)}" is not one of List History's channels`, { description: `One of: ${CHANNELS.map(({ value }) => value).join(', ')}` });
		}
		if (channel !== '') settings.channel = channel;
	}
	if (callEvent || event === 'campaignLead' || leadOutcome) settings.campaignId = uuidParameter(ctx, 'campaignId', 'Campaign ID');
	if (leadOutcome) {
		const outcome = String(ctx.getNodeParameter('outcome', ''));
		if (outcome !== '' && !(LEAD_OUTCOMES as readonly string[]).includes(outcome)) throw new NodeOperationError(ctx.getNode(), `Outcome "${outcome.slice(0, 50)}" is not one of ${LEAD_OUTCOMES.join(', ')}`);
		if (outcome !== '') settings.outcome = outcome;
	}
	return settings;
}
