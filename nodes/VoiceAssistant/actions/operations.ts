import type { ResourceOperations } from './types';
import * as assistant from './assistant/Assistant.resource';
import * as call from './call/Call.resource';
import * as campaign from './campaign/Campaign.resource';
import * as lead from './lead/Lead.resource';
import * as reference from './reference/Reference.resource';
import * as sms from './sms/Sms.resource';

/** resource value → operation value → module. Adding an operation: write its file, list it in its resource file. */
export const operationsByResource: Record<string, ResourceOperations> = {
	assistant: assistant.operations,
	lead: lead.operations,
	campaign: campaign.operations,
	call: call.operations,
	sms: sms.operations,
	reference: reference.operations,
};
