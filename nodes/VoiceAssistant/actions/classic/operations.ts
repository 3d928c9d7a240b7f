import { resource as account } from './account/Account.resource';
import { resource as assistant } from './assistant/Assistant.resource';
import { resource as call } from './call/Call.resource';
import { resource as campaign } from './campaign/Campaign.resource';
import { resource as conversation } from './conversation/Conversation.resource';
import { resource as folder } from './folder/Folder.resource';
import { resource as knowledgeBase } from './knowledgeBase/KnowledgeBase.resource';
import { resource as knowledgeBaseDocument } from './knowledgeBaseDocument/KnowledgeBaseDocument.resource';
import { resource as label } from './label/Label.resource';
import { resource as lead } from './lead/Lead.resource';
import type { Resource } from '../../engine/operation';
import { resource as phoneNumber } from './phoneNumber/PhoneNumber.resource';
import { resource as reference } from './reference/Reference.resource';
import { resource as sipTrunk } from './sipTrunk/SipTrunk.resource';
import { resource as sms } from './sms/Sms.resource';
import { resource as tool } from './tool/Tool.resource';
import { resource as whatsapp } from './whatsapp/WhatsApp.resource';
import { resource as whiteLabel } from './whiteLabel/WhiteLabel.resource';

/** Every resource of the node; the node's properties and the router are both built from this list. */
export const RESOURCES: Resource[] = [
	account,
	assistant,
	call,
	campaign,
	conversation,
	folder,
	knowledgeBase,
	knowledgeBaseDocument,
	label,
	lead,
	phoneNumber,
	reference,
	sipTrunk,
	sms,
	tool,
	whatsapp,
	whiteLabel,
];
