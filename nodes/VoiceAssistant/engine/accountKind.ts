import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from './operation';

/** The parameter that says which API generation the node speaks, and so which credential and resources it shows. */
export const ACCOUNT_KIND = 'accountKind';

/** One API generation as the node offers it. */
export interface AccountKind {
	value: string;
	name: string;
	description: string;
	credential: string;
	resources: Resource[];
	defaultResource: string;
}

/**
 * The Account Kind field, first among the node's fields. The credentials' displayOptions depend on
 * it, so n8n's editor does not show it: it is set by the credential the user picks (as n8n does for an
 * `authentication` field). Its default is the first kind in every version: workflows saved before the
 * field existed hold no value for it and must keep running as they did.
 */
export function accountKindField(kinds: AccountKind[]): INodeProperties {
	const first = kinds[0].value;
	return {
		displayName: 'Account Kind',
		name: ACCOUNT_KIND,
		type: 'options',
		noDataExpression: true,
		options: kinds.map(({ name, value, description }) => ({ name, value, description })),
		default: first,
		description: 'Which API your account uses. Each has its own credential.',
	};
}

/** The resources of the account kind a node's parameter names (the first kind when it names none). */
export function resourcesOf(kinds: AccountKind[], value: unknown): Resource[] {
	return (kinds.find((kind) => kind.value === value) ?? kinds[0]).resources;
}
