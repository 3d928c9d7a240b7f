import type { INodeProperties } from 'n8n-workflow';

/** Scopes an operation's fields to that resource + operation, so operation files stay free of displayOptions boilerplate. */
export function showFor(resource: string, operation: string, fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) => ({
		...field,
		displayOptions: {
			...field.displayOptions,
			show: { ...field.displayOptions?.show, resource: [resource], operation: [operation] },
		},
	}));
}
