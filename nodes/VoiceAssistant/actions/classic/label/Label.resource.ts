import type { Resource } from '../../../engine/operation';
import { operation as create } from './create.operation';
import { operation as deleteLabel } from './delete.operation';
import { operation as getMany } from './getMany.operation';
import { operation as update } from './update.operation';

/** Labels organise assistants (2026 docs; the operations are shared with folders: ../group/). */
export const resource: Resource = { value: 'label', name: 'Label', defaultOperation: 'getMany', operations: [create, deleteLabel, getMany, update] };
