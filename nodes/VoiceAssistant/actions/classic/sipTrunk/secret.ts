import type { Api, ApiCall } from '../../../engine/operation';
import { hidingSecrets, maskSecrets } from '../../../shared/maskSecrets';

/** The write-only key of a SIP trunk: never in an output item, even where a host echoes it back. */
const PASSWORD_KEY = 'sip_password';

/** The password a request sends, if any. */
export function passwordOf(call: ApiCall): string | undefined {
	const password = call.body?.[PASSWORD_KEY];
	return typeof password === 'string' ? password : undefined;
}

/** A copy of the record without any `sip_password` key at any depth, and without the password sent (`password`) wherever quoted. */
export function withoutPassword<T>(value: T, password?: string): T {
	return maskSecrets(value, { keys: [PASSWORD_KEY], values: [password] });
}

/** The request, with the password masked in whatever error it ends in (a host or proxy may quote the request). */
export async function requestHidingPassword(api: Api, call: ApiCall): Promise<unknown> {
	return await hidingSecrets(async () => await api.request(call), { values: [passwordOf(call)] });
}
