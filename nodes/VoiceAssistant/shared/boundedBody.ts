/**
 * A response body read with a byte cap and a deadline, without buffering it here: the stream goes
 * on to n8n's binary storage as it is, and is destroyed the moment it passes the cap or the deadline
 * (a host sending a 2 GB "recording", or one byte a second). Node code cannot import `stream`, so the
 * count sits on the stream's own 'data' events, which every way of reading a stream emits.
 */

/** A readable stream as n8n's HTTP client hands it over (an http.IncomingMessage). */
export interface BodyStream {
	emit(event: string | symbol, ...args: unknown[]): boolean;
	destroy(error?: Error): unknown;
	resume?(): unknown;
}

export class BodyTooLarge extends Error {
	constructor(readonly maxBytes: number) {
		super(`The body is larger than ${maxBytes} bytes`);
	}
}

export class BodyTooSlow extends Error {
	constructor(readonly deadlineMs: number) {
		super(`The body did not arrive within ${deadlineMs} ms`);
	}
}

export function isBodyStream(value: unknown): value is BodyStream {
	return typeof value === 'object' && value !== null && typeof (value as BodyStream).emit === 'function' && typeof (value as BodyStream).destroy === 'function';
}

/**
 * Counts the stream's bytes as they are read and destroys it past maxBytes or once the deadline
 * fires; `stop` aborts the request itself (destroying n8n's wrapper stream alone leaves the
 * connection open).
 */
export function capBody(stream: BodyStream, maxBytes: number, deadline: AbortSignal, deadlineMs: number, stop: () => void): BodyStream {
	let bytes = 0;
	const emit = stream.emit.bind(stream);
	stream.emit = (event: string | symbol, ...args: unknown[]) => {
		if (event === 'data') {
			const chunk = args[0] as { length?: number } | undefined;
			bytes += typeof chunk?.length === 'number' ? chunk.length : 0;
			if (bytes > maxBytes) {
				stream.destroy(new BodyTooLarge(maxBytes));
				stop();
				return false;
			}
		}
		return emit(event, ...args);
	};
	const onDeadline = () => stream.destroy(new BodyTooSlow(deadlineMs));
	if (deadline.aborted) onDeadline();
	else deadline.addEventListener('abort', onDeadline, { once: true });
	return stream;
}

/** Throws the body away without reading it (an answer that is not the recording), closing the connection. */
export function discardBody(body: unknown, stop: () => void): void {
	stop();
	if (isBodyStream(body)) body.destroy();
}
