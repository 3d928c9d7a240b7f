import type { IDataObject } from 'n8n-workflow';

import { returnAllFields, simplifyField } from '../../../shared/fields';
import { pick } from '../../../shared/items';
import { maskUrlSecrets } from '../../../shared/maskSecrets';
import { PAGE_SIZE } from '../../../shared/limits';
import type { Operation, Prepared } from '../../../engine/operation';

/** What "Simplify" keeps of an assistant record (the full record has 60+ fields). */
/** Simplify from node version 2: n8n's ten fields (the UUID is what Conversation → Create takes). */
const SIMPLE_KEYS = ['id', 'uuid', 'name', 'type', 'mode', 'status', 'phone_number_id', 'language', 'webhook_url', 'inbound_webhook_url'];

/** Simplify of node version 1 (seventeen fields), kept for saved workflows. */
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

interface ListAssistants extends Prepared {
	simple: boolean;
}

/** GET /user/assistants/get, walking per_page/page (100 per page) for Return All / Limit. */
export const operation: Operation<ListAssistants> = {
	value: 'getMany',
	name: 'Get Many',
	description: 'List assistants',
	action: 'Get many assistants',
	fields: [...returnAllFields(), simplifyField],
	prepare(item) {
		const { returnAll, limit } = item.paging();
		return {
			simple: item.get('simple', true) as boolean,
			request: { method: 'GET', path: '/user/assistants/get', paging: { returnAll, limit, maxPerPage: PAGE_SIZE.assistants.max } },
		};
	},
	// Webhook URLs of triggers carry their delivery secret: masked in every output.
	output(records, { simple }, api) {
		const keys = api.ctx.getNode().typeVersion >= 2 ? SIMPLE_KEYS : SIMPLE_ASSISTANT_KEYS;
		return (records as IDataObject[]).map((record) => maskUrlSecrets(simple ? pick(record, keys) : record));
	},
};
