/**
 * A picked record's ID, whatever form its saved parameter has: From List, By ID, a mode the field does
 * not offer (URL), a plain ID saved by an older workflow, an expression inside the locator or in place of
 * it. Read through n8n's engine (extractValue) where the field is a picker by design, and by the shared
 * unwrapLocator where the value is already in hand or the field is generated from the catalogue; every
 * form gives the same ID.
 */
import type { IDataObject } from 'n8n-workflow';

import { unwrapLocator } from '../../nodes/VoiceAssistant/shared/locators';
import { listSearch } from '../harness';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { byId, CREDENTIAL_TYPE, usePlatform2Node } from './helpers';

const t = usePlatform2Node();

/** Every form a saved workflow may hold for the record `id`; each reads as `id`. */
const forms = (id: string): Array<[string, unknown]> => [
	['From List', { __rl: true, mode: 'list', value: id }],
	['By ID', byId(id)],
	['By URL (a mode the field does not offer)', { __rl: true, mode: 'url', value: id }],
	['a plain ID saved by an older workflow', id],
	['an expression inside the locator', byId(`={{ "${id}" }}`)],
	['an expression in place of the locator', `={{ "${id}" }}`],
];
/** The forms without an expression: the ones a value in hand or the editor's current parameters hold as they are. */
const fixedForms = (id: string) => forms(id).filter(([name]) => !name.includes('expression'));

describe('unwrapLocator (a value already in hand)', () => {
	it.each(fixedForms('7c1f3e0a-5b6d-4e2f-9a8b-0c1d2e3f4a5b'))('%s', (_name, form) => {
		expect(unwrapLocator(form)).toBe('7c1f3e0a-5b6d-4e2f-9a8b-0c1d2e3f4a5b');
	});

	it('leaves anything else as it is', () => {
		expect(unwrapLocator(undefined)).toBeUndefined();
		expect(unwrapLocator(42)).toBe(42);
		expect(unwrapLocator({ value: 'x' })).toEqual({ value: 'x' });
	});
});

describe('a parameter read through extractValue', () => {
	const hamburg = () => String(t.sb.platform2.list('A', '/phone-numbers').find((n) => n.label === 'Hamburg outbound')?.id);
	const assistant = () => String(t.sb.platform2.list('A', '/assistants')[0].id);

	it.each(forms('{hamburg}'))('Create Call sends the Caller Number picked as %s', async (_name, form) => {
		const id = hamburg();
		const callerNumber = JSON.parse(JSON.stringify(form).replace(/\{hamburg\}/g, id)) as IDataObject[string];
		t.sb.clearRequests();
		const result = await t.run({ resource: 'calls', operation: 'createCall', assistantId: byId(assistant()), toNumber: '+4915112340091', variablesInput: 'none', checkSuppressionList: false, callerNumber });
		expect(result.error).toBeUndefined();
		const created = t.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/calls');
		expect((created[0].body as IDataObject).phone_number_id).toBe(id);
	});

	it.each(forms('{campaign}'))('a generated operation (Get Campaign) and a picker in Filters (List Calls) send the record picked as %s', async (_name, form) => {
		const id = String(t.sb.platform2.list('A', '/campaigns')[0].id);
		const picked = JSON.parse(JSON.stringify(form).replace(/\{campaign\}/g, id)) as IDataObject[string];
		t.sb.clearRequests();
		expect((await t.run({ resource: 'campaigns', operation: 'getCampaign', id: picked })).error).toBeUndefined();
		expect(t.requests()[0].path).toBe(`/api/v1/campaigns/${id}`);
		t.sb.clearRequests();
		expect((await t.run({ resource: 'calls', operation: 'listCalls', returnAll: false, limit: 10, filters: { campaignId: picked } })).error).toBeUndefined();
		expect(t.requests()[0].query.campaign_id).toBe(id);
	});

	it.each(fixedForms('{assistant}'))("an assistant's versions list the assistant picked as %s", async (_name, form) => {
		const id = assistant();
		const picked = JSON.parse(JSON.stringify(form).replace(/\{assistant\}/g, id)) as IDataObject[string];
		const versions = await listSearch(VoiceAssistant, 'searchPlatform2AssistantVersion', {
			parameters: { accountKind: 'platform2', resource: 'versions', operation: 'getAssistantVersion', id: picked } as never,
			credentials: t.credentials(),
			credentialType: CREDENTIAL_TYPE,
		});
		const expected = t.sb.platform2.list('A', '/assistants/{}/versions', [id]).map((r) => String(r.id));
		expect(versions.results.map((r) => String(r.value)).sort()).toEqual(expected.sort());
	});
});
