import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { resourcesOf } from '../engine/kindResources';
import { route } from '../engine/router';
import { ACCOUNT_KIND } from '../shared/accountKind';
import { ACCOUNT_KINDS } from './accountKinds';

/** One execution of the action node: the item loop over the operations of the account kind chosen. */
export async function executeActionNode(this: IExecuteFunctions, continueOnFail: boolean): Promise<INodeExecutionData[][]> {
	return await route.call(this, resourcesOf(ACCOUNT_KINDS, this.getNodeParameter(ACCOUNT_KIND, 0)), continueOnFail);
}
