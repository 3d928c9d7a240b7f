import type { INodeType } from 'n8n-workflow';

/** A node's dropdown (loadOptions) and searchable-list (listSearch) methods, by name. */
export type NodeMethods = Required<Pick<NonNullable<INodeType['methods']>, 'loadOptions' | 'listSearch'>>;

/** The names of a node's methods of each kind. */
export interface MethodNames {
	loadOptions: string[];
	listSearch: string[];
}

/**
 * A node's methods, each loading the implementations (`load`) the first time one is called: n8n reads
 * the names when it loads the node, and the implementations (the API's catalogue, the transport) are
 * only needed once a person opens a dropdown.
 */
export function lazyMethods(names: MethodNames, load: () => Promise<NodeMethods>): NodeMethods {
	const methods: NodeMethods = { loadOptions: {}, listSearch: {} };
	for (const name of names.loadOptions) {
		methods.loadOptions[name] = async function (this) {
			return await (await load()).loadOptions[name].call(this);
		};
	}
	for (const name of names.listSearch) {
		methods.listSearch[name] = async function (this, filter?: string, paginationToken?: string) {
			return await (await load()).listSearch[name].call(this, filter, paginationToken);
		};
	}
	return methods;
}
