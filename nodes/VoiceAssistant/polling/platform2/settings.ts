/** The Platform 2.0 polling trigger's parameters, read once per poll and checked before anything is sent. */
import { NodeOperationError } from 'n8n-workflow';
import type { IPollFunctions } from 'n8n-workflow';

import { isUuid } from '../../shared/uuid';
import { EVENTS2, LEAD_OUTCOMES, pollingEvent, type Platform2PollingEvent, type Filter } from './events';
import type { Platform2PollingSettings } from './feeds';
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

/** How each filter's parameter is read and checked (where it shows: events.ts, the event's row). */
const READ_FILTER: Record<Filter, (ctx: IPollFunctions) => string | undefined> = {
	assistantId: (ctx) => uuidParameter(ctx, 'assistantId2', 'Assistant ID'),
	direction: (ctx) => String(ctx.getNodeParameter('direction', '')) || undefined,
	channel: (ctx) => {
		const channel = String(ctx.getNodeParameter('channel', ''));
		// version 3's text box passes what was typed; from version 4 it is one of the API's channels
		if (ctx.getNode().typeVersion >= 4 && channel !== '' && !CHANNELS.some(({ value }) => value === channel)) {
			throw new NodeOperationError(ctx.getNode(), `Channel "${channel.slice(0, 50)}" is not one of List History's channels`, { description: `One of: ${CHANNELS.map(({ value }) => value).join(', ')}` });
		}
		return channel || undefined;
	},
	campaignId: (ctx) => uuidParameter(ctx, 'campaignId', 'Campaign ID'),
	outcome: (ctx) => {
		const outcome = String(ctx.getNodeParameter('outcome', ''));
		if (outcome !== '' && !(LEAD_OUTCOMES as readonly string[]).includes(outcome)) throw new NodeOperationError(ctx.getNode(), `Outcome "${outcome.slice(0, 50)}" is not one of ${LEAD_OUTCOMES.join(', ')}`);
		return outcome || undefined;
	},
};
/** The order the filters are read in: the first bad value named stays the one it always was. */
const READ_ORDER: readonly Filter[] = ['assistantId', 'direction', 'channel', 'campaignId', 'outcome'];

export function readPlatform2PollingSettings(ctx: IPollFunctions): Platform2PollingSettings {
	const event = String(ctx.getNodeParameter('event2', 'callCompleted')) as Platform2PollingEvent;
	if (!(EVENTS2 as readonly string[]).includes(event)) throw new NodeOperationError(ctx.getNode(), `Unknown event "${event}"`);
	const settings: Platform2PollingSettings = { event };
	const offered = pollingEvent(event).filters ?? {};
	for (const filter of READ_ORDER) {
		if (offered[filter] === undefined) continue;
		const value = READ_FILTER[filter](ctx);
		// an assistant or campaign left empty was always kept as undefined; the others were left out
		if (value !== undefined || filter === 'assistantId' || filter === 'campaignId') settings[filter] = value;
	}
	return settings;
}
