import type { Resource } from '../engine/operation';
import { OPERATIONS, RESOURCES } from './catalog/catalog.generated';
import { EVERYDAY } from './everyday';
import { catalogOperation } from './operation';

/** The operation picked first in each resource: a read of its records where there is one. */
function defaultOperation(ids: string[]): string {
	return ids.find((id) => id.startsWith('list')) ?? ids.find((id) => id.startsWith('get')) ?? ids[0];
}

/**
 * Every Platform 2.0 resource (a tag of the catalogue) with its operations, built from the catalogue;
 * the everyday loop's operations are made by hand from their entries (everyday/).
 */
export const PLATFORM2_RESOURCES: Resource[] = RESOURCES.map(({ value, name }) => {
	const operations = OPERATIONS.filter((op) => op.resource === value).map((entry) => (EVERYDAY[entry.id] ?? catalogOperation)(entry));
	return { value, name, operations, defaultOperation: defaultOperation(operations.map((op) => op.value)) };
});
