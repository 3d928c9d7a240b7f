import type { ResourceOperations } from './types';
import * as reference from './reference/Reference.resource';

/** resource value → operation value → module. Adding an operation: write its file, list it in its resource file. */
export const operationsByResource: Record<string, ResourceOperations> = {
	reference: reference.operations,
};
