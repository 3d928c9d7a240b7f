import type { Resource } from '../../../engine/operation';
import { operation as create } from './create.operation';
import { operation as deleteFolder } from './delete.operation';
import { operation as getMany } from './getMany.operation';
import { operation as update } from './update.operation';

/** Folders organise assistants (2026 docs; the operations are shared with labels: ../group/). */
export const resource: Resource = { value: 'folder', name: 'Folder', defaultOperation: 'getMany', operations: [create, deleteFolder, getMany, update] };
