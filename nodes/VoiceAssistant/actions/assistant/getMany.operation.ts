import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllFields, simplifyField } from '../../shared/fields';
import { pick } from '../../shared/items';
import { maskUrlSecrets } from '../../shared/maskSecrets';
import { PAGE_SIZE } from '../../shared/limits';
import { readPaging } from '../../shared/params';
import { apiRequestAllPages } from '../../transport/paginate';

export const description: INodeProperties[] = [...returnAllFields(), simplifyField];

/** What "Simplify" keeps of an assistant record (the full record has 60+ fields). */
export const SIMPLE_ASSISTANT_KEYS = [
	'id',
	'uuid',
	'name',
	'type',
	'mode',
	'status',
	'phone_number_id',
	'voice_id',
	'language',
	'llm_model_id',
	'timezone',
	'initial_message',
	'is_webhook_active',
	'webhook_url',
	'inbound_webhook_url',
	'created_at',
	'updated_at',
] as const;

/** GET /user/assistants/get, walking per_page/page (100 per page) for Return All / Limit. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const { returnAll, limit } = readPaging(this, itemIndex);
	const simple = this.getNodeParameter('simple', itemIndex, true) as boolean;
	const records = await apiRequestAllPages.call(
		this,
		'/user/assistants/get',
		{},
		{ returnAll, limit, maxPerPage: PAGE_SIZE.assistants.max, itemIndex },
	);
	return records.map((record) => ({ json: maskUrlSecrets(simple ? pick(record, SIMPLE_ASSISTANT_KEYS) : record) }));
}
