import type { INodeProperties } from 'n8n-workflow';

type Shown = { resource: string[]; operation: string[] };

function shownFor(property: INodeProperties): Shown | undefined {
	const show = property.displayOptions?.show;
	const resource = show?.resource;
	const operation = show?.operation;
	if (!Array.isArray(resource) || !Array.isArray(operation)) return undefined;
	return { resource: resource as string[], operation: operation as string[] };
}

/** Where to look for an equal property (cheap; equality itself is `same`). */
const signatureOf = (property: INodeProperties) => `${property.name}\u0000${property.type}\u0000${property.displayName}`;

function equal(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
	const keysA = Object.keys(a);
	if (keysA.length !== Object.keys(b).length) return false;
	return keysA.every((key) => key in b && equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Equal but for their resource and operation lists: what two properties must be to be one. */
function same(a: INodeProperties, b: INodeProperties): boolean {
	const { displayOptions: optionsA, ...restA } = a;
	const { displayOptions: optionsB, ...restB } = b;
	if (!equal(restA, restB)) return false;
	const { show: showA, ...otherA } = optionsA ?? {};
	const { show: showB, ...otherB } = optionsB ?? {};
	return equal(otherA, otherB) && equal(shownElse(showA), shownElse(showB));
}

/** A show condition without its resource and operation lists. */
function shownElse(show: Record<string, unknown> | undefined): Record<string, unknown> {
	const rest = { ...show };
	delete rest.resource;
	delete rest.operation;
	return rest;
}

function withShown(property: INodeProperties, shown: Shown): INodeProperties {
	return { ...property, displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, resource: [...shown.resource], operation: [...shown.operation] } } };
}

function addAll(into: string[], values: string[]): void {
	for (const value of values) if (!into.includes(value)) into.push(value);
}

/** The index of the first copy that stands after `after` (copies in ascending position). */
function firstAfter(made: Array<{ position: number }>, after: number): number {
	let low = 0;
	let high = made.length;
	while (low < high) {
		const middle = (low + high) >> 1;
		if (made[middle].position > after) high = middle;
		else low = middle + 1;
	}
	return low;
}

/**
 * Properties identical but for their operations, as one property per run of the order: a property
 * joins an earlier copy only if that copy stands after every property already placed for its
 * operations (n8n shows properties in their order, so each operation keeps its fields' order);
 * otherwise it starts a new copy.
 */
function mergeInOrder(properties: INodeProperties[], mergeable: (shown: Shown) => boolean): INodeProperties[] {
	const out: INodeProperties[] = [];
	/** by signature: the copies made so far, where they stand and what they were made from */
	const copies = new Map<string, Array<{ position: number; origin: INodeProperties }>>();
	/** per operation: the position of the last property placed for it */
	const last = new Map<string, number>();
	for (const property of properties) {
		const shown = shownFor(property);
		if (!shown || !mergeable(shown)) {
			out.push(property);
			for (const operation of shown?.operation ?? []) last.set(operation, out.length - 1);
			continue;
		}
		const signature = signatureOf(property);
		const after = shown.operation.reduce((latest, operation) => Math.max(latest, last.get(operation) ?? -1), -1);
		const made = copies.get(signature) ?? [];
		let position: number | undefined;
		// the copies stand in the order they were made: start at the first one after `after` (this runs
		// on every load of the node, over hundreds of copies of one name)
		for (let i = firstAfter(made, after); i < made.length && position === undefined; i++) {
			if (same(made[i].origin, property)) position = made[i].position;
		}
		if (position === undefined) {
			out.push(withShown(property, shown));
			position = out.length - 1;
			made.push({ position, origin: property });
			copies.set(signature, made);
		} else {
			const merged = out[position].displayOptions!.show as Shown;
			addAll(merged.resource, shown.resource);
			addAll(merged.operation, shown.operation);
		}
		for (const operation of shown.operation) last.set(operation, position);
	}
	return out;
}

/**
 * The collections of one name (Filters, Additional Fields) of many operations as one collection:
 * each option once, shown for the operations that have it (`/operation`: the top-level value, as
 * n8n's own nodes do inside collections); n8n's editor lists and reads only the options shown.
 */
function sharedCollection(collections: INodeProperties[]): INodeProperties {
	const resources = new Set<string>();
	const operations = new Set<string>();
	const options = new Map<string, Array<{ option: INodeProperties; operations: string[] }>>();
	for (const collection of collections) {
		const own = shownFor(collection) as Shown;
		for (const resource of own.resource) resources.add(resource);
		for (const operation of own.operation) operations.add(operation);
		for (const option of collection.options as INodeProperties[]) {
			const signature = signatureOf(option);
			const found = options.get(signature) ?? [];
			let entry = found.find((one) => equal(one.option, option));
			if (!entry) {
				entry = { option, operations: [] };
				options.set(signature, [...found, entry]);
			}
			addAll(entry.operations, own.operation);
		}
	}
	const merged = [...options.values()]
		.flat()
		.map(({ option, operations }) => ({
			...option,
			displayOptions: { ...option.displayOptions, show: { ...option.displayOptions?.show, '/operation': operations } },
		}))
		.sort((a, b) => (a.displayName < b.displayName ? -1 : a.displayName > b.displayName ? 1 : 0));
	return { ...withShown(collections[0], { resource: [...resources], operation: [...operations] }), options: merged };
}

export interface MergeOptions {
	/** names of collections each operation has at most one of, shared by all the operations */
	shareCollections?: string[];
	/** operations whose collections stay their own (not shared with the others) */
	keepApart?: ReadonlySet<string>;
}

/**
 * Properties identical but for the operations they show for become one property shown for all of
 * them, so the description the editor downloads holds each once (n8n reads the displayed one).
 *
 * Only properties of operations whose value belongs to a single resource are merged, so the merged
 * property's resources × operations hold no pair it was not shown for. With `shareCollections`, an
 * operation whose fields are "its own fields, then those collections in that order, then the rest"
 * has its collections joined into one per name, placed between the own fields of every operation
 * and the rest: the order each operation shows its fields in never changes.
 */
export function mergeProperties(properties: INodeProperties[], { shareCollections = [], keepApart = new Set() }: MergeOptions = {}): INodeProperties[] {
	const resourcesOf = new Map<string, Set<string>>();
	const fieldsOf = new Map<string, INodeProperties[]>();
	for (const property of properties) {
		const shown = shownFor(property);
		for (const operation of shown?.operation ?? []) fieldsOf.set(operation, [...(fieldsOf.get(operation) ?? []), property]);
		// Which resources an operation value belongs to: the Operation fields that list it (a notice shown
		// for many resources' operations says nothing about that).
		if (property.name !== 'operation' || property.type !== 'options') continue;
		for (const option of (property.options ?? []) as Array<{ value?: unknown }>) {
			const set = resourcesOf.get(String(option.value)) ?? new Set<string>();
			for (const resource of (property.displayOptions?.show?.resource ?? []) as string[]) set.add(resource);
			resourcesOf.set(String(option.value), set);
		}
	}
	const mergeable = (shown: Shown) => shown.operation.every((operation) => resourcesOf.get(operation)?.size === 1);

	// The block each property goes to: 0 its operation's own fields, 1… a shared collection, last: after them.
	const tail = shareCollections.length + 1;
	const shells = new Map<string, INodeProperties>();
	const sharable = (property: INodeProperties): boolean => {
		const shown = shownFor(property);
		if (property.type !== 'collection' || !shareCollections.includes(property.name) || !shown || shown.operation.length !== 1 || !mergeable(shown)) return false;
		if (keepApart.has(shown.operation[0])) return false;
		const shell = { ...property, options: [] };
		if (!shells.has(property.name)) shells.set(property.name, shell);
		return same(shells.get(property.name) as INodeProperties, shell);
	};
	/** per operation that can share its collections: the block of each of its fields */
	const blocksOf = new Map<string, Map<INodeProperties, number>>();
	for (const [operation, fields] of fieldsOf) {
		const blocks = fields.map((field) => (sharable(field) ? shareCollections.indexOf(field.name) + 1 : undefined));
		const first = blocks.findIndex((found) => found !== undefined);
		const last = blocks.map((found) => found !== undefined).lastIndexOf(true);
		if (first < 0) continue;
		// its own fields, then its shared collections (nothing between them, in the shared order), then the rest
		const collections = blocks.slice(first, last + 1);
		const inOrder = collections.every((found, i) => found !== undefined && (i === 0 || found > (collections[i - 1] as number)));
		if (!inOrder) continue;
		blocksOf.set(operation, new Map(fields.map((field, i) => [field, blocks[i] ?? (i > last ? tail : 0)])));
	}
	// A property shown for several operations must be in the same block for each, else none of them shares.
	for (let changed = true; changed; ) {
		changed = false;
		for (const property of properties) {
			const operations = shownFor(property)?.operation ?? [];
			if (operations.length < 2) continue;
			const found = operations.map((operation) => blocksOf.get(operation)?.get(property));
			if (found.every((one) => one !== undefined && one === found[0]) || found.every((one) => one === undefined)) continue;
			for (const operation of operations) changed = blocksOf.delete(operation) || changed;
		}
	}
	const block = (property: INodeProperties): number => {
		const operation = shownFor(property)?.operation[0];
		return (operation !== undefined ? blocksOf.get(operation)?.get(property) : undefined) ?? 0;
	};
	const out = mergeInOrder(properties.filter((property) => block(property) === 0), mergeable);
	shareCollections.forEach((_name, i) => {
		const collections = properties.filter((property) => block(property) === i + 1);
		if (collections.length > 0) out.push(sharedCollection(collections));
	});
	return [...out, ...mergeInOrder(properties.filter((property) => block(property) === tail), mergeable)];
}
