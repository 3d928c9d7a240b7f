/**
 * The platform's rules for a mid-call tool's name and parameters (docs/platform-facts.md, "Mid-call
 * tools"), checked once for both places that declare a tool: Tool → Create / Update on the action node
 * and the trigger's "Tool Called During a Call". Each caller says how a failure names its field.
 */
import type { IDataObject } from 'n8n-workflow';

import { TOOL_NAME, TOOL_PARAMETER_NAME, TOOL_PARAMETER_TYPES, TOOL_TEXT } from './limits';
import { charCount, shown } from './validate';

/** Makes the error a caller throws: `field` is the field's display name. */
export type FailAt = (field: string, problem: string) => Error;

export type ToolParameterType = (typeof TOOL_PARAMETER_TYPES)[number];

export interface ToolParameter {
	name: string;
	type: ToolParameterType;
	description: string;
}

export function checkToolName(value: unknown, fail: FailAt): string {
	const name = typeof value === 'string' ? value.trim() : '';
	if (name === '') throw fail('Name', 'is required');
	if (!TOOL_NAME.test(name)) throw fail('Name', `must be lowercase letters and underscores, starting with a letter (got ${shown(name)})`);
	return name;
}

/** The rows of a fixedCollection ({parameter: [...]}); a list given by an expression is taken as the rows. */
export function collectionRows(value: unknown, key: string): IDataObject[] {
	const list = Array.isArray(value) ? value : value !== null && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
	return (Array.isArray(list) ? list : []).map((row) => (row !== null && typeof row === 'object' ? (row as IDataObject) : {}));
}

/** Each row of Parameters against the platform's rules: name, type, description; names unique. */
export function checkToolParameters(rows: IDataObject[], fail: FailAt): ToolParameter[] {
	const seen = new Set<string>();
	return rows.map((row, index) => {
		const entry = `entry ${index + 1}`;
		const name = typeof row.name === 'string' ? row.name.trim() : row.name;
		if (typeof name !== 'string' || !TOOL_PARAMETER_NAME.test(name)) {
			throw fail('Parameters', `${entry}: Name must be 2 to 32 letters or underscores, starting with a letter (got ${shown(name)})`);
		}
		if (seen.has(name)) throw fail('Parameters', `${entry}: Name ${shown(name)} is already used by another parameter`);
		seen.add(name);
		if (!(TOOL_PARAMETER_TYPES as readonly unknown[]).includes(row.type)) {
			throw fail('Parameters', `${entry}: Type must be one of ${TOOL_PARAMETER_TYPES.join(', ')} (got ${shown(row.type)})`);
		}
		const description = typeof row.description === 'string' ? row.description.trim() : '';
		const { min, max } = TOOL_TEXT.parameterDescription;
		if (charCount(description) < min || charCount(description) > max) {
			throw fail('Parameters', `${entry}: Description must be ${min} to ${max} characters (got ${charCount(description)})`);
		}
		return { name, type: row.type as ToolParameterType, description };
	});
}
