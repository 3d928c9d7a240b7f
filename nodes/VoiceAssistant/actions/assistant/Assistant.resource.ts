import type { Resource } from '../operation';
import { operation as create } from './create.operation';
import { operation as getMany } from './getMany.operation';
import { operation as getManyOutbound } from './getManyOutbound.operation';
import { inboundWebhookOperation } from './inboundWebhook';
import { operation as update } from './update.operation';

export const resource: Resource = {
	value: 'assistant',
	name: 'Assistant',
	defaultOperation: 'create',
	operations: [create, update, getMany, getManyOutbound, inboundWebhookOperation(true), inboundWebhookOperation(false)],
};
