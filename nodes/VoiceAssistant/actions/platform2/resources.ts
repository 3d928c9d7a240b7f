import type { Resource } from '../../engine/operation';
import { OPERATIONS, RESOURCES } from './catalog/catalog.generated';
import { ADDED_OPERATIONS } from './added';
import { EVERYDAY } from './everyday';
import { catalogOperation } from './operation';

/** The operation picked first in each resource: a read of its records where there is one. */
function defaultOperation(ids: string[]): string {
	return ids.find((id) => id.startsWith('list')) ?? ids.find((id) => id.startsWith('get')) ?? ids[0];
}

/**
 * Every Platform 2.0 resource (a tag of the catalogue) with its operations, built from the catalogue;
 * the everyday loop's operations are made by hand from their entries (everyday/), and the guarded steps
 * over several operations (added.ts) join their resource.
 */
export const PLATFORM2_RESOURCES: Resource[] = RESOURCES.map(({ value, name }) => {
	const entries = OPERATIONS.filter((op) => op.resource === value);
	const added = (ADDED_OPERATIONS[value] ?? []).map(({ from, make }) => make(OPERATIONS.find((op) => op.id === from)!));
	const operations = [...entries.map((entry) => (EVERYDAY[entry.id] ?? catalogOperation)(entry)), ...added];
	return { value, name, operations, defaultOperation: defaultOperation(operations.map((op) => op.value)) };
});
