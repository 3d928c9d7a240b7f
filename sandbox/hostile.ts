/**
 * Faults that play a hostile network or a careless proxy (issue #14): a redirect to another host, an
 * error body of megabytes, and a proxy that echoes the request headers (Authorization included)
 * into its error page.
 */
import type { IncomingMessage } from 'node:http';
import type { ApiResult } from './http';
import type { FaultSpec, RequestLogEntry } from './types';

export function hostileAnswer(fault: FaultSpec, req: IncomingMessage, entry: RequestLogEntry): ApiResult {
	if (fault.kind === 'redirect') {
		const status = fault.status ?? 302;
		entry.status = status;
		return { status, body: { message: 'Moved' }, headers: { Location: fault.location ?? '/' } };
	}
	if (fault.kind === 'huge-body') {
		const status = fault.status ?? 500;
		entry.status = status;
		const bytes = fault.bytes ?? 2 * 1024 * 1024;
		const filler = 'x'.repeat(Math.max(0, bytes - 40));
		return { status, body: { message: `Server Error ${filler}`, error: 'huge' } };
	}
	const status = fault.status ?? 502;
	entry.status = status;
	return {
		status,
		body: { message: `Bad gateway. Request headers were: ${JSON.stringify(req.headers)}`, headers: req.headers },
	};
}
