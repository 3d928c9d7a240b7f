import type { Resource } from '../operation';
import { operation as create } from './create.operation';
import { operation as getMany } from './getMany.operation';
import { setStatusOperation } from './setStatus';

export const resource: Resource = {
	value: 'campaign',
	name: 'Campaign',
	defaultOperation: 'getMany',
	operations: [create, getMany, setStatusOperation('start'), setStatusOperation('stop')],
};
