import { FAMILIES, OPERATIONS } from './catalog/catalog.generated';
import type { CatalogFamily, CatalogOperation } from './catalog/types';

/** The searchable-list method that lists a family's records, e.g. 'search2Assistant'. */
export function familySearchMethod(family: string): string {
	return `search2${family.charAt(0).toUpperCase()}${family.slice(1)}`;
}

/** Every family with a list, and the list operation itself. */
export function listedFamilies(): Array<CatalogFamily & { operation: CatalogOperation }> {
	return FAMILIES.flatMap((family) => {
		const operation = OPERATIONS.find((op) => op.id === family.list);
		return operation ? [{ ...family, operation }] : [];
	});
}
