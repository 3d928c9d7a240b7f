import type { IDataObject } from 'n8n-workflow';

import type { ItemParams } from '../../../engine/itemParams';
import { checkedValue } from '../values';

/**
 * The body of one campaign lead, under the catalogue's names (Update Lead: `phone`, `name`, `email`,
 * `tags`, `custom_fields`), whichever way Add Leads took it from the item (the fields below, or the
 * item itself: leadFromItem.ts). Both build it here, so the two send the same lead byte for byte.
 */

/** A lead's name, e-mail or tags as a checked body field (values.ts), under the label an error names it by. */
const leadName = (label: string) => ({ key: 'name', param: 'name', label, in: 'body', type: 'string' }) as const;
const leadEmail = (label: string) => ({ key: 'email', param: 'email', label, in: 'body', type: 'string', format: 'email' }) as const;
const leadTags = (label: string) => ({ key: 'tags', param: 'tags', label, in: 'body', type: 'array', items: { type: 'string' } }) as const;

/** How a lead's name, e-mail and tags are checked, each under the label an error names it by. */
export interface LeadLabels {
	name: ReturnType<typeof leadName>;
	email: ReturnType<typeof leadEmail>;
	tags: ReturnType<typeof leadTags>;
}

/** The labels of one way of giving a lead: the fields' own ('Name'), or the input fields' ('name (input field)'). */
export function leadLabels(label: (key: 'name' | 'email' | 'tags') => string): LeadLabels {
	return { name: leadName(label('name')), email: leadEmail(label('email')), tags: leadTags(label('tags')) };
}

/** A lead's values as given, before they are checked. */
export interface GivenLead {
	name?: unknown;
	email?: unknown;
	tags?: unknown;
}

/**
 * The lead's body, every value checked (the number was, by item.phone: never "fixed"). The custom
 * fields are read last, so that the first bad value in the order of the body is the one an error names.
 */
export function leadBody(item: ItemParams, phone: string, given: GivenLead, labels: LeadLabels, customFieldsOf: () => IDataObject | undefined): IDataObject {
	const lead: IDataObject = { phone };
	const name = checkedValue(item, labels.name, given.name);
	if (name !== undefined) lead.name = name as string;
	const email = checkedValue(item, labels.email, given.email);
	if (email !== undefined) lead.email = email as string;
	const tags = checkedValue(item, labels.tags, given.tags);
	if (tags !== undefined) lead.tags = (tags as unknown[]).map(String);
	const customFields = customFieldsOf();
	if (customFields) lead.custom_fields = customFields;
	return lead;
}
