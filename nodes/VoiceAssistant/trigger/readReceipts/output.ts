/** What a WhatsApp read receipt becomes: the delivery as received, or (Simplify) ten flat fields. */
import type { IDataObject } from 'n8n-workflow';

const orNull = (value: unknown) => (value === undefined ? null : value);

/**
 * Simplify: the fields most workflows route on, the same ten keys every time (null when the
 * delivery does not carry one). `from` is the sender's number, `to` the recipient's.
 */
export function simplifyReceipt(body: IDataObject): IDataObject {
	return {
		whatsapp_message_id: orNull(body.whatsapp_message_id),
		status: orNull(body.status),
		to: orNull(body.to),
		from: orNull(body.from),
		conversation_id: orNull(body.conversation_id),
		assistant_id: orNull(body.assistant_id),
		error_code: orNull(body.error_code),
		error_message: orNull(body.error_message),
		timestamp: orNull(body.timestamp),
		test: body.test === true,
	};
}
