import type { Resource } from '../../../engine/operation';
import { operation as create } from './create.operation';
import { operation as deleteCampaign } from './delete.operation';
import { operation as getMany } from './getMany.operation';
import { operation as start } from './start.operation';
import { operation as stop } from './stop.operation';

export const resource: Resource = {
	value: 'campaign',
	name: 'Campaign',
	defaultOperation: 'getMany',
	operations: [create, deleteCampaign, getMany, start, stop],
};
