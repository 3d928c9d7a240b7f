import type { Resource } from '../../../engine/operation';
import { operation as createApiKey } from './createApiKey.operation';
import { operation as deleteApiKey } from './deleteApiKey.operation';
import { operation as get } from './get.operation';
import { operation as getManyApiKeys } from './getManyApiKeys.operation';

export const resource: Resource = { value: 'account', name: 'Account', defaultOperation: 'get', operations: [get, getManyApiKeys, createApiKey, deleteApiKey] };
