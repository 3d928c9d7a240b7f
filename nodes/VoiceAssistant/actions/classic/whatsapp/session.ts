import type { IDataObject } from 'n8n-workflow';

import type { Api, ApiCall } from '../../../engine/operation';
import { acceptedAnswer } from '../../../engine/answers';
import { asObject } from '../../../shared/objects';

/** GET /user/whatsapp/session-status?sender_id=&recipient_phone= (Get Session Status, and Send Free-Form's check). */
export function sessionCall(senderId: number, recipient: string): ApiCall {
	return { method: 'GET', path: '/user/whatsapp/session-status', qs: { sender_id: senderId, recipient_phone: recipient }, notFound: `WhatsApp sender ${senderId}` };
}

export async function readSession(api: Api, call: ApiCall): Promise<IDataObject> {
	return acceptedAnswer(await api.request(call), api, call, 'success', 'report the WhatsApp session');
}

/** The `session_status` object of an answer ({} when missing). */
export function sessionStatus(answer: IDataObject): IDataObject {
	const status = answer.session_status;
	return asObject(status);
}
