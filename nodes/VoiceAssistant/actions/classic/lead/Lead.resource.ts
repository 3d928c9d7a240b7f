import type { Resource } from '../../../engine/operation';
import { operation as create } from './create.operation';
import { operation as deleteLead } from './delete.operation';
import { operation as getMany } from './getMany.operation';
import { operation as update } from './update.operation';

export const resource: Resource = { value: 'lead', name: 'Lead', defaultOperation: 'create', operations: [create, getMany, update, deleteLead] };
