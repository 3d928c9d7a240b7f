import type { Resource } from '../../../engine/operation';
import { operation as deleteCall } from './delete.operation';
import { operation as get } from './get.operation';
import { operation as getMany } from './getMany.operation';
import { operation as make } from './make.operation';

export const resource: Resource = { value: 'call', name: 'Call', defaultOperation: 'make', operations: [make, get, getMany, deleteCall] };
