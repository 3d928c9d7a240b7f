import { resource as account } from './account/Account.resource';
import { resource as assistant } from './assistant/Assistant.resource';
import { resource as call } from './call/Call.resource';
import { resource as campaign } from './campaign/Campaign.resource';
import { resource as conversation } from './conversation/Conversation.resource';
import { resource as lead } from './lead/Lead.resource';
import type { AnyOperation, Resource } from './operation';
import { resource as phoneNumber } from './phoneNumber/PhoneNumber.resource';
import { resource as reference } from './reference/Reference.resource';
import { resource as sms } from './sms/Sms.resource';
import { resource as whatsapp } from './whatsapp/WhatsApp.resource';

/** Every resource of the node; the node's properties and the router are both built from this list. */
export const RESOURCES: Resource[] = [account, assistant, call, campaign, conversation, lead, phoneNumber, reference, sms, whatsapp];

/** resource value → operation value → operation. */
export const operationsByResource: Record<string, Record<string, AnyOperation>> = Object.fromEntries(
	RESOURCES.map((resource) => [resource.value, Object.fromEntries(resource.operations.map((op) => [op.value, op]))]),
);

export function findOperation(resource: string, operation: string): AnyOperation | undefined {
	return Object.hasOwn(operationsByResource, resource) && Object.hasOwn(operationsByResource[resource], operation)
		? operationsByResource[resource][operation]
		: undefined;
}
