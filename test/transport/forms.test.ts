/**
 * transport/forms.ts: what counts as proof that a host did not process a form, and the bounded memory
 * of which form each host speaks.
 */
import type { INode } from 'n8n-workflow';

import { httpError, serverErrorOnWrite } from '../../nodes/VoiceAssistant/transport/errors';
import { provesOtherForm, resetForms, sendInForm, spokenForm, type RequestForm } from '../../nodes/VoiceAssistant/transport/forms';

const node = { name: 'Voice Assistant', type: 'voiceAssistant', typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;
const place = { node, method: 'POST' as const, endpoint: '/user/assistant' };
const referenceBody: RequestForm = { method: 'POST', path: '/user/assistant', body: { assistant_name: 'A', language: 'German' } };
const docsBody: RequestForm = { method: 'POST', path: '/user/assistant', body: { name: 'A', language_id: 2 } };
const referencePath: RequestForm = { method: 'PUT', path: '/user/leads/5' };
const docsPath: RequestForm = { method: 'PUT', path: '/leads/5' };
const refused = (status: number, body: unknown) => httpError(place, status, body);

beforeEach(() => resetForms());

describe('proof that a form was not processed', () => {
	it('a 422 naming a key only the other form carries', () => {
		const error = refused(422, { message: 'The name field is required.', errors: { name: ['The name field is required.'] } });
		expect(provesOtherForm(error, referenceBody, docsBody, true)).toBe(true);
	});

	it('not a 422 about a key both forms share, or one the sent form carries', () => {
		expect(provesOtherForm(refused(422, { message: 'x', errors: { language: ['unknown'] } }), referenceBody, docsBody, false)).toBe(false);
		expect(provesOtherForm(refused(422, { message: 'Validation failed' }), referenceBody, docsBody, false)).toBe(false);
	});

	it('a 404 or 405 only when the forms differ in method or path', () => {
		expect(provesOtherForm(refused(404, { message: 'Not found' }), referenceBody, docsBody, false)).toBe(false);
		expect(provesOtherForm(refused(405, { message: 'The PUT method is not supported' }), referencePath, docsPath, true)).toBe(true);
		expect(provesOtherForm(refused(404, { message: 'Lead not found' }), referencePath, docsPath, false)).toBe(true);
	});

	it('once the host accepted the form, only the router\'s own 404 counts', () => {
		expect(provesOtherForm(refused(404, { message: 'Lead not found' }), referencePath, docsPath, true)).toBe(false);
		expect(provesOtherForm(refused(404, { message: 'The route leads/5 could not be found.' }), referencePath, docsPath, true)).toBe(true);
	});

	it('never an answer that may mean "done", nor a failure without an answer', () => {
		expect(provesOtherForm(serverErrorOnWrite(place, 500, { message: 'Server Error' }), referencePath, docsPath, false)).toBe(false);
		expect(provesOtherForm(new Error('socket hang up'), referencePath, docsPath, false)).toBe(false);
	});
});

describe('the memory of which form a host speaks', () => {
	it('sends the remembered form first, and a body refusal costs one request', async () => {
		const sent: RequestForm[] = [];
		const docsHost = async (form: RequestForm) => {
			sent.push(form);
			if (form === referenceBody) throw refused(422, { message: 'Invalid', errors: { name: ['required'], language_id: ['required'] } });
			return 'created';
		};
		const choice = { dialect: 'assistant body', forms: [referenceBody, docsBody] as [RequestForm, RequestForm] };
		expect(await sendInForm('host-a', choice, docsHost)).toBe('created');
		expect(await sendInForm('host-a', choice, docsHost)).toBe('created');
		expect(sent).toEqual([referenceBody, docsBody, docsBody]);
		expect(spokenForm('host-a', 'assistant body')).toBe(1);
		expect(spokenForm('host-b', 'assistant body')).toBe(0);
	});

	it('keeps at most 1000 hosts × dialects, forgetting the least recently used', async () => {
		const choice = (dialect: string) => ({ dialect, forms: [referencePath, docsPath] as [RequestForm, RequestForm] });
		const docsOnly = async (form: RequestForm) => {
			if (form === referencePath) throw refused(404, { message: 'The route user/leads/5 could not be found.' });
			return 'ok';
		};
		for (let i = 0; i < 1001; i++) await sendInForm(`host-${i}`, choice('lead update path'), docsOnly);
		expect(spokenForm('host-0', 'lead update path')).toBe(0);
		expect(spokenForm('host-1', 'lead update path')).toBe(1);
		expect(spokenForm('host-1000', 'lead update path')).toBe(1);
	});
});
