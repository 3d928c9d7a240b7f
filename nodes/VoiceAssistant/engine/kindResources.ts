import type { INodeProperties } from 'n8n-workflow';

import type { AccountKind } from '../shared/accountKind';
import type { MergeOptions } from './mergeProperties';
import type { Resource } from './operation';

/** One API generation as the action node serves it: its credential and its resources. */
export interface KindResources {
	value: AccountKind;
	credential: string;
	resources: Resource[];
	defaultResource: string;
	/** notices shown under the Operation field for some of its operations (engine/properties.ts) */
	notices?: INodeProperties[];
	/** how its properties are merged (engine/mergeProperties.ts); none: each operation's own, as they are */
	merge?: MergeOptions;
}

/** The resources of the account kind a node's parameter names (the first kind when it names none). */
export function resourcesOf(kinds: KindResources[], value: unknown): Resource[] {
	return (kinds.find((kind) => kind.value === value) ?? kinds[0]).resources;
}
