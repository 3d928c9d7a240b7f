import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** The parameter that says which API generation a node speaks, and so which credential and fields it shows. */
export const ACCOUNT_KIND = 'accountKind';

/** The API generations, as every node's Account Kind field offers them (classic first: the default). */
export const ACCOUNT_KIND_OPTIONS = [
	{
		name: 'Classic (Famulor, Sondos AI, Autocalls)',
		value: 'classic',
		description: 'Accounts on app.famulor.de, app.sondos-ai.com or app.autocalls.ai: numeric IDs, /api paths',
	},
	{
		name: 'Famulor Platform 2.0',
		value: 'platform2',
		description: 'Accounts on app.famulor.io (every Famulor account opened since 2026): fam_ API keys, UUIDs',
	},
] as const;

/** An API generation, as Account Kind names it. */
export type AccountKind = (typeof ACCOUNT_KIND_OPTIONS)[number]['value'];

/**
 * The Account Kind field, first among a node's fields, on the action node and both triggers. The
 * credentials' displayOptions depend on it, so n8n's editor does not show it: it follows the
 * credential the user picks (as n8n does for an `authentication` field). Its default is Classic in
 * every version: workflows saved before the field existed hold no value for it and must keep running
 * as they did.
 */
export function accountKindField(displayOptions?: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Account Kind',
		name: ACCOUNT_KIND,
		type: 'options',
		noDataExpression: true,
		options: ACCOUNT_KIND_OPTIONS.map((option) => ({ ...option })),
		default: 'classic',
		description: 'Which API your account uses. Each has its own credential.',
		...(displayOptions ? { displayOptions } : {}),
	};
}
