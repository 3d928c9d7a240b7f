/**
 * Folders and labels (2026 docs): the same four routes for each. Lists are plural (/user/folders); the
 * writes are singular in the docs (/user/folder, /user/folder/{id}) and plural in the MCP server
 * (/user/folders, /user/folders/{id}): the host serves the spelling store.settings.catalogWritePaths
 * names and answers the other as an unrouted path.
 */
import { GROUP_COLORS, groupRecord, type Group, type GroupKind } from '../catalog';
import { message, ok, routeNotFound, validationError, type Handler, type RouteContext } from '../http';
import type { CatalogWritePaths } from '../types';
import { hasErrors, validate, type Rules } from '../validation';
import { perPageRules, readPage } from './paging';

const NOUN: Record<GroupKind, string> = { folder: 'Folder', label: 'Label' };
const RULES: Rules = {
	name: { type: 'string', required: true, max: 255 },
	color: { type: 'string', nullable: true, in: GROUP_COLORS },
};

/** What the API shows of a folder or label: with how many of the account's assistants use it. */
function record(ctx: RouteContext, group: Group) {
	const assistantIds = ctx.app.store.assistantsOf(ctx.user.id).map((a) => a.id);
	return groupRecord(group, ctx.app.store.catalog.assistantsCount(group, assistantIds));
}

/** GET /user/folders|labels?per_page=1–100 (15)&page= → {data, current_page, per_page, total}, as the docs show it. */
export function listGroups(kind: GroupKind): Handler {
	return (ctx) => {
		const { errors, values } = validate(ctx.query, perPageRules);
		if (hasErrors(errors)) return validationError(errors);
		const perPage = (values.per_page as number | undefined) ?? 15;
		const page = readPage(ctx.query);
		const all = ctx.app.store.catalog.groupsOf(ctx.user.id, kind);
		const data = all.slice((page - 1) * perPage, page * perPage).map((group) => record(ctx, group));
		return ok({ data, current_page: page, per_page: perPage, total: all.length });
	};
}

export function createGroup(kind: GroupKind): Handler {
	return (ctx) => {
		const { errors, values } = validate(ctx.body, RULES);
		const { catalog } = ctx.app.store;
		if (typeof values.name === 'string' && catalog.nameTaken(ctx.user.id, kind, values.name)) (errors.name ??= []).push('The name has already been taken.');
		if (hasErrors(errors)) return validationError(errors);
		const group = catalog.addGroup(ctx.user.id, kind, values.name as string, (values.color as string | null | undefined) ?? null);
		return ok({ message: `${NOUN[kind]} created successfully`, data: record(ctx, group) }, 201);
	};
}

/** PUT: name and color, each optional; color null clears it. */
export function updateGroup(kind: GroupKind): Handler {
	return (ctx) => {
		const { catalog } = ctx.app.store;
		const group = catalog.groupOf(ctx.user.id, kind, ctx.params.id);
		if (!group) return message(404, `${NOUN[kind]} not found`);
		const { errors, values } = validate(ctx.body, RULES, { partial: true });
		if (typeof values.name === 'string' && catalog.nameTaken(ctx.user.id, kind, values.name, group)) (errors.name ??= []).push('The name has already been taken.');
		if (hasErrors(errors)) return validationError(errors);
		if (values.name !== undefined) group.name = values.name as string;
		if ('color' in values) group.color = values.color as string | null;
		group.updated_at = Date.now();
		return ok({ message: `${NOUN[kind]} updated successfully`, data: record(ctx, group) });
	};
}

/** DELETE: a folder's assistants become uncategorised; a label is taken off its assistants. */
export function deleteGroup(kind: GroupKind): Handler {
	return (ctx) => {
		const { catalog } = ctx.app.store;
		const group = catalog.groupOf(ctx.user.id, kind, ctx.params.id);
		if (!group) return message(404, `${NOUN[kind]} not found`);
		catalog.removeGroup(group);
		return ok({ message: `${NOUN[kind]} deleted successfully` });
	};
}

/**
 * A write route served only while the host takes this spelling of the write paths. Otherwise it
 * answers as Laravel does for a path it has no such route for: 405 where the path has the list's GET
 * (POST /user/folders on a singular host), else 404.
 */
export function writePath(spelling: CatalogWritePaths, handler: Handler, listPath = false): Handler {
	return (ctx) => {
		if (ctx.app.store.settings.catalogWritePaths === spelling) return handler(ctx);
		const path = new URL(ctx.req.url ?? '/', 'http://x').pathname.replace(/^\//, '');
		if (listPath) return message(405, `The ${ctx.req.method ?? 'POST'} method is not supported for route ${path}. Supported methods: GET, HEAD.`);
		return routeNotFound(path);
	};
}

/** The routes of one kind (folders or labels): [method, path, handler]. */
export function groupRoutes(kind: GroupKind): Array<[string, string, Handler]> {
	const plural = `/api/user/${kind}s`;
	const singular = `/api/user/${kind}`;
	return [
		['GET', plural, listGroups(kind)],
		['POST', plural, writePath('plural', createGroup(kind), true)],
		['PUT', `${plural}/:id`, writePath('plural', updateGroup(kind))],
		['DELETE', `${plural}/:id`, writePath('plural', deleteGroup(kind))],
		['POST', singular, writePath('singular', createGroup(kind))],
		['PUT', `${singular}/:id`, writePath('singular', updateGroup(kind))],
		['DELETE', `${singular}/:id`, writePath('singular', deleteGroup(kind))],
	];
}
