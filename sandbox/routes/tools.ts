/** Mid-call tools (2026 docs): GET|POST /user/tools, GET|PUT|DELETE /user/tools/{id}. */
import { TOOL_METHODS, TOOL_PARAMETER_TYPES, TOOL_PLAN_LIMIT, toolRecord, type Tool, type ToolHeader, type ToolParameter } from '../catalog';
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import { hasErrors, isPlainObject, validate, type Errors, type Rules } from '../validation';

const TOOL_NAME = /^[a-z][a-z_]*$/;
const PARAMETER_NAME = /^[A-Za-z][A-Za-z_]*$/;

const RULES: Rules = {
	name: { type: 'string', required: true, max: 255, regex: TOOL_NAME },
	description: { type: 'string', required: true, max: 255 },
	endpoint: { type: 'url', required: true },
	method: { type: 'string', required: true, in: TOOL_METHODS },
	timeout: { type: 'integer', between: [1, 30] },
	headers: { type: 'array' },
	schema: { type: 'array' },
};

/** GET /user/tools: a bare array (as the docs' example shows it). */
export function listTools(ctx: RouteContext): ApiResult {
	return ok(ctx.app.store.catalog.toolsOf(ctx.user.id).map(toolRecord));
}

/** GET /user/tools/{id}: the tool itself, no `data` wrapper. */
export function getTool(ctx: RouteContext): ApiResult {
	const tool = ctx.app.store.catalog.toolOf(ctx.user.id, ctx.params.id);
	return tool ? ok(toolRecord(tool)) : message(404, 'Tool not found');
}

export function createTool(ctx: RouteContext): ApiResult {
	const checked = checkTool(ctx.body, false);
	if ('errors' in checked) return validationError(checked.errors);
	const { catalog } = ctx.app.store;
	if (catalog.toolsOf(ctx.user.id).length >= TOOL_PLAN_LIMIT) {
		return message(422, `You have reached your plan limit of ${TOOL_PLAN_LIMIT} mid call tools. Please upgrade your plan to add more.`);
	}
	const v = checked.values;
	const tool = catalog.addTool({
		user_id: ctx.user.id,
		name: v.name as string,
		description: v.description as string,
		endpoint: v.endpoint as string,
		method: v.method as Tool['method'],
		timeout: (v.timeout as number | undefined) ?? 10,
		headers: (v.headers as ToolHeader[] | undefined) ?? [],
		schema: (v.schema as ToolParameter[] | undefined) ?? [],
	});
	return ok({ message: 'Tool created successfully', data: toolRecord(tool) }, 201);
}

/** PUT /user/tools/{id}: any subset; `headers` and `schema` replace the stored lists. */
export function updateTool(ctx: RouteContext): ApiResult {
	const tool = ctx.app.store.catalog.toolOf(ctx.user.id, ctx.params.id);
	if (!tool) return message(404, 'Tool not found');
	const checked = checkTool(ctx.body, true);
	if ('errors' in checked) return validationError(checked.errors);
	const v = checked.values;
	if (v.name !== undefined) tool.name = v.name as string;
	if (v.description !== undefined) tool.description = v.description as string;
	if (v.endpoint !== undefined) tool.endpoint = v.endpoint as string;
	if (v.method !== undefined) tool.method = v.method as Tool['method'];
	if (v.timeout !== undefined) tool.timeout = v.timeout as number;
	if (v.headers !== undefined) tool.headers = v.headers as ToolHeader[];
	if (v.schema !== undefined) tool.schema = v.schema as ToolParameter[];
	tool.updated_at = Date.now();
	return ok({ message: 'Tool updated successfully', data: toolRecord(tool) });
}

/** DELETE /user/tools/{id}: also taken off every assistant that used it. */
export function deleteTool(ctx: RouteContext): ApiResult {
	const { catalog } = ctx.app.store;
	const tool = catalog.toolOf(ctx.user.id, ctx.params.id);
	if (!tool) return message(404, 'Tool not found');
	catalog.removeTool(tool);
	return ok({ message: 'Tool deleted successfully' });
}

/** The create rules (update: any subset), plus the rows of `headers` and `schema`, in Laravel's words. */
function checkTool(body: Record<string, unknown>, partial: boolean): { values: Record<string, unknown> } | { errors: Errors } {
	const { errors, values } = validate(body, RULES, { partial });
	const add = (field: string, text: string): void => {
		(errors[field] ??= []).push(text);
	};
	if (Array.isArray(values.headers)) {
		values.headers = values.headers.map((row: unknown, i) => {
			const header = isPlainObject(row) ? row : {};
			for (const key of ['name', 'value'] as const) {
				const value = header[key];
				if (value === undefined || value === null || value === '') add(`headers.${i}.${key}`, `The headers.${i}.${key} field is required.`);
				else if (typeof value !== 'string') add(`headers.${i}.${key}`, `The headers.${i}.${key} field must be a string.`);
			}
			return { name: header.name, value: header.value };
		});
	}
	if (Array.isArray(values.schema)) {
		values.schema = values.schema.map((row: unknown, i) => {
			const parameter = isPlainObject(row) ? row : {};
			const field = (key: string) => `schema.${i}.${key}`;
			const text = (key: string, min: number, max: number, regex?: RegExp): void => {
				const value = parameter[key];
				if (value === undefined || value === null || value === '') return add(field(key), `The ${field(key)} field is required.`);
				if (typeof value !== 'string') return add(field(key), `The ${field(key)} field must be a string.`);
				const length = [...value].length;
				if (length < min || length > max) return add(field(key), `The ${field(key)} field must be between ${min} and ${max} characters.`);
				if (regex && !regex.test(value)) add(field(key), `The ${field(key)} field format is invalid.`);
			};
			text('name', 2, 32, PARAMETER_NAME);
			text('description', 3, 255);
			const type = parameter.type;
			if (type === undefined || type === null || type === '') add(field('type'), `The ${field('type')} field is required.`);
			else if (!(TOOL_PARAMETER_TYPES as readonly unknown[]).includes(type)) add(field('type'), `The selected ${field('type')} is invalid.`);
			return { name: parameter.name, type: parameter.type, description: parameter.description };
		});
	}
	return hasErrors(errors) ? { errors } : { values };
}
