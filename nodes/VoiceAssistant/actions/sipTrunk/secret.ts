import type { Api, ApiCall } from '../../engine/operation';
import { requestHidingSecret, withoutKeys } from '../hideSecret';

/** The write-only key of a SIP trunk: never in an output item, even where a host echoes it back. */
const PASSWORD_KEY = 'sip_password';

/** A copy of the record without any `sip_password` key, at any depth. */
export function withoutPassword<T>(value: T): T {
	return withoutKeys(value, [PASSWORD_KEY]);
}

/** The request, with the password masked in whatever error it ends in (a host or proxy may quote the request). */
export async function requestHidingPassword(api: Api, call: ApiCall): Promise<unknown> {
	const secret = call.body?.[PASSWORD_KEY];
	return await requestHidingSecret(api, call, typeof secret === 'string' ? secret : undefined);
}
