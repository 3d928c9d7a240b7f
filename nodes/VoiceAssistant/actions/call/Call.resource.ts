import type { Resource } from '../operation';
import { operation as getMany } from './getMany.operation';
import { operation as make } from './make.operation';

export const resource: Resource = { value: 'call', name: 'Call', defaultOperation: 'make', operations: [make, getMany] };
