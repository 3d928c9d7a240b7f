/**
 * What a person reads of Platform 2.0 in the editor: help that says more than the label, labels unique
 * within an operation, resource names apart from classic's, option names in words, cost said where it
 * applies, and the notices on exactly the operations the catalogue flags.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { RESOURCES as CLASSIC } from '../../nodes/VoiceAssistant/actions/classic/operations';
import { OPERATIONS } from '../../nodes/VoiceAssistant/actions/platform2/catalog/catalog.generated';
import { ADMIN_NOTICE, SECRET_ONCE_NOTICE, addOnNotice } from '../../nodes/VoiceAssistant/actions/platform2/notices';
import { PLATFORM2_RESOURCES } from '../../nodes/VoiceAssistant/actions/platform2/resources';
import { STORE_SECRET_NOW } from '../../nodes/VoiceAssistant/actions/platform2/answers';
import { usePlatform2Node } from './helpers';

const { properties } = new VoiceAssistant().description;
const isPlatform2 = (property: INodeProperties) => (property.displayOptions?.show?.accountKind ?? []).includes('platform2');
const p2 = properties.filter(isPlatform2);
const ids = new Set(OPERATIONS.map((op) => op.id));
const operationsOf = (property: INodeProperties) => ((property.displayOptions?.show?.operation ?? []) as string[]).filter((id) => ids.has(id));
/** The catalogue as the node's build reads it (flags: plan:<add-on>, admin, secretOnce). */
const catalogue = JSON.parse(fs.readFileSync(path.join(__dirname, '../../nodes/VoiceAssistant/actions/platform2/catalog/operations.json'), 'utf8')) as {
	operations: Array<{ id: string; flags: string[] }>;
};

/** Every field a person can fill: top level, inside collections, inside fixed collections. */
function leaves(list: INodeProperties[]): INodeProperties[] {
	return list.flatMap((property) => [
		property,
		...((property.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>).flatMap((option) =>
			'values' in option && option.values ? leaves(option.values) : 'type' in option && 'displayName' in option ? leaves([option as INodeProperties]) : [],
		),
	]);
}

const API_FIELD = / \(API field ([^)]+)\)$/;

describe('Platform 2.0 field help', () => {
	const fields = leaves(p2).filter((field) => /\(API field /.test(field.description ?? ''));

	it('is given for every catalogue field, ends with its API name and says more than the label', () => {
		const keys = new Set(OPERATIONS.flatMap((op) => op.fields.map((field) => field.key)));
		const seen = new Set(fields.map((field) => API_FIELD.exec(field.description ?? '')?.[1]));
		expect([...keys].filter((key) => !seen.has(key))).toEqual([]);
		const echo: string[] = [];
		const badEnd: string[] = [];
		for (const field of fields) {
			if (!API_FIELD.test(field.description ?? '')) badEnd.push(`${field.name}: ${field.description}`);
			const help = (field.description ?? '').replace(API_FIELD, '').trim();
			const label = field.displayName.toLowerCase();
			if (help.length <= label.length || help.toLowerCase() === label || help.toLowerCase().replace(/^the /, '') === label) echo.push(`${field.name}: ${help}`);
		}
		expect(badEnd).toEqual([]);
		expect(echo).toEqual([]);
		// each distinct field once (engine/mergeProperties.ts defines a field shared by many operations once)
		expect(fields.length).toBeGreaterThan(900);
	});

	it('says the unit, the range and what leaving an optional field out does', () => {
		const help = (op: string, key: string) => OPERATIONS.find((entry) => entry.id === op)!.fields.find((field) => field.key === key)!.help;
		expect(help('updateAssistant', 'webhook_timeout_sec')).toBe('How long the webhook receiver has to answer. In seconds. From 1 to 30. Not set: left as it is.');
		// a text that says what empty does gets no second sentence about it
		expect(help('updateAssistant', 'max_call_duration_sec')).toBe('The longest a call may last; empty: no limit but the budget. In seconds. From 60 to 1800.');
		expect(help('listCalls', 'assistant_id')).toBe('Only calls of this assistant. Not set: not filtered by it.');
		expect(help('createCampaign', 'retry_delay_minutes')).toMatch(/In minutes\. At least 1\. Not set: the platform decides\./);
		expect(help('getCallRecording', 'expires_in')).toMatch(/seconds\. From 60 to 86400\. Default: 3600\./);
		expect(help('createCall', 'phone_number_id')).toMatch(/not the number to call/);
		expect(help('setLoopRecording', 'action')).not.toMatch(/Not set/);
	});
});

describe('Platform 2.0 labels and names', () => {
	it('has no two fields with the same label in one operation (top level, or inside one collection)', () => {
		const duplicates: string[] = [];
		for (const op of OPERATIONS) {
			const own = p2.filter((property) => operationsOf(property).includes(op.id) && property.type !== 'notice');
			// inside a shared collection a field names its operations with `/operation`
			const inner = (options: INodeProperties[]) => options.filter((o) => ((o.displayOptions?.show?.['/operation'] as string[] | undefined) ?? [op.id]).includes(op.id));
			const groups = [own, ...own.filter((property) => property.type === 'collection').map((collection) => inner(collection.options as INodeProperties[]))];
			for (const group of groups) {
				const labels = group.map((property) => property.displayName);
				duplicates.push(...labels.filter((label, index) => labels.indexOf(label) !== index).map((label) => `${op.id}: ${label}`));
			}
		}
		expect(duplicates).toEqual([]);
	});

	it('shares no resource name with classic (Call and Calls count as one) and no resource value', () => {
		const fold = (name: string) => name.toLowerCase().replace(/s$/, '');
		const classic = new Set(CLASSIC.map((resource) => fold(resource.name)));
		expect(PLATFORM2_RESOURCES.filter((resource) => classic.has(fold(resource.name))).map((resource) => resource.name)).toEqual([]);
		const classicValues = new Set(CLASSIC.map((resource) => resource.value));
		expect(PLATFORM2_RESOURCES.filter((resource) => classicValues.has(resource.value))).toEqual([]);
		// every 2.0 action is listed under a resource that says its account kind
		for (const resource of PLATFORM2_RESOURCES) expect(resource.name).toMatch(/ \(Platform 2\.0\)$/);
		expect(PLATFORM2_RESOURCES.find((resource) => resource.value === 'milianMissions')?.name).toBe('Routines (Platform 2.0)');
	});

	it('names operations in plain words', () => {
		const names = OPERATIONS.map((op) => op.name);
		expect(names.filter((name) => /Whats App|Famulor1|Lookup/.test(name))).toEqual([]);
		expect(names.filter((name) => /WhatsApp/.test(name))).toHaveLength(13);
		expect(names).toEqual(expect.arrayContaining(['Look Up Bookings', 'Migrate from Famulor 1.0 (Classic)', 'Assign Leads to Campaign']));
		expect(leaves(p2).filter((field) => field.displayName === 'Q')).toEqual([]);
	});

	it('shows option values as words, never the raw API value', () => {
		const raw: string[] = [];
		for (const field of leaves(p2).filter((property) => property.type === 'options' || property.type === 'multiOptions')) {
			if (!/\(API field /.test(field.description ?? '')) continue;
			for (const option of (field.options ?? []) as INodePropertyOptions[]) {
				// brand names keep their spelling (xAI, eTermin); a raw value is snake_case, namespaced or all lower case
				if (/_|^[a-z]+\.[a-z]/.test(option.name) || (option.name === option.name.toLowerCase() && !/^\d+$/.test(option.name))) raw.push(`${field.name}: ${option.name}`);
			}
		}
		expect(raw).toEqual([]);
		const names = (op: string, key: string) =>
			leaves(p2.filter((property) => operationsOf(property).includes(op)))
				.filter((field) => (field.description ?? '').endsWith(`(API field ${key})`))
				.flatMap((field) => (field.options as INodePropertyOptions[]).map((option) => option.name));
		expect(names('runAutomationAiAction', 'action')).toContain('AI: Classify');
		expect(names('runHistoryActions', 'action')).toEqual(expect.arrayContaining(['Resume AI', 'Add to Blocklist']));
	});

	it('says "Costs credits" only on the actions that cost, where only some do', () => {
		const operation = (id: string) => PLATFORM2_RESOURCES.flatMap((resource) => resource.operations).find((op) => op.value === id)!;
		expect(operation('runCallActions').description).not.toMatch(/Costs credits\./);
		expect(operation('runCallActions').description).toMatch(/Some actions cost credits/);
		expect(operation('sendSms').description).toMatch(/Costs credits\./);
		const action = leaves(p2.filter((property) => operationsOf(property).includes('runCallActions'))).find((field) => field.name === 'action')!;
		const costly = (action.options as INodePropertyOptions[]).filter((option) => option.description === 'Costs credits').map((option) => option.value);
		expect(costly.sort()).toEqual(['reanalyze', 'retranscribe']);
	});
});

describe('Platform 2.0 notices', () => {
	const notices = p2.filter((property) => property.type === 'notice');
	const shownFor = (text: string) => new Set(notices.filter((notice) => notice.displayName === text).flatMap(operationsOf));
	const flagged = (flag: (flags: string[]) => boolean) => new Set(catalogue.operations.filter((op) => flag(op.flags)).map((op) => op.id));

	it('shows each text once, for exactly the operations the catalogue flags', () => {
		expect(shownFor(ADMIN_NOTICE)).toEqual(flagged((flags) => flags.includes('admin')));
		expect(shownFor(SECRET_ONCE_NOTICE)).toEqual(flagged((flags) => flags.includes('secretOnce')));
		expect([...shownFor(SECRET_ONCE_NOTICE)].sort()).toEqual(['createApiKey', 'createPlatformUserToken', 'createWorkspaceApiKey', 'whatsAppSenderProfileAction']);
		const addOns = new Set(catalogue.operations.flatMap((op) => op.flags.filter((flag) => flag.startsWith('plan:')).map((flag) => flag.slice(5))));
		let withAddOn = 0;
		for (const addOn of addOns) {
			const ops = shownFor(addOnNotice(addOn));
			expect(ops).toEqual(flagged((flags) => flags.includes(`plan:${addOn}`)));
			withAddOn += ops.size;
		}
		expect(withAddOn).toBe(20);
		expect(shownFor(ADMIN_NOTICE).size).toBe(74);
		// one property per text, not one per operation
		expect(notices.length).toBe(addOns.size + 2);
	});

	it('stays inside Platform 2.0: the notices name only 2.0 resources', () => {
		const values = new Set(PLATFORM2_RESOURCES.map((resource) => resource.value));
		for (const notice of notices) for (const resource of notice.displayOptions!.show!.resource as string[]) expect(values.has(resource)).toBe(true);
	});
});

describe('an answer with a secret shown once', () => {
	const t = usePlatform2Node();

	it('says in the output to store it now (Create API Key)', async () => {
		const result = await t.run({ resource: 'apiKeys', operation: 'createApiKey', name: 'n8n test key' });
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.storeSecretNow).toBe(STORE_SECRET_NOW);
		expect(result.items[0].json.name).toBe('n8n test key');
	});
});
