/** The node description: operations registered both ways, every dropdown method present, limits in the editor. */
import type { INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { RESOURCES } from '../../nodes/VoiceAssistant/actions/classic/operations';
import { PARALLEL_REQUESTS } from '../../nodes/VoiceAssistant/engine/requestOptions';
import { RETRY } from '../../nodes/VoiceAssistant/transport/policy';

const operationsByResource = Object.fromEntries(RESOURCES.map((r) => [r.value, Object.fromEntries(r.operations.map((op) => [op.value, op]))]));
import { ASSISTANT_RANGES } from '../../nodes/VoiceAssistant/shared/limits';
import codex from '../../nodes/VoiceAssistant/VoiceAssistant.node.json';

const node = new VoiceAssistant();
const { properties } = node.description;

function walk(list: INodeProperties[], visit: (p: INodeProperties) => void): void {
	for (const property of list) {
		visit(property);
		for (const option of (property.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>) {
			if ('values' in option && option.values) walk(option.values, visit);
			else if ('displayName' in option && 'type' in option) walk([option as INodeProperties], visit);
		}
	}
}

describe('node description', () => {
	it('lists every registered operation in its resource, and nothing else', () => {
		const resources = properties.find((p) => p.name === 'resource')!.options as Array<{ value: string }>;
		expect(resources.map((r) => r.value).sort()).toEqual(Object.keys(operationsByResource).sort());
		for (const [resource, operations] of Object.entries(operationsByResource)) {
			const field = properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource));
			const values = (field?.options as Array<{ value: string; action?: string }>).map((o) => o.value);
			expect(values.sort()).toEqual(Object.keys(operations).sort());
			for (const option of field?.options as Array<{ action?: string }>) expect(option.action).toBeTruthy();
		}
	});

	it('has every dropdown and search method it refers to', () => {
		const loadOptions = Object.keys(node.methods.loadOptions);
		const listSearch = Object.keys(node.methods.listSearch);
		walk(properties, (p) => {
			const method = p.typeOptions?.loadOptionsMethod;
			if (method) expect(loadOptions).toContain(method);
			for (const mode of p.modes ?? []) {
				const search = mode.typeOptions?.searchListMethod;
				if (search) expect(listSearch).toContain(search);
			}
		});
		expect(listSearch).toEqual(expect.arrayContaining(['searchAssistants', 'searchOutboundAssistants', 'searchCampaigns']));
	});

	it('puts the reference ranges on the assistant number fields (Create and Update)', () => {
		const seen = new Map<number, number>();
		for (const collection of ['additionalFields', 'updateFields']) {
			const field = properties.find((p) => p.name === collection && p.displayOptions?.show?.resource?.[0] === 'assistant')!;
			const numbers = (field.options as INodeProperties[]).filter((o) => o.type === 'number');
			// Conversation Inactivity Timeout is on Create only (2026 docs)
			expect(numbers).toHaveLength(Object.keys(ASSISTANT_RANGES).length - (collection === 'updateFields' ? 1 : 0));
			for (const option of numbers) {
				const range = Object.values(ASSISTANT_RANGES).find(
					(r) => r.min === option.typeOptions?.minValue && r.max === option.typeOptions?.maxValue,
				);
				expect(range).toBeDefined();
				expect(option.default).toBeGreaterThanOrEqual(range!.min);
				expect(option.default).toBeLessThanOrEqual(range!.max);
				seen.set(range!.min, range!.max);
			}
		}
		expect(seen.get(0.7)).toBe(1.2);
		expect(seen.get(20)).toBe(1200);
	});

	it('asks for the required assistant fields first, as required top-level parameters', () => {
		const create = properties.filter(
			(p) => p.displayOptions?.show?.resource?.[0] === 'assistant' && p.displayOptions?.show?.operation?.[0] === 'create',
		);
		expect(create.map((p) => p.name)).toEqual([
			'name',
			'callsDirection',
			'engineType',
			'voiceId',
			'language',
			'llmModel',
			'timezone',
			'initialMessage',
			'systemPrompt',
			'additionalFields',
		]);
		expect(create.slice(0, 9).every((p) => p.required)).toBe(true);
		const voice = create.find((p) => p.name === 'voiceId')!;
		expect(voice.typeOptions).toMatchObject({ loadOptionsMethod: 'getVoices', loadOptionsDependsOn: ['engineType'] });
		const direction = create.find((p) => p.name === 'callsDirection')!;
		expect(direction.options).toEqual([
			expect.objectContaining({ name: 'Inbound (Receives Calls)', value: 'receive' }),
			expect.objectContaining({ name: 'Outbound (Makes Calls)', value: 'make' }),
		]);
	});

	it('has the node-level Request Options read by the router', () => {
		const requestOptions = properties.find((p) => p.name === 'requestOptions')!;
		expect(requestOptions.displayOptions).toBeUndefined();
		expect(requestOptions.options).toEqual([
			expect.objectContaining({
				name: 'parallelRequests',
				displayName: 'Requests in Parallel',
				default: 0,
				typeOptions: expect.objectContaining({ minValue: 0, maxValue: 32 }),
			}),
			expect.objectContaining({ name: 'timeout', displayName: 'Timeout', default: 30000 }),
		]);
		// the literals the lint wants are the constants the reader falls back to
		expect(PARALLEL_REQUESTS.default).toBe(0);
		expect(RETRY.defaultTimeoutMs).toBe(30000);
	});

	it('shows Default Country where phone numbers are typed (both account kinds)', () => {
		const shownFor = (kind: string) =>
			properties
				.filter((p) => p.name === 'defaultCountry' && p.displayOptions?.show?.accountKind?.[0] === kind)
				// one property may be shown for the operations of several resources (operation values are unique there)
				.flatMap((p) => (p.displayOptions!.show!.operation as string[]).map((op) => `${resourceOf(kind, op, p.displayOptions!.show!.resource as string[])}:${op}`))
				.sort();
		const resourceOf = (kind: string, op: string, resources: string[]) =>
			resources.find((resource) =>
				properties.some((p) => p.name === 'operation' && p.displayOptions?.show?.accountKind?.[0] === kind && p.displayOptions?.show?.resource?.[0] === resource && p.options?.some((o) => 'value' in o && o.value === op)),
			);
		expect(shownFor('platform2')).toEqual(['calls:createCall', 'leads:addLeads', 'smsPlatform2:sendSms', 'suppression:addSuppressionEntry', 'suppression:removeSuppressionEntry']);
		expect(shownFor('classic')).toEqual([
			'call:getMany',
			'call:make',
			'conversation:getMany',
			'lead:create',
			'lead:update',
			'sms:send',
			'whatsapp:getSessionStatus',
			'whatsapp:sendFreeform',
			'whatsapp:sendTemplate',
		]);
	});

	it('resolves default parameters for every operation with n8n’s own helper', () => {
		for (const [resource, operations] of Object.entries(operationsByResource)) {
			for (const operation of Object.keys(operations)) {
				const values = NodeHelpers.getNodeParameters(properties, { resource, operation }, true, false, null, null);
				expect(values).toMatchObject({ resource, operation, requestOptions: {} });
			}
		}
	});

	it('is usable as an AI tool and findable by the white-label names', () => {
		expect(node.description.usableAsTool).toBe(true);
		expect(codex.alias).toEqual(expect.arrayContaining(['Famulor', 'Sondos']));
	});
});
