/** This family answers errors as {error: "..."} (404, 500), not {message}: the user reads those words. */
import type { INode } from 'n8n-workflow';

import { httpError, serverErrorOnWrite } from '../../../nodes/VoiceAssistant/transport/errors';

const node = { name: 'Voice Assistant', type: 'voiceAssistant', typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;
const place = { node, method: 'POST' as const, endpoint: '/user/knowledgebases/2/documents', itemIndex: 0 };

describe('{error} bodies', () => {
	it('a 404 without a known record says the platform’s words', () => {
		expect(httpError(place, 404, { error: 'Knowledgebase not found.' }).message).toBe('Knowledgebase not found.');
		const named = httpError({ ...place, notFound: 'Knowledge base 2' }, 404, { error: 'Knowledgebase not found.' });
		expect(named.message).toBe('Knowledge base 2 was not found');
		expect(named.description).toBe('The platform said: Knowledgebase not found.');
	});

	it('a 500 of a read shows them once in the details', () => {
		const error = httpError({ ...place, method: 'GET' }, 500, { error: 'Failed to delete document. Please try again.' });
		expect(error.message).toBe('The platform failed to process the request (HTTP 500)');
		expect(error.description).toBe('Failed to delete document. Please try again.');
	});

	it('a 500 of a write quotes them and says it may have happened', () => {
		const error = serverErrorOnWrite({ ...place, effect: 'the document may have been added' }, 500, { error: 'Failed to create document. Please try again.' });
		expect(error.message).toBe('The platform failed while handling the request (HTTP 500) — the document may have been added: check before retrying');
		expect(error.description).toContain('it said "Failed to create document. Please try again."');
	});

	it('another 4xx with only {error} reads it as the message', () => {
		const error = httpError(place, 400, { error: 'Unsupported file.' });
		expect(error.message).toBe('Unsupported file.');
	});

	it('{message, error} keeps the message first and the error beside it, once', () => {
		expect(httpError(place, 400, { message: 'Refused', error: 'Detail' }).description).toBe('Detail');
		expect(httpError(place, 400, { message: 'Same', error: 'Same' }).description).toBe('POST /user/knowledgebases/2/documents');
		expect(serverErrorOnWrite(place, 500, { message: 'Server Error', error: 'Boom' }).description).toContain('it said "Server Error: Boom"');
	});
});
