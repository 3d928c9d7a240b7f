/**
 * Version 4 of the polling trigger on Platform 2.0: the Assistant and Campaign a person filters by are
 * picked from the workspace's lists (the IDs go to List Calls as they do from a text box), the Channel
 * from List History's channels. Workflows on version 3 keep their text boxes and work as before.
 */
import { NodeHelpers, type INode, type INodeProperties } from 'n8n-workflow';

import { listSearch } from '../../harness';
import { VoiceAssistantPollingTrigger } from '../../../nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node';
import { PLATFORM2_KEYS } from '../../../sandbox';
import { MINUTE, usePolling2 } from './helpers';

const t = usePolling2({ event2: 'callCompleted' });
const description = new VoiceAssistantPollingTrigger().description;
const fromList = (value: string) => ({ __rl: true, mode: 'list', value });

/** The fields the editor shows for these values on this version of the trigger. */
function shown(typeVersion: number, event2: string): Map<string, INodeProperties> {
	const values = { accountKind: 'platform2', event2 };
	const node = { typeVersion } as INode;
	return new Map(description.properties.filter((p) => NodeHelpers.displayParameter(values, p, node, description)).map((p) => [p.name, p]));
}

const seeded = (collection: string) => t.sb.platform2.list('A', collection).map((record) => ({ id: String(record.id), name: String(record.name) }));

async function search(method: string, filter?: string) {
	return await listSearch(VoiceAssistantPollingTrigger, method, {
		parameters: { accountKind: 'platform2', event2: 'callCompleted' } as never,
		credentials: { apiKey: PLATFORM2_KEYS.full, origin: t.sb.origin },
		credentialType: 'voiceAssistantPlatform2Api',
		filter,
	});
}

describe('Polling Trigger on Platform 2.0, version 4: filters picked from lists', () => {
	it('is the newest version; Assistant and Campaign are pickers, Channel lists the API channels', () => {
		expect(Math.max(...(description.version as number[]))).toBe(4);
		const calls = shown(4, 'callCompleted');
		expect(calls.get('assistantId2')).toMatchObject({ displayName: 'Assistant', type: 'resourceLocator', default: { mode: 'list', value: '' } });
		expect(calls.get('assistantId2')?.required).toBeUndefined();
		expect(calls.get('assistantId2')?.modes?.[0]).toMatchObject({ name: 'list', typeOptions: { searchListMethod: 'searchPlatform2Assistant', searchable: true } });
		expect(calls.get('campaignId')?.modes?.[0]).toMatchObject({ name: 'list', typeOptions: { searchListMethod: 'searchPlatform2Campaign' } });
		// By ID is checked as a UUID in the editor
		const byId = calls.get('campaignId')?.modes?.[1];
		const regex = new RegExp((byId?.validation?.[0] as unknown as { properties: { regex: string } }).properties.regex);
		expect(regex.test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
		expect(regex.test('42')).toBe(false);

		const channel = shown(4, 'conversationEnded').get('channel');
		expect(channel).toMatchObject({ type: 'options', default: '' });
		const options = channel?.options as Array<{ name: string; value: string }>;
		expect(options[0]).toEqual({ name: 'All', value: '' });
		expect(options).toContainEqual({ name: 'WhatsApp', value: 'whatsapp' });
		expect(options).toContainEqual({ name: 'Live Chat', value: 'live_chat' });
		expect(options).toHaveLength(24);
	});

	it('version 3 keeps its text boxes under the same names, so values carry over', () => {
		const calls = shown(3, 'callCompleted');
		expect(calls.get('assistantId2')).toMatchObject({ displayName: 'Assistant ID', type: 'string' });
		expect(calls.get('campaignId')).toMatchObject({ displayName: 'Campaign ID', type: 'string' });
		expect(shown(3, 'conversationEnded').get('channel')).toMatchObject({ type: 'string' });
		// one field of each name on each version
		for (const version of [3, 4]) {
			const names = description.properties
				.filter((p) => NodeHelpers.displayParameter({ accountKind: 'platform2', event2: 'conversationActivity' }, p, { typeVersion: version } as INode, description))
				.map((p) => p.name);
			expect(new Set(names).size).toBe(names.length);
		}
	});

	it("the lists show the workspace's assistants and campaigns by name, and search them", async () => {
		const assistants = seeded('/assistants');
		const all = await search('searchPlatform2Assistant');
		expect(all.results.map((item) => item.name).sort()).toEqual(assistants.map((a) => a.name).sort());
		expect(all.results.map((item) => item.value).sort()).toEqual(assistants.map((a) => a.id).sort());

		const reception = await search('searchPlatform2Assistant', 'recep');
		expect(reception.results.map((item) => item.name)).toEqual(['Reception']);

		const campaigns = await search('searchPlatform2Campaign');
		expect(campaigns.results.map((item) => item.name).sort()).toEqual(seeded('/campaigns').map((c) => c.name).sort());
	});

	it('an assistant and a campaign picked From List filter List Calls by their IDs', async () => {
		const [assistant] = seeded('/assistants');
		const [campaign] = seeded('/campaigns');
		const parameters = { assistantId2: fromList(assistant.id), campaignId: fromList(campaign.id) };
		await t.poll({ activationPoll: true, parameters });
		t.requestsTo('/calls');
		const ours = t.startCall({ assistant_id: assistant.id, campaign_id: campaign.id });
		t.startCall({ assistant_id: seeded('/assistants')[1].id, campaign_id: campaign.id });
		t.serverNow += MINUTE;
		t.finishCall(ours);
		const result = await t.poll({ parameters });
		expect(t.requestsTo('/calls')[0]).toMatchObject({ assistant_id: assistant.id, campaign_id: campaign.id });
		expect(t.ids(result)).toEqual([String(ours.id)]);
	});

	it('version 3 sends the UUIDs typed into its text boxes, as before', async () => {
		const [assistant] = seeded('/assistants');
		await t.poll({ activationPoll: true, typeVersion: 3, parameters: { assistantId2: assistant.id } });
		expect(t.requestsTo('/calls')[0]).toMatchObject({ assistant_id: assistant.id });
		await expect(t.poll({ typeVersion: 3, parameters: { assistantId2: 'Reception' } })).rejects.toThrow('Assistant ID "Reception" is not a UUID');
	});

	it('a channel the API does not have is refused on version 4 before anything is sent; version 3 passes it on', async () => {
		t.sb.clearRequests();
		await expect(t.poll({ parameters: { event2: 'conversationEnded', channel: 'fax' } })).rejects.toThrow('Channel "fax" is not one of List History\'s channels');
		expect(t.requestsTo('/history')).toEqual([]);
		await t.poll({ activationPoll: true, typeVersion: 3, parameters: { event2: 'conversationEnded', channel: 'whatsapp' } });
		expect(t.requestsTo('/history')[0]).toMatchObject({ type: 'whatsapp' });
	});
});
