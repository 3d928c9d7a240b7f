import type { INodeProperties } from 'n8n-workflow';

import { nodeProperties } from '../engine/properties';
import type { MethodNames } from '../engine/lazyMethods';
import { requestOptionsField } from '../engine/requestOptions';
import { ACCOUNT_KIND, accountKindField } from '../shared/accountKind';
import { ACCOUNT_KINDS } from './accountKinds';
import { ACTION_NODE_METHODS } from './methods';

/*
 * What n8n needs when it loads the action node: its fields and the names of its dropdown methods.
 * Both are built from the operations' own descriptions (about 60 ms and most of the package's
 * modules); `npm run build` runs this module once and ships its results as data in its place
 * (gulpfile.js), so n8n loads the finished fields without the modules behind them, which load when
 * an operation runs or a dropdown opens (VoiceAssistant.node.ts).
 */

/** Account Kind, then every resource and operation of both API generations, then the request options. */
export function actionNodeProperties(): INodeProperties[] {
	return [
		accountKindField(),
		...ACCOUNT_KINDS.flatMap((kind) => nodeProperties(kind.resources, kind.defaultResource, { [ACCOUNT_KIND]: [kind.value] }, kind)),
		requestOptionsField,
	];
}

/** The names of the node's dropdown and searchable-list methods (actionNode/methods.ts). */
export function actionNodeMethodNames(): MethodNames {
	return { loadOptions: Object.keys(ACTION_NODE_METHODS.loadOptions).sort(), listSearch: Object.keys(ACTION_NODE_METHODS.listSearch).sort() };
}
