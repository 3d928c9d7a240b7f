import { RESOURCES } from '../actions/classic/operations';
import type { KindResources } from '../engine/kindResources';
import { ADDITIONAL_FIELDS, FILTERS } from '../actions/platform2/fields';
import { operationsKeptApart } from '../actions/platform2/keptApart';
import { platform2Notices } from '../actions/platform2/notices';
import { PLATFORM2_RESOURCES } from '../actions/platform2/resources';
import { PLATFORM2_CREDENTIAL_TYPE } from '../shared/platform2Origin';
import { CREDENTIAL_TYPE } from '../transport/target';

/** The two API generations the action node speaks; classic first: the default, so saved workflows keep it. */
export const ACCOUNT_KINDS: KindResources[] = [
	{
		value: 'classic',
		credential: CREDENTIAL_TYPE,
		resources: RESOURCES,
		defaultResource: 'call',
	},
	{
		value: 'platform2',
		credential: PLATFORM2_CREDENTIAL_TYPE,
		resources: PLATFORM2_RESOURCES,
		defaultResource: 'calls',
		notices: platform2Notices(),
		// 425 operations: each field, filter and option defined once and shown for every operation that has it
		merge: { shareCollections: [FILTERS, ADDITIONAL_FIELDS], keepApart: operationsKeptApart() },
	},
];
