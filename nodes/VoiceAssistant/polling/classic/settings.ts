/**
 * The polling trigger's parameters, read once per poll: what to ask the call list for (server-side
 * filters, which also key the cursor) and what to keep of its answer (client-side filters).
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

/** What a call counts as for the Call Types option: a campaign's call, or the list's own type. */
export const CALL_KINDS = ['campaign', 'inbound', 'outbound', 'web'] as const;
type CallKind = (typeof CALL_KINDS)[number];
/** The list's `type` filter each kind needs (campaign calls are outbound calls). */
const LIST_TYPE: Record<CallKind, string> = { campaign: 'outbound', inbound: 'inbound', outbound: 'outbound', web: 'web' };

export interface PollSettings {
	/** undefined: every assistant of the account */
	assistantId?: number;
	kinds: CallKind[];
	statuses: string[];
	simplify: boolean;
	downloadRecording: boolean;
	binaryField: string;
	/** first activation only: also emit calls that ended this many hours before */
	includeHours: number;
	/** the query every list request carries */
	query: IDataObject;
}

function assistantIdOf(ctx: IPollFunctions): number | undefined {
	const raw = ctx.getNodeParameter('assistantId', '', { extractValue: true }) as unknown;
	const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
	if (text === '') return undefined;
	// Digits only: "0x10" or "1e3" must not select assistant 16 or 1000.
	const id = /^\d+$/.test(text) ? Number(text) : NaN;
	if (!Number.isSafeInteger(id) || id <= 0) {
		throw new NodeOperationError(ctx.getNode(), `"${text.slice(0, 100)}" is not a valid assistant ID`, {
			description: 'Choose an assistant from the list, enter its numeric ID, or leave it empty for all assistants.',
		});
	}
	return id;
}

export function readSettings(ctx: IPollFunctions): PollSettings {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const assistantId = assistantIdOf(ctx);
	const kinds = (Array.isArray(options.callTypes) ? options.callTypes : []).filter((kind): kind is CallKind =>
		(CALL_KINDS as readonly string[]).includes(String(kind)),
	);
	const statuses = (Array.isArray(options.statuses) ? options.statuses : []).map(String);
	const field = typeof options.binaryPropertyName === 'string' ? options.binaryPropertyName.trim() : '';
	const hours = Number(options.includeLastHours ?? 0);
	const query: IDataObject = {};
	if (assistantId !== undefined) query.assistant_id = assistantId;
	// Only a filter the list can apply exactly goes to the server; status never does, because a call
	// in progress must stay visible to be followed until it ends.
	const listTypes = new Set(kinds.map((kind) => LIST_TYPE[kind]));
	if (listTypes.size === 1) query.type = [...listTypes][0];
	return {
		assistantId,
		kinds,
		statuses,
		simplify: ctx.getNodeParameter('simplify', false) === true,
		downloadRecording: options.downloadRecording === true,
		binaryField: field === '' ? 'data' : field,
		includeHours: Number.isFinite(hours) && hours > 0 ? Math.min(hours, 24) : 0,
		query,
	};
}

/**
 * The cursor's key: the server-side filters (another filter shows other calls, so the cursor starts
 * afresh), and the account's zone when set (the cursor's times are read on its clock; a cursor built
 * without a zone keeps its key, so setting none changes nothing for a running trigger).
 */
export function filterSignature(settings: PollSettings, zone?: string): string {
	const filters = { assistant_id: settings.assistantId ?? null, type: settings.query.type ?? null };
	return JSON.stringify(zone === undefined ? filters : { ...filters, zone });
}

function kindOf(record: IDataObject): string {
	const inCampaign = (record.campaign_id !== undefined && record.campaign_id !== null) || (typeof record.campaign_name === 'string' && record.campaign_name !== '');
	return inCampaign ? 'campaign' : String(record.type ?? '');
}

/** Whether a finished call starts the workflow (Call Statuses, Call Types). */
export function wanted(settings: PollSettings, record: IDataObject): boolean {
	if (settings.statuses.length > 0 && !settings.statuses.includes(String(record.status ?? '').trim().toLowerCase())) return false;
	if (settings.kinds.length > 0 && !(settings.kinds as string[]).includes(kindOf(record))) return false;
	return true;
}
