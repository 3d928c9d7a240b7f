/**
 * Platform 2.0 pickers through n8n's engine (the harness) against the sandbox: a record picked From
 * List inside Filters / Additional Fields and a multi-select of records send the plain IDs; lists under
 * a parent record (a campaign's leads, a knowledge base's crawl sources, an assistant's versions) read
 * the parent picked in the same operation; the new families (callbacks, Loop queues, drive sources…)
 * list the workspace's records; a required choice that acts starts empty and is refused empty.
 */
import { randomUUID } from 'node:crypto';

import type { INodeProperties } from 'n8n-workflow';

import { listSearch, loadOptions } from '../harness';
import { FAMILIES, OPERATIONS } from '../../nodes/VoiceAssistant/actions/platform2/catalog/catalog.generated';
import type { CatalogFamily } from '../../nodes/VoiceAssistant/actions/platform2/catalog/types';
import { familySearchMethod } from '../../nodes/VoiceAssistant/actions/platform2/families';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { byId, CREDENTIAL_TYPE, usePlatform2Node } from './helpers';

const p2 = usePlatform2Node();
const ids = (collection: string, parents: string[] = []) => p2.sb.platform2.list('A', collection, parents).map((r) => String(r.id)).sort();
const fromList = (value: string) => ({ __rl: true, mode: 'list', value });
const description = new VoiceAssistant().description;

async function search(method: string, parameters: Record<string, unknown> = {}, filter?: string) {
	return await listSearch(VoiceAssistant, method, {
		parameters: { accountKind: 'platform2', ...parameters } as never,
		credentials: p2.credentials(),
		credentialType: CREDENTIAL_TYPE,
		filter,
	});
}

describe('the plain ID is sent', () => {
	it('a record picked From List inside Filters: List Calls by assistant sends assistant_id', async () => {
		const assistant = ids('/assistants')[0];
		p2.sb.clearRequests();
		const run = await p2.run({ resource: 'calls', operation: 'listCalls', returnAll: false, limit: 10, filters: { assistantId: fromList(assistant) } });
		expect(run.error).toBeUndefined();
		expect(p2.requests()[0].query.assistant_id).toBe(assistant);
	});

	it('a record picked inside Additional Fields: Update Phone Number with a SIP trunk sends sip_trunk_id', async () => {
		const [number] = ids('/phone-numbers');
		const [trunk] = ids('/sip-trunks');
		p2.sb.clearRequests();
		const run = await p2.run({ resource: 'phoneNumbers', operation: 'updatePhoneNumber', id: byId(number), additionalFields: { sipTrunkId: byId(trunk) } });
		expect(run.error).toBeUndefined();
		expect(p2.requests()[0].body).toMatchObject({ sip_trunk_id: trunk });
	});

	it('a list of records (multi-select): Set Assistant Tools sends tool_ids as the IDs chosen', async () => {
		const [assistant] = ids('/assistants');
		const tools = ids('/tools');
		const options = await loadOptions(VoiceAssistant, 'loadPlatform2Tool', { parameters: { accountKind: 'platform2' }, credentials: p2.credentials(), credentialType: CREDENTIAL_TYPE });
		expect(options.map((o) => String(o.value)).sort()).toEqual(tools);
		p2.sb.clearRequests();
		const run = await p2.run({ resource: 'tools', operation: 'setAssistantTools', id: byId(assistant), toolIds: tools });
		expect(run.error).toBeUndefined();
		expect(p2.requests()[0].body).toMatchObject({ tool_ids: tools });
		expect(run.items).toHaveLength(1);
	});

	it('a bad ID in a collection is refused before anything is sent, naming the field and the item', async () => {
		p2.sb.clearRequests();
		const run = await p2.run({ resource: 'calls', operation: 'listCalls', returnAll: false, limit: 10, filters: { campaignId: byId('Spring Promotion') } });
		expect(run.error?.message).toMatch(/Campaign must be a UUID.*\[item 0\]/);
		expect(p2.requests()).toHaveLength(0);
	});
});

describe('lists under a parent record', () => {
	it("a campaign's leads: the leads of the campaign picked in the same operation", async () => {
		const campaign = p2.sb.platform2.list('A', '/campaigns').find((c) => c.name === 'Spring Promotion')!;
		const listed = await search('searchPlatform2Lead', { resource: 'leads', operation: 'getLead', id: fromList(String(campaign.id)) });
		expect(listed.results.map((r) => r.name).sort()).toEqual(['Jonas Weber', 'Mia Braun']);
		expect(listed.results.map((r) => String(r.value)).sort()).toEqual(ids('/campaigns/{}/leads', [String(campaign.id)]));
	});

	it("a knowledge base's crawl sources and an assistant's versions read their parent the same way", async () => {
		const [kb] = p2.sb.platform2.list('A', '/knowledge-bases');
		const crawl = await search('searchPlatform2CrawlSource', { resource: 'knowledgeBases', operation: 'getCrawlSource', id: byId(String(kb.id)) });
		expect(crawl.results.map((r) => String(r.value)).sort()).toEqual(ids('/knowledge-bases/{}/crawl-sources', [String(kb.id)]));
		const [assistant] = p2.sb.platform2.list('A', '/assistants');
		const versions = await search('searchPlatform2AssistantVersion', { resource: 'versions', operation: 'getAssistantVersion', id: byId(String(assistant.id)) });
		expect(versions.results.map((r) => String(r.value)).sort()).toEqual(ids('/assistants/{}/versions', [String(assistant.id)]));
	});

	it('without the parent, the list says what to pick first', async () => {
		await expect(search('searchPlatform2Lead', { resource: 'leads', operation: 'getLead', id: fromList('') })).rejects.toThrow('Choose the Campaign first');
	});
});

describe('families that had no picker', () => {
	it.each([
		['searchPlatform2ScheduledCallback', '/scheduled-callbacks'],
		['searchPlatform2LoopQueue', '/loop/queues'],
		['searchPlatform2TeamMember', '/team-members'],
		['searchPlatform2PhoneNumberVerification', '/phone-numbers/verifications'],
	])('%s lists %s by ID', async (method, collection) => {
		const listed = await search(method);
		expect(listed.results.map((r) => String(r.value)).sort()).toEqual(ids(collection));
		expect(listed.results.length).toBeGreaterThan(0);
	});

	it('Cancel Scheduled Callback picks the callback From List, and its ID is in the path', async () => {
		const [callback] = ids('/scheduled-callbacks');
		p2.sb.clearRequests();
		const run = await p2.run({ resource: 'callbacks', operation: 'cancelScheduledCallback', id: fromList(callback) });
		expect(run.error).toBeUndefined();
		expect(p2.requests()[0].path).toBe(`/api/v1/scheduled-callbacks/${callback}`);
	});
});

describe('no choice made for the person', () => {
	const field = (operation: string, name: string) =>
		description.properties.find((p) => p.name === name && (p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation)) as INodeProperties;

	it.each([
		['updateTeamMemberRole', 'role'],
		['runHistoryActions', 'action'],
		['setLoopRecording', 'action'],
		['createPlatformCustomPayment', 'channel'],
	])('%s: %s starts empty', (operation, name) => {
		expect(field(operation, name)).toMatchObject({ type: 'options', default: '' });
	});

	it('left empty, n8n itself flags it before the run; empty from an expression, the batch check refuses it naming the field and the item', async () => {
		const [member] = ids('/team-members');
		p2.sb.clearRequests();
		const untouched = await p2.run({ resource: 'workspaces', operation: 'updateTeamMemberRole', id: fromList(member) });
		expect(untouched.error?.message).toMatch(/Parameter "Role" is required/);
		const second = await p2.run(
			{ resource: 'workspaces', operation: 'updateTeamMemberRole', id: fromList(member), role: '={{ $json.role }}' },
			{ items: [{ role: 'member' }, { role: '' }] },
		);
		expect(second.error?.message).toMatch(/Role is required.*\[item 1\]/);
		expect(p2.requests()).toHaveLength(0);
	});
});

/** Lists the sandbox answers empty (it seeds records only in collections an operation addresses by ID). */
const EMPTY_IN_SANDBOX = new Set(['acuityConnection', 'calendlyConnection', 'routineVersion', 'whatsAppTemplate', 'historyItem', 'accountSession', 'passkey', 'loopMember']);

describe('every family with a list answers its picker against the sandbox', () => {
	/** an operation that picks the family, and (for a list under a parent) the parent's field in it */
	const useOf = (family: CatalogFamily) =>
		OPERATIONS.find((op) => op.fields.some((f) => f.family === family.family) && (!family.parent || op.fields.some((f) => f.family === family.parent?.family && f.required)));
	// (a list read for another ID or across parents has its own tests below)
	it.each(FAMILIES.filter((family) => !family.chosenBy && !family.value && !family.parent?.across && useOf(family)).map((family) => [family.family, family] as const))('%s', async (_name, family) => {
		const op = useOf(family)!;
		const parameters: Record<string, unknown> = { resource: op.resource, operation: op.id };
		const list = OPERATIONS.find((entry) => entry.id === family.list)!;
		const parents: string[] = [];
		if (family.parent) {
			const field = op.fields.find((f) => f.family === family.parent?.family && f.required)!;
			const parentList = OPERATIONS.find((entry) => entry.id === FAMILIES.find((f) => f.family === family.parent?.family)?.list)!;
			const [parent] = p2.sb.platform2.list('A', parentList.path);
			parameters[field.param] = byId(String(parent.id));
			parents.push(String(parent.id));
		}
		p2.sb.clearRequests();
		const listed = await search(familySearchMethod(family.family), parameters);
		expect(p2.requests().map((r) => r.status)).toEqual([200]);
		const values = listed.results.map((r) => String(r.value)).sort();
		// API keys are the sandbox's key ring, not records of its store
		if (family.family !== 'apiKey') expect(values).toEqual(ids(list.path.replace(/\{[^}]+\}/g, '{}'), parents));
		expect(values.length > 0).toBe(!EMPTY_IN_SANDBOX.has(family.family));
	});
});

describe('a record asked for by another of its IDs, or kept under any parent', () => {
	const resourceOf = (operation: string) => OPERATIONS.find((op) => op.id === operation)!.resource;

	it("Transfer Workspace Ownership's Current Owner lists the team by user ID (not membership ID), each with their role", async () => {
		const team = p2.sb.platform2.list('A', '/team-members');
		const transfer = { resource: resourceOf('transferWorkspaceOwnership'), operation: 'transferWorkspaceOwnership' };
		const listed = await search(familySearchMethod('teamMemberUser'), transfer);
		expect(listed.results.map((r) => r.name).sort()).toEqual(['Klara Schmidt (owner)', 'Lena Wolf (member)', 'Tom Becker (admin)']);
		expect(listed.results.map((r) => String(r.value)).sort()).toEqual(team.map((member) => String(member.user_id)).sort());
		// the new owner is a membership, picked from the same team by its own ID
		const owner = team.find((member) => member.role === 'owner')!;
		const next = team.find((member) => member.role === 'admin')!;
		p2.sb.clearRequests();
		const run = await p2.run({ ...transfer, memberId: fromList(String(next.id)), expectedOwnerUserId: fromList(String(owner.user_id)) });
		expect(run.error).toBeUndefined();
		expect(p2.requests()[0].body).toEqual({ member_id: next.id, expected_owner_user_id: owner.user_id });
	});

	it("Create Dashboard Widget's Existing Widget lists the widgets of the other dashboards, each named with its dashboard", async () => {
		const dashboards = p2.sb.platform2.list('A', '/dashboards');
		const sales = dashboards.find((d) => d.name === 'Sales')!;
		const create = { resource: resourceOf('createDashboardWidget'), operation: 'createDashboardWidget', id: fromList(String(sales.id)) };
		p2.sb.clearRequests();
		const listed = await search(familySearchMethod('reusableWidget'), create);
		// the dashboard the widget goes on is left out: its widgets are on it already
		expect(listed.results.map((r) => r.name)).toEqual(['Open callbacks (Support)']);
		expect(p2.requests().map((r) => r.path)).toEqual(['/api/v1/dashboards', `/api/v1/dashboards/${String(dashboards.find((d) => d.name === 'Support')!.id)}/widgets`]);
		// searched for, from another dashboard: the Sales widgets are found
		const support = dashboards.find((d) => d.name === 'Support')!;
		const found = await search(familySearchMethod('reusableWidget'), { ...create, id: fromList(String(support.id)) }, 'calls');
		expect(found.results.map((r) => r.name)).toEqual(['Calls today (Sales)']);
		expect(found.results[0].value).toBe(p2.sb.platform2.list('A', '/dashboards/{}/widgets', [String(sales.id)]).find((w) => w.name === 'Calls today')!.id);
	});

	it('more dashboards than a page: five a page, the next page goes on from the sixth', async () => {
		const dashboards = p2.sb.platform2.list('A', '/dashboards');
		const made = Array.from({ length: 6 }, (_, i) => ({ id: randomUUID(), name: `Region ${i + 1}` }));
		for (const dashboard of made) {
			dashboards.push(dashboard);
			p2.sb.platform2.list('A', '/dashboards/{}/widgets', [dashboard.id]).push({ id: randomUUID(), name: `Calls in ${dashboard.name}` });
		}
		const create = { resource: resourceOf('createDashboardWidget'), operation: 'createDashboardWidget', id: fromList(made[0].id) };
		const first = await search(familySearchMethod('reusableWidget'), create);
		expect(first.paginationToken).toBe('5');
		const second = await listSearch(VoiceAssistant, familySearchMethod('reusableWidget'), {
			parameters: { accountKind: 'platform2', ...create } as never,
			credentials: p2.credentials(),
			credentialType: CREDENTIAL_TYPE,
			paginationToken: first.paginationToken as string,
		});
		const names = [...first.results, ...second.results].map((r) => r.name);
		// Sales, Support and Regions 2 to 6: seven dashboards, five on the first page
		expect(first.results).toHaveLength(6); // Sales' two widgets, Support's one, Regions 2 to 4
		expect(names).toEqual(['Calls today (Sales)', 'Conversion rate (Sales)', 'Open callbacks (Support)', ...[2, 3, 4, 5, 6].map((n) => `Calls in Region ${n} (Region ${n})`)]);
		expect(second.paginationToken).toBeUndefined();
	});
});

describe("a record whose kind another field names: Set Loop Number Route's Target", () => {
	const route = { resource: 'famulorLoop', operation: 'setLoopNumberRoute' };

	it('lists the ring groups when Target Type is Ring Group, the queues when it is Queue, the assistants when it is Assistant', async () => {
		for (const [targetType, collection] of [
			['ring_group', '/loop/ring-groups'],
			['queue', '/loop/queues'],
			['assistant', '/assistants'],
		] as const) {
			p2.sb.clearRequests();
			const listed = await search(familySearchMethod('loopDestination'), { ...route, targetType });
			expect(p2.requests().map((r) => r.path)).toEqual([`/api/v1${collection}`]);
			expect(listed.results.map((r) => String(r.value)).sort()).toEqual(ids(collection));
			expect(listed.results.length).toBeGreaterThan(0);
		}
	});

	it('without a Target Type, or for an extension (no list of them), says what to do and asks nothing', async () => {
		p2.sb.clearRequests();
		await expect(search(familySearchMethod('loopDestination'), { ...route, targetType: '' })).rejects.toThrow('Choose the Target Type first');
		await expect(search(familySearchMethod('loopDestination'), { ...route, targetType: 'extension' })).rejects.toThrow('An extension has no list to pick from: give its ID (By ID)');
		expect(p2.requests()).toEqual([]);
	});

	it('the Target picked From List goes out as target_id beside target_type', async () => {
		const [queue] = ids('/loop/queues');
		const [number] = ids('/loop/number-routes');
		p2.sb.clearRequests();
		const run = await p2.run({ ...route, id: byId(number), targetType: 'queue', targetId: fromList(queue) });
		expect(run.error).toBeUndefined();
		expect(p2.requests()[0].body).toEqual({ target_type: 'queue', target_id: queue });
	});
});
