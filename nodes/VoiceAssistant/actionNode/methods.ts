import * as listSearch from '../methods/listSearch';
import * as loadOptions from '../methods/loadOptions';
import { platform2LoadOptions } from '../methods/platform2Options';
import { platform2ListSearch, platform2RecordOptions } from '../methods/platform2Search';
import type { NodeMethods } from '../engine/lazyMethods';

/** Every dropdown and searchable list of the action node, by the name its fields give. */
export const ACTION_NODE_METHODS: NodeMethods = {
	loadOptions: { ...loadOptions, ...platform2LoadOptions, ...platform2RecordOptions },
	listSearch: { ...listSearch, ...platform2ListSearch },
};
