import type { Resource } from '../operation';
import { operation as create } from './create.operation';
import { operation as getMany } from './getMany.operation';
import { operation as getManyOutbound } from './getManyOutbound.operation';
import { operation as update } from './update.operation';
import { webhookSwitchOperation } from './webhookSwitch';

export const resource: Resource = {
	value: 'assistant',
	name: 'Assistant',
	defaultOperation: 'create',
	operations: [
		create,
		update,
		getMany,
		getManyOutbound,
		webhookSwitchOperation('inbound', true),
		webhookSwitchOperation('inbound', false),
		webhookSwitchOperation('postCall', true),
		webhookSwitchOperation('postCall', false),
	],
};
