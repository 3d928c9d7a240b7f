/** Which failures without an HTTP answer may be repeated: only those where nothing reached the platform. */
import { classifyNetworkError, errorCode, isRead } from '../../nodes/VoiceAssistant/transport/policy';

/** The shape n8n hands back: a NodeApiError whose cause is the HTTP client's error. */
function wrapped(code: string, message = 'boom') {
	const cause = Object.assign(new Error(message), { code });
	return Object.assign(new Error(message), { name: 'NodeApiError', cause });
}

it('reads are GET/HEAD, everything else is a write', () => {
	expect(['GET', 'HEAD'].map((m) => isRead(m as never))).toEqual([true, true]);
	expect(['POST', 'PUT', 'PATCH', 'DELETE'].map((m) => isRead(m as never))).toEqual([false, false, false, false]);
});

it('finds the error code on the error or its causes', () => {
	expect(errorCode(wrapped('ECONNREFUSED'))).toBe('ECONNREFUSED');
	expect(errorCode({ errorResponse: { code: 'ETIMEDOUT' } })).toBe('ETIMEDOUT');
	expect(errorCode(new Error('plain'))).toBeUndefined();
	expect(errorCode({ code: 404 })).toBeUndefined();
});

it.each([
	['ECONNREFUSED', 'not-sent'],
	['ENOTFOUND', 'not-sent'],
	['EAI_AGAIN', 'not-sent'],
	['EHOSTUNREACH', 'not-sent'],
	['ECONNABORTED', 'timeout'],
	['ETIMEDOUT', 'timeout'],
	['ECONNRESET', 'cut-off'],
	['EPIPE', 'cut-off'],
	['ERR_CANCELED', 'cancelled'],
	['EWHATEVER', 'other'],
])('%s → %s', (code, kind) => {
	expect(classifyNetworkError(wrapped(code), false).kind).toBe(kind);
});

it('recognises timeouts and hang-ups by message when the code is missing', () => {
	expect(classifyNetworkError(new Error('timeout of 300ms exceeded'), false).kind).toBe('timeout');
	expect(classifyNetworkError(new Error('socket hang up'), false).kind).toBe('cut-off');
});

it('a cancelled execution is never retried, whatever the error says', () => {
	expect(classifyNetworkError(wrapped('ECONNREFUSED'), true).kind).toBe('cancelled');
});
