import type { Resource } from '../operation';
import { operation as getMany } from './getMany.operation';
import { setStatusOperation } from './setStatus';

export const resource: Resource = {
	value: 'campaign',
	name: 'Campaign',
	defaultOperation: 'getMany',
	operations: [getMany, setStatusOperation('start'), setStatusOperation('stop')],
};
