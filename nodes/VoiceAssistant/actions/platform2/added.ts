import type { AnyOperation } from '../../engine/operation';
import type { CatalogOperation } from './catalog/types';
import { connectMcpServer } from './tools/connectMcpServer';

/**
 * Operations that are no single API operation but a guarded step over several (tools/): each listed
 * under its resource beside the generated ones, made from the catalogue entry whose scopes and guard it
 * carries. One line per operation: `<resource>: [{ from: '<catalogue id>', make }]`.
 */
export const ADDED_OPERATIONS: Readonly<Record<string, ReadonlyArray<{ from: string; make: (entry: CatalogOperation) => AnyOperation }>>> = {
	tools: [{ from: 'createTool', make: connectMcpServer }],
};
