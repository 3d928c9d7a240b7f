/**
 * Every saved workflow of every node version still loads with the same parameters (#48). The safety
 * net for refactors of the nodes' internals: a parameter renamed, dropped, hidden or given another
 * default in any version of the three nodes fails here, so the change has to be deliberate (update the
 * snapshot with `npx jest test/docs/saved-workflows -u` and say why in the commit).
 *
 * Each node of ours is loaded as n8n loads it: the node type as n8n-core's loader prepares it (its
 * applySpecialNodeParameters adds Poll Times to the polling trigger), then the parameters resolved by
 * n8n-workflow's NodeHelpers.getNodeParameters(properties, node.parameters, true, false, node,
 * description), the call the Workflow constructor and the editor both make when a workflow is opened.
 *
 * | What                                            | Checked                                                        |
 * |-------------------------------------------------|----------------------------------------------------------------|
 * | examples/*.json, test/e2e/workflows/**\/*.json   | every saved parameter is still one the node version shows     |
 * |   (every node of ours, its own typeVersion)     | every option saved in a collection is still an option of it    |
 * |                                                 | every saved value comes back unchanged (nested ones included)  |
 * |                                                 | the resolved parameters equal the snapshot                     |
 * | one node per version of each node (and per      | the same four, the resolved defaults being the snapshot        |
 * |   Account Kind where the version has one), with | resolving them again changes nothing (a save of them reloads)  |
 * |   the node's defaults only                      |                                                                |
 *
 * Not covered: the workflows test/e2e/*.e2e.mjs build at run time (from the sandbox's ids, loops and
 * spreads); they cannot be read without running them, and they use versions covered here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import { DirectoryLoader } from 'n8n-core';
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
	type INodeType,
} from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { VoiceAssistantPollingTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node';
import { VoiceAssistantTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantTrigger.node';

const ROOT = join(__dirname, '../..');
const PACKAGE = 'n8n-nodes-voice-assistant';

/** The workflows the project ships or tests with. */
const SOURCES = [join(ROOT, 'examples'), join(ROOT, 'test/e2e/workflows')];

/** Fresh instances (this file's own module registry), prepared as n8n-core's loader prepares them. */
const NODE_CLASSES = [VoiceAssistant, VoiceAssistantTrigger, VoiceAssistantPollingTrigger].map((NodeClass) => new NodeClass());
const applySpecialNodeParameters = (DirectoryLoader.prototype as unknown as { applySpecialNodeParameters(node: INodeType): void })
	.applySpecialNodeParameters;
const versionsOf = (type: INodeType | VoiceAssistantTrigger): number[] => {
	if ('nodeVersions' in type) return Object.keys(type.nodeVersions).map(Number);
	const { version } = type.description;
	return Array.isArray(version) ? version : [version];
};
/** type → version → the INodeType n8n loads for it */
const LOADED = new Map<string, Map<number, INodeType>>(
	NODE_CLASSES.map((type) => {
		const versions = new Map(versionsOf(type).map((version) => [version, NodeHelpers.getVersionedNodeType(type, version)]));
		for (const concrete of new Set(versions.values())) applySpecialNodeParameters.call(undefined, concrete);
		return [`${PACKAGE}.${type.description.name}`, versions] as const;
	}),
);

interface SavedNode {
	/** where it is saved: file › node name, or "defaults" for the synthetic ones */
	source: string;
	node: INode;
}

function jsonFiles(dir: string): string[] {
	return readdirSync(dir)
		.sort()
		.flatMap((name) => {
			const path = join(dir, name);
			if (statSync(path).isDirectory()) return jsonFiles(path);
			return name.endsWith('.json') ? [path] : [];
		});
}

const saved: SavedNode[] = SOURCES.flatMap(jsonFiles).flatMap((file) => {
	const workflow = JSON.parse(readFileSync(file, 'utf8')) as { nodes: INode[] };
	return workflow.nodes
		.filter((node) => LOADED.has(node.type))
		.map((node) => ({ source: `${relative(ROOT, file)} › ${node.name}`, node }));
});

/** Each version with its defaults; a version that shows an Account Kind once per kind (its default alone shows one kind's fields). */
const synthetic: SavedNode[] = [...LOADED].flatMap(([type, versions]) =>
	[...versions].flatMap(([typeVersion, loaded]) => {
		const { properties } = loaded.description;
		const shown = NodeHelpers.getNodeParameters(properties, {}, true, false, { typeVersion }, loaded.description) ?? {};
		// the Account Kind this version shows (versions 1 and 2 of the polling trigger hold a hidden Classic)
		const accountKind = properties.find(
			(p) => p.name === 'accountKind' && p.type === 'options' && NodeHelpers.displayParameter(shown, p, { typeVersion } as INode, loaded.description),
		);
		const kinds = (accountKind?.options ?? []).map((option) => ('value' in option ? String(option.value) : ''));
		const variants: INodeParameters[] = kinds.length > 0 ? kinds.map((kind) => ({ accountKind: kind })) : [{}];
		return variants.map((parameters) => ({
			source: `defaults › ${type.slice(PACKAGE.length + 1)} v${typeVersion}${parameters.accountKind ? ` (${String(parameters.accountKind)})` : ''}`,
			node: { id: 'defaults', name: 'defaults', type, typeVersion, position: [0, 0], parameters } satisfies INode,
		}));
	}),
);

/** What n8n makes of a node's saved parameters when it loads the workflow. */
function resolve(node: INode, parameters: INodeParameters = node.parameters): INodeParameters {
	const loaded = LOADED.get(node.type)?.get(node.typeVersion);
	if (!loaded) throw new Error(`${node.type} has no version ${node.typeVersion}`);
	const { description } = loaded;
	return NodeHelpers.getNodeParameters(description.properties, structuredClone(parameters), true, false, node, description) ?? {};
}

/** Paths where a saved value is missing or different after loading (objects: every saved key; arrays: every saved item). */
function lost(savedValue: unknown, loaded: unknown, path: string): string[] {
	if (savedValue !== null && typeof savedValue === 'object') {
		if (loaded === null || typeof loaded !== 'object' || Array.isArray(savedValue) !== Array.isArray(loaded)) {
			return [`${path}: saved ${JSON.stringify(savedValue)}, loads as ${JSON.stringify(loaded)}`];
		}
		if (Array.isArray(savedValue) && savedValue.length !== (loaded as unknown[]).length) {
			return [`${path}: saved ${savedValue.length} items, loads ${(loaded as unknown[]).length}`];
		}
		return Object.entries(savedValue).flatMap(([key, value]) =>
			key in loaded ? lost(value, (loaded as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}: dropped`],
		);
	}
	return Object.is(savedValue, loaded) ? [] : [`${path}: saved ${JSON.stringify(savedValue)}, loads as ${JSON.stringify(loaded)}`];
}

type Option = INodeProperties | INodePropertyCollection | INodePropertyOptions;

/**
 * Names inside a saved Collection or Fixed Collection that the node no longer has: n8n keeps a
 * collection's value as saved, so a renamed option would load without complaint and be ignored.
 */
function unknownNested(properties: readonly Option[], values: unknown, path: string): string[] {
	if (values === null || typeof values !== 'object' || Array.isArray(values)) return [];
	return Object.entries(values).flatMap(([name, value]) => {
		const same = properties.filter((p): p is INodeProperties | INodePropertyCollection => p.name === name && ('type' in p || 'values' in p));
		if (same.length === 0) return [`${path}${name}: no such option`];
		return same.flatMap((property) => {
			if ('values' in property) {
				const items = Array.isArray(value) ? value : [value];
				return items.flatMap((item, i) => unknownNested(property.values, item, `${path}${name}${Array.isArray(value) ? `[${i}]` : ''}.`));
			}
			if (property.type === 'collection' || property.type === 'fixedCollection') {
				return unknownNested(property.options ?? [], value, `${path}${name}.`);
			}
			return [];
		}).filter((problem, i, all) => same.length === 1 || all.filter((p) => p === problem).length === same.length && all.indexOf(problem) === i);
	});
}

const coverage = (nodes: SavedNode[]) => {
	const table: Record<string, number> = {};
	for (const { node } of nodes) {
		const key = `${node.type.slice(PACKAGE.length + 1)} v${node.typeVersion}`;
		table[key] = (table[key] ?? 0) + 1;
	}
	return Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
};

describe('saved workflows load with the same parameters', () => {
	it('finds the saved nodes of ours (a workflow added or removed changes this table)', () => {
		const files = new Set(saved.map(({ source }) => source.split(' › ')[0]));
		expect({ workflows: files.size, nodes: coverage(saved) }).toMatchSnapshot();
	});

	it('covers every version of the three nodes with its defaults', () => {
		expect(coverage(synthetic)).toMatchSnapshot();
	});

	describe.each([...saved, ...synthetic].map((entry) => [entry.source, entry]))('%s', (source, { node }) => {
		const loaded = resolve(node);

		it('keeps every saved parameter: each is still a parameter this node version shows', () => {
			const properties = LOADED.get(node.type)!.get(node.typeVersion)!.description.properties;
			const dropped = Object.keys(node.parameters)
				.filter((name) => !(name in loaded))
				.map((name) => (properties.some((p) => p.name === name) ? `${name}: hidden by its displayOptions` : `${name}: no such parameter`));
			expect(dropped).toEqual([]);
		});

		it('knows every option saved inside its collections (n8n would keep an unknown one silently)', () => {
			const { description } = LOADED.get(node.type)!.get(node.typeVersion)!;
			// a name several properties share (one per operation): the one shown for this node's values
			const properties = description.properties.filter((p) => NodeHelpers.displayParameter(loaded, p, node, description));
			const nested = Object.entries(node.parameters).filter(([, value]) => typeof value === 'object' && value !== null && !('__rl' in value));
			expect(nested.flatMap(([name, value]) => unknownNested(properties, { [name]: value }, ''))).toEqual([]);
		});

		it('keeps every saved value unchanged', () => {
			expect(Object.entries(node.parameters).flatMap(([name, value]) => (name in loaded ? lost(value, loaded[name], name) : []))).toEqual([]);
		});

		it('resolves to the parameters of the snapshot', () => {
			expect(loaded).toMatchSnapshot();
		});

		if (source.startsWith('defaults › ')) {
			it('reloads a save of its defaults unchanged', () => {
				expect(resolve(node, loaded)).toEqual(loaded);
			});
		}
	});
});
