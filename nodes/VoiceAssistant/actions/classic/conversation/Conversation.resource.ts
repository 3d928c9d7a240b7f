import type { Resource } from '../../../engine/operation';
import { operation as create } from './create.operation';
import { operation as disableAi } from './disableAi.operation';
import { operation as enableAi } from './enableAi.operation';
import { operation as generateReply } from './generateReply.operation';
import { operation as get } from './get.operation';
import { operation as getMany } from './getMany.operation';
import { operation as sendMessage } from './sendMessage.operation';

export const resource: Resource = {
	value: 'conversation',
	name: 'Conversation',
	defaultOperation: 'generateReply',
	operations: [generateReply, create, get, getMany, sendMessage, disableAi, enableAi],
};
