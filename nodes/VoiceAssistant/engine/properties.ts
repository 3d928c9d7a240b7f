import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { defaultCountryField } from '../shared/countries';
import { DESCRIPTION_FIELD, agentFields, resourceDescriptionFields } from './agent/fields';
import { mergeProperties, type MergeOptions } from './mergeProperties';
import type { AnyOperation, Resource } from './operation';

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The node's properties, all from the resources' own descriptions of their operations. `only` shows
 * them only where it holds (e.g. for one account kind), so two sets of resources can share one node.
 * `notices` (n8n notices, each with its own resource/operation display options) come right under the
 * Operation field: one property for all the operations a text applies to.
 */
export function nodeProperties(
	resources: Resource[],
	defaultResource: string,
	only?: IDisplayOptions['show'],
	{ notices = [], merge }: { notices?: INodeProperties[]; merge?: MergeOptions } = {},
): INodeProperties[] {
	const all: INodeProperties[] = [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: resources.map(({ name, value }) => ({ name, value })).sort(byName),
			default: defaultResource,
		},
		...resources.map(operationField),
		...notices,
		...resourceDescriptionFields(resources),
		// The tool variant's fields come first, as n8n puts its own tool Description first; ahead of every
		// operation's own fields, the equal ones (the opt-in switch, the limits) merge into one property.
		// Every operation's Description before every switch: a switch joins the first copy only when no
		// field of its operation stands after that copy.
		...[true, false].flatMap((descriptions) =>
			resources.flatMap((resource) =>
				resource.operations.flatMap((op) => showFor(resource.value, op, agentFields(op).filter((field) => (field.name === DESCRIPTION_FIELD) === descriptions))),
			),
		),
		...resources.flatMap((resource) => resource.operations.flatMap((op) => showFor(resource.value, op, op.fields))),
		...resources.flatMap((resource) => {
			const withCountry = resource.operations.filter((op) => op.defaultCountry).map((op) => op.value);
			return withCountry.length > 0 ? [defaultCountryField(resource.value, withCountry)] : [];
		}),
	];
	const properties = merge ? mergeProperties(all, merge) : all;
	if (!only) return properties;
	return properties.map((property) => ({
		...property,
		displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, ...only } },
	}));
}

/**
 * An option's description that only repeats its action is left out: the dropdown then shows the
 * name alone (as n8n's own nodes do for plain operations) and the description is smaller.
 */
const repeatsAction = (description: string, action: string) => description.replace(/\.$/, '').trim().toLowerCase() === action.trim().toLowerCase();

function operationField(resource: Resource): INodeProperties {
	const { defaultOperation } = resource;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource.value] } },
		options: resource.operations
			.map(({ name, value, description, action }) => ({ name, value, ...(repeatsAction(description, action) ? {} : { description }), action }))
			.sort(byName),
		default: defaultOperation,
	};
}

/** Scopes an operation's fields to its resource + operation, so operation files carry no displayOptions. */
function showFor(resource: string, op: AnyOperation, fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) => ({
		...field,
		displayOptions: {
			...field.displayOptions,
			show: { ...field.displayOptions?.show, resource: [resource], operation: [op.value] },
		},
	}));
}
