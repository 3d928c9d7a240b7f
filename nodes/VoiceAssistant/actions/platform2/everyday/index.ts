import type { AnyOperation } from '../../../engine/operation';
import type { CatalogOperation } from '../catalog/types';
import { addLeads } from './addLeads';
import { createCall } from './createCall';
import { getCall } from './getCall';
import { sendSms } from './sendSms';
import { stopCampaign } from './stopCampaign';
import { addSuppressionEntry, removeSuppressionEntry } from './suppression';

/**
 * Operations of the everyday loop that need more than the catalogue says (waiting for a call to end,
 * the calling rules, leads grouped into bulk requests…): each is made by hand from its catalogue entry,
 * on the same Operation interface, and takes the generated one's place. One line per operation:
 * `createCall: makeCall,` with `makeCall(entry: CatalogOperation): AnyOperation` in its own file here.
 */
export const EVERYDAY: Readonly<Record<string, (entry: CatalogOperation) => AnyOperation>> = {
	addLeads,
	createCall,
	getCall,
	sendSms,
	addSuppressionEntry,
	removeSuppressionEntry,
	stopCampaign,
};
