/**
 * The polling trigger's parameters: Account Kind first (as on the action node), the classic
 * parameters unchanged under Classic, the Platform 2.0 events under Famulor Platform 2.0.
 * Versions 1 and 2 knew only classic accounts: their parameters are the classic ones, shown as before.
 */
import type { INodeProperties } from 'n8n-workflow';

import { ACCOUNT_KIND, accountKindField } from '../shared/accountKind';
import { classicPollingProperties } from './classic/properties';
import { platform2PollingProperties } from './platform2/properties';

const FROM_V3 = { '@version': [{ _cnd: { gte: 3 } }] };

/**
 * Versions 1 and 2 hold Account Kind too, as a hidden Classic: n8n shows a node's credential by its
 * parameters' values (a missing value matches no condition), and the credentials name Account Kind
 * in plain `show` conditions (n8n's single-credential-per-node rule reads no `hide`).
 */
const classicBeforeV3: INodeProperties = {
	displayName: 'Account Kind',
	name: ACCOUNT_KIND,
	type: 'hidden',
	default: 'classic',
	displayOptions: { show: { '@version': [1, 2] } },
};

/** The classic parameters, hidden when Account Kind is Platform 2.0. */
const classicUnlessPlatform2: INodeProperties[] = classicPollingProperties.map((property) => ({
	...property,
	displayOptions: { ...property.displayOptions, hide: { ...property.displayOptions?.hide, [ACCOUNT_KIND]: ['platform2'] } },
}));

export const POLLING_TRIGGER_PROPERTIES: INodeProperties[] = [
	accountKindField({ show: FROM_V3 }),
	classicBeforeV3,
	...classicUnlessPlatform2,
	...platform2PollingProperties,
];
