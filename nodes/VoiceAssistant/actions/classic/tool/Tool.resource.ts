import type { Resource } from '../../../engine/operation';
import { operation as create } from './create.operation';
import { operation as deleteTool } from './delete.operation';
import { operation as get } from './get.operation';
import { operation as getMany } from './getMany.operation';
import { operation as update } from './update.operation';

/** Mid-call tools (2026 docs): HTTP endpoints an assistant calls during a call. */
export const resource: Resource = { value: 'tool', name: 'Tool', defaultOperation: 'getMany', operations: [create, deleteTool, get, getMany, update] };
