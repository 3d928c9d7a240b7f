import type { AnyOperation } from '../../../engine/operation';
import type { CatalogOperation } from '../catalog/types';
import { catalogOperation } from '../operation';

/** What the platform's 409 means for Stop Campaign (the catalogue: "Pause a running campaign (409 if not running)"). */
export const NOT_RUNNING = 'The campaign is not running, so it was not stopped';

/** Campaigns → Stop Campaign: the generated operation, with its 409 said in words. */
export function stopCampaign(entry: CatalogOperation): AnyOperation {
	const generated = catalogOperation(entry);
	return {
		...generated,
		prepare(item) {
			const prepared = generated.prepare(item);
			const platform2 = prepared.request.platform2;
			return { ...prepared, request: { ...prepared.request, ...(platform2 ? { platform2: { ...platform2, conflict: NOT_RUNNING } } : {}) } };
		},
	};
}
