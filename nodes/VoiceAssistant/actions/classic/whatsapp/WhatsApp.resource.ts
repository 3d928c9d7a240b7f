import type { Resource } from '../../../engine/operation';
import { operation as getSenders } from './getSenders.operation';
import { operation as getSessionStatus } from './getSessionStatus.operation';
import { operation as getTemplates } from './getTemplates.operation';
import { operation as sendFreeform } from './sendFreeform.operation';
import { operation as sendTemplate } from './sendTemplate.operation';

export const resource: Resource = {
	value: 'whatsapp',
	name: 'WhatsApp',
	defaultOperation: 'sendTemplate',
	operations: [sendTemplate, sendFreeform, getSessionStatus, getSenders, getTemplates],
};
