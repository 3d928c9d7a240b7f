import type { INodePropertyOptions } from 'n8n-workflow';

import type { ASSISTANT_RANGES } from '../../../../shared/limits';

/**
 * What one assistant field is, as data (specs.ts and specs2026.ts list them; kinds.ts says how each
 * kind looks in the editor and how its value is checked and sent). Its own file so that both lists
 * can use it without importing each other.
 */

export type Kind =
	| 'text'
	| 'nameFromList'
	| 'number'
	| 'boolean'
	| 'options'
	| 'voice'
	| 'timezone'
	| 'url'
	| 'phoneNumberId'
	| 'variables'
	| 'postCallSchema'
	| 'idFromList'
	| 'idsFromList'
	| 'builtInTools';

export interface Spec {
	/** parameter name in the node */
	name: string;
	/** key in the request body */
	key: string;
	displayName: string;
	kind: Kind;
	description: string;
	required?: boolean;
	maxLength?: number;
	rangeKey?: keyof typeof ASSISTANT_RANGES;
	options?: INodePropertyOptions[];
	numberDefault?: number;
	optionDefault?: string;
	rows?: number;
	/** the dropdown of a 'nameFromList', 'idFromList' or 'idsFromList' field */
	loadOptionsMethod?: string;
	/** the dropdown lists what the chosen Engine Type offers (models) */
	dependsOnEngine?: boolean;
	/** only on Create (the 2026 docs list it for create only) */
	createOnly?: boolean;
}
