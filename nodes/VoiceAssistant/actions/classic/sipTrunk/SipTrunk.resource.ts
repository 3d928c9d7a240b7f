import type { Resource } from '../../../engine/operation';
import { operation as create } from './create.operation';
import { operation as deleteTrunk } from './delete.operation';
import { operation as get } from './get.operation';
import { operation as getMany } from './getMany.operation';
import { operation as update } from './update.operation';

/** Your own SIP servers as numbers or extensions (2026 docs, under /user/phone-numbers). */
export const resource: Resource = { value: 'sipTrunk', name: 'SIP Trunk', defaultOperation: 'getMany', operations: [create, deleteTrunk, get, getMany, update] };
