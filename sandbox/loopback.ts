/** Who may use the control routes: requests addressed to this machine by name, with JSON bodies. */
import type { IncomingMessage } from 'node:http';
import type { ApiResult } from './http';
import { message } from './http';

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/** undefined when the request may go on; otherwise the answer that refuses it. */
export function isLoopbackRequest(req: IncomingMessage, method: string, rawBody: string): ApiResult | undefined {
	// A page on another site reaching 127.0.0.1 through DNS rebinding still sends its own host name.
	const host = req.headers.host ?? '';
	if (!LOOPBACK_HOST.test(host)) return message(403, 'Control routes answer only requests addressed to localhost or 127.0.0.1');
	const origin = req.headers.origin;
	if (origin !== undefined && origin !== 'null') {
		let originHost = '';
		try {
			originHost = new URL(origin).host;
		} catch {
			originHost = '';
		}
		if (!LOOPBACK_HOST.test(originHost)) return message(403, 'Control routes do not answer requests from web pages of other sites');
	}
	// A cross-site form can post text/plain without a preflight; JSON needs one, which we never grant.
	// (An empty POST carries nothing to parse; browsers send Origin with it, refused above.)
	const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (rawBody.trim() !== '' && type !== 'application/json' && method !== 'GET' && method !== 'HEAD') {
		return message(415, 'Control routes take application/json bodies only');
	}
	return undefined;
}
