import { OPERATIONS } from './catalog/catalog.generated';
import type { CatalogField } from './catalog/types';
import { isPicked } from './fields';

const holdsId = (field: CatalogField): boolean => field.format === 'uuid' || field.items?.format === 'uuid';

/**
 * The operations that keep their Filters / Additional Fields to themselves instead of sharing one
 * collection with every other operation (engine/mergeProperties.ts): those with an optional text
 * field under an API name that is a record's ID elsewhere (a dashboard widget's `assistant_id`, a new
 * routine's `id`, an audience's `campaign_id`). Shared, that text box would stand in one collection
 * beside the picker other operations have for the same API name, and whatever reads a collection's
 * options without evaluating each one's `/operation` (the team's surface check, tools that list what
 * a node can be given) would take it for a text box where a picker belongs. How many: docs/platform2.md
 * (test/docs/counts.test.ts checks it against this function).
 */
export function operationsKeptApart(): ReadonlySet<string> {
	const idNames = new Set(OPERATIONS.flatMap((op) => op.fields.filter(holdsId).map((field) => field.key)));
	return new Set(
		OPERATIONS.filter((op) => op.fields.some((field) => !field.required && !isPicked(field) && idNames.has(field.key) && (field.type === 'string' || field.type === 'array'))).map((op) => op.id),
	);
}
