import type { Resource } from '../../../engine/operation';
import { operation as create } from './create.operation';
import { operation as deleteAssistant } from './delete.operation';
import { operation as getMany } from './getMany.operation';
import { operation as getManyOutbound } from './getManyOutbound.operation';
import { operation as update } from './update.operation';
import { operation as enableInboundWebhook } from './enableInboundWebhook.operation';
import { operation as disableInboundWebhook } from './disableInboundWebhook.operation';
import { operation as enablePostCallWebhook } from './enablePostCallWebhook.operation';
import { operation as disablePostCallWebhook } from './disablePostCallWebhook.operation';

export const resource: Resource = {
	value: 'assistant',
	name: 'Assistant',
	defaultOperation: 'create',
	operations: [
		create,
		update,
		deleteAssistant,
		getMany,
		getManyOutbound,
		enableInboundWebhook,
		disableInboundWebhook,
		enablePostCallWebhook,
		disablePostCallWebhook,
	],
};
