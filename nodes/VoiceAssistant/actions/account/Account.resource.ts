import type { Resource } from '../../engine/operation';
import { operation as get } from './get.operation';

export const resource: Resource = { value: 'account', name: 'Account', defaultOperation: 'get', operations: [get] };
