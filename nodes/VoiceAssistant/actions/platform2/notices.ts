import type { INodeProperties } from 'n8n-workflow';

import { OPERATIONS } from './catalog/catalog.generated';
import type { CatalogOperation } from './catalog/types';

/**
 * What the catalogue knows of an operation and a person must know before running it, as n8n notices
 * under the Operation field: a plan add-on the workspace needs, an owner or admin role, a secret the
 * answer shows only once. Each text is one property shown for every operation it applies to (so the
 * node's description grows by a few properties, not one per operation); the lists come from the
 * catalogue's flags (catalog/operations.json: `plan:<add-on>`, `admin`, `secretOnce`).
 */

/** Add-ons by the catalogue's name, as the plan page says them. */
const ADD_ON_NAMES: Readonly<Record<string, string>> = {
	calendar: 'Calendar',
	simulations: 'Simulations',
	beta: 'Beta Features',
	translate: 'Live Translation',
	widget: 'Website Widget',
	automations: 'Automations',
	dashboards: 'Dashboards',
	fallbacks: 'Fallbacks',
	live_monitoring: 'Live Monitoring',
	whatsapp_voice: 'WhatsApp Voice',
	whatsapp_text: 'WhatsApp Text',
	retention: 'Data Retention',
};

export const ADMIN_NOTICE =
	'Needs the key of a workspace owner or admin (for billing, the billing role also works); other keys are refused (403) and nothing changes.';
export const SECRET_ONCE_NOTICE =
	'The answer holds a secret that is shown only this once: store it right away (e.g. in an n8n credential). It cannot be read again later.';
export const addOnNotice = (addOn: string): string =>
	`Needs the ${ADD_ON_NAMES[addOn] ?? addOn} add-on in the workspace's plan; without it the platform refuses the request (403).`;

function notice(name: string, text: string, ops: CatalogOperation[]): INodeProperties {
	return {
		displayName: text,
		name,
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: [...new Set(ops.map((op) => op.resource))], operation: ops.map((op) => op.id) } },
	};
}

/** The notices, each shown for the operations the catalogue flags (none for a flag no operation has). */
export function platform2Notices(operations: CatalogOperation[] = OPERATIONS): INodeProperties[] {
	const addOns = [...new Set(operations.flatMap((op) => (op.addOn ? [op.addOn] : [])))].sort();
	const groups: Array<[string, string, CatalogOperation[]]> = [
		...addOns.map((addOn): [string, string, CatalogOperation[]] => [`addOnNotice_${addOn}`, addOnNotice(addOn), operations.filter((op) => op.addOn === addOn)]),
		['adminNotice', ADMIN_NOTICE, operations.filter((op) => op.flags?.includes('admin'))],
		['secretOnceNotice', SECRET_ONCE_NOTICE, operations.filter((op) => op.flags?.includes('secretOnce'))],
	];
	return groups.filter(([, , ops]) => ops.length > 0).map(([name, text, ops]) => notice(name, text, ops));
}
