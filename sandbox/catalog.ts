/**
 * Mid-call tools, folders and labels (docs/platform-facts.md, "Mid-call tools", "Folders and labels"):
 * the records, which assistant uses which (the assistant's `tool_ids`, `folder_id`, `label_ids`), and
 * their public JSON shapes. Seeded per user; every lookup is scoped to a user, so tokens only ever see
 * their own.
 */
import { DAY, isoMicros, SEED_BASE } from './time';

export const TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const TOOL_PARAMETER_TYPES = ['string', 'number', 'boolean'] as const;
export const GROUP_COLORS = ['gray', 'slate', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'purple', 'pink'] as const;
/** Mid-call tools an account may have (the documented plan limit's example). */
export const TOOL_PLAN_LIMIT = 5;

export interface ToolHeader {
	name: string;
	value: string;
}

export interface ToolParameter {
	name: string;
	type: (typeof TOOL_PARAMETER_TYPES)[number];
	description: string;
}

export interface Tool {
	id: number;
	user_id: number;
	name: string;
	description: string;
	endpoint: string;
	method: (typeof TOOL_METHODS)[number];
	timeout: number;
	headers: ToolHeader[];
	schema: ToolParameter[];
	created_at: number;
	updated_at: number;
}

export type GroupKind = 'folder' | 'label';

/** A folder or a label: the same record, for assistants only. */
export interface Group {
	id: number;
	user_id: number;
	kind: GroupKind;
	name: string;
	color: string | null;
	created_at: number;
	updated_at: number;
}

export class CatalogStore {
	readonly tools: Tool[] = [];
	readonly groups: Group[] = [];
	/** assistant id → its folder id */
	private folderOfAssistant = new Map<number, number>();
	/** assistant id → its label ids */
	private labelsOfAssistant = new Map<number, number[]>();
	/** assistant id → its mid-call tool ids */
	private toolsOfAssistant = new Map<number, number[]>();
	private nextTool = 1;
	private nextGroup: Record<GroupKind, number> = { folder: 1, label: 1 };

	/** Re-seeds: alice (user 1) has two tools, two folders and two labels, bob (user 2) one of each. */
	load(): void {
		this.tools.length = 0;
		this.groups.length = 0;
		this.folderOfAssistant.clear();
		this.labelsOfAssistant.clear();
		this.toolsOfAssistant.clear();
		const at = (days: number) => SEED_BASE - days * DAY;
		const tool = (id: number, user_id: number, fields: Omit<Tool, 'id' | 'user_id' | 'created_at' | 'updated_at'>): Tool => ({
			id,
			user_id,
			...fields,
			created_at: at(30 - id),
			updated_at: at(30 - id),
		});
		this.tools.push(
			tool(1, 1, {
				name: 'check_availability',
				description: 'Checks free appointment slots for a day',
				endpoint: 'https://tools.example.com/availability',
				method: 'GET',
				timeout: 10,
				headers: [{ name: 'X-Api-Key', value: 'seeded-alice-tool-key' }],
				schema: [{ name: 'date', type: 'string', description: 'The day to check, as YYYY-MM-DD' }],
			}),
			tool(2, 1, {
				name: 'book_appointment',
				description: 'Books an appointment for the caller',
				endpoint: 'https://tools.example.com/book',
				method: 'POST',
				timeout: 15,
				headers: [],
				schema: [
					{ name: 'date', type: 'string', description: 'The day, as YYYY-MM-DD' },
					{ name: 'attendees', type: 'number', description: 'How many people come' },
					{ name: 'confirmed', type: 'boolean', description: 'Whether the caller confirmed' },
				],
			}),
			tool(3, 2, {
				name: 'lookup_order',
				description: 'Looks up an order by its number',
				endpoint: 'https://bob.example.com/orders',
				method: 'POST',
				timeout: 10,
				headers: [],
				schema: [{ name: 'order_number', type: 'string', description: 'The order number the caller reads out' }],
			}),
		);
		const group = (id: number, user_id: number, kind: GroupKind, name: string, color: string | null): Group => ({
			id,
			user_id,
			kind,
			name,
			color,
			created_at: at(20 - id),
			updated_at: at(20 - id),
		});
		this.groups.push(
			group(1, 1, 'folder', 'Sales', 'blue'),
			group(2, 1, 'folder', 'Support', null),
			group(3, 2, 'folder', 'Bob Folder', 'green'),
			group(1, 1, 'label', 'VIP', 'red'),
			group(2, 1, 'label', 'Test', 'gray'),
			group(3, 2, 'label', 'Austria', 'teal'),
		);
		// alice's Sales Outreach (1) and Appointment Reminder (3) are in Sales, Reception (2) in Support;
		// Sales Outreach is VIP and uses both of her tools; Bob's Dialer (13) is in his folder.
		this.folderOfAssistant.set(1, 1).set(3, 1).set(2, 2).set(13, 3);
		this.labelsOfAssistant.set(1, [1]).set(3, [1, 2]).set(13, [3]);
		this.toolsOfAssistant.set(1, [1, 2]).set(13, [3]);
		this.nextTool = 4;
		this.nextGroup = { folder: 4, label: 4 };
	}

	toolOf(userId: number, id: unknown): Tool | undefined {
		return this.tools.find((t) => t.id === Number(id) && t.user_id === userId);
	}

	toolsOf(userId: number): Tool[] {
		return this.tools.filter((t) => t.user_id === userId);
	}

	addTool(fields: Omit<Tool, 'id' | 'created_at' | 'updated_at'>): Tool {
		const now = Date.now();
		const tool: Tool = { id: this.nextTool++, ...fields, created_at: now, updated_at: now };
		this.tools.push(tool);
		return tool;
	}

	/** Removes the tool from the account and from every assistant that used it. */
	removeTool(tool: Tool): void {
		this.tools.splice(this.tools.indexOf(tool), 1);
		for (const [assistant, ids] of this.toolsOfAssistant) this.toolsOfAssistant.set(assistant, ids.filter((id) => id !== tool.id));
	}

	groupOf(userId: number, kind: GroupKind, id: unknown): Group | undefined {
		return this.groups.find((g) => g.kind === kind && g.id === Number(id) && g.user_id === userId);
	}

	groupsOf(userId: number, kind: GroupKind): Group[] {
		return this.groups.filter((g) => g.kind === kind && g.user_id === userId).sort((a, b) => a.id - b.id);
	}

	/** Another record of the account with this name (names are unique per account and kind). */
	nameTaken(userId: number, kind: GroupKind, name: string, except?: Group): boolean {
		return this.groups.some((g) => g !== except && g.kind === kind && g.user_id === userId && g.name === name);
	}

	addGroup(userId: number, kind: GroupKind, name: string, color: string | null): Group {
		const now = Date.now();
		const group: Group = { id: this.nextGroup[kind]++, user_id: userId, kind, name, color, created_at: now, updated_at: now };
		this.groups.push(group);
		return group;
	}

	/** Removes a folder (its assistants become uncategorised) or a label (taken off its assistants). */
	removeGroup(group: Group): void {
		this.groups.splice(this.groups.indexOf(group), 1);
		if (group.kind === 'folder') {
			for (const [assistant, folder] of this.folderOfAssistant) if (folder === group.id) this.folderOfAssistant.delete(assistant);
		} else {
			for (const [assistant, ids] of this.labelsOfAssistant) this.labelsOfAssistant.set(assistant, ids.filter((id) => id !== group.id));
		}
	}

	/** The assistants (of those given: the account's live ones) in a folder or carrying a label. */
	assistantsCount(group: Group, assistantIds: number[]): number {
		return assistantIds.filter((id) =>
			group.kind === 'folder' ? this.folderOfAssistant.get(id) === group.id : (this.labelsOfAssistant.get(id) ?? []).includes(group.id),
		).length;
	}

	/** An assistant's `folder_id` (null: uncategorised). */
	folderIdOf(assistantId: number): number | null {
		return this.folderOfAssistant.get(assistantId) ?? null;
	}

	labelIdsOf(assistantId: number): number[] {
		return [...(this.labelsOfAssistant.get(assistantId) ?? [])];
	}

	toolIdsOf(assistantId: number): number[] {
		return [...(this.toolsOfAssistant.get(assistantId) ?? [])];
	}

	/** Assistant create/update: what `folder_id`, `label_ids` and `tool_ids` say (undefined: unchanged). */
	assign(assistantId: number, to: { folderId?: number | null; labelIds?: number[]; toolIds?: number[] }): void {
		if (to.folderId === null) this.folderOfAssistant.delete(assistantId);
		else if (to.folderId !== undefined) this.folderOfAssistant.set(assistantId, to.folderId);
		if (to.labelIds !== undefined) this.labelsOfAssistant.set(assistantId, [...new Set(to.labelIds)]);
		if (to.toolIds !== undefined) this.toolsOfAssistant.set(assistantId, [...new Set(to.toolIds)]);
	}
}

/** What an assistant write (2026 form) says of its folder, labels and tools; undefined: not sent, unchanged. */
export interface Assignment {
	folderId?: number | null;
	labelIds?: number[];
	toolIds?: number[];
}

export function assignmentOf(extras: Record<string, unknown>): Assignment {
	const ids = (value: unknown) => (Array.isArray(value) ? value.map(Number) : undefined);
	return {
		folderId: extras.folder_id === undefined ? undefined : extras.folder_id === null ? null : Number(extras.folder_id),
		labelIds: ids(extras.label_ids),
		toolIds: ids(extras.tool_ids),
	};
}

/** `folder_id`, `label_ids`, `tool_ids` naming records the account does not have, in Laravel's words. */
export function assignmentErrors(catalog: CatalogStore, userId: number, extras: Record<string, unknown>): Array<[string, string]> {
	const errors: Array<[string, string]> = [];
	const folder = extras.folder_id;
	if (folder !== undefined && folder !== null && !catalog.groupOf(userId, 'folder', folder)) errors.push(['folder_id', 'The selected folder id is invalid.']);
	const several = (key: string, exists: (id: unknown) => boolean) => {
		const list = extras[key];
		if (Array.isArray(list) && list.some((id) => typeof id !== 'number' || !exists(id))) errors.push([key, `The selected ${key.replace(/_/g, ' ')} is invalid.`]);
	};
	several('label_ids', (id) => catalog.groupOf(userId, 'label', id) !== undefined);
	several('tool_ids', (id) => catalog.toolOf(userId, id) !== undefined);
	return errors;
}

/** A tool as the API shows it (headers as stored: the platform returns their values). */
export function toolRecord(tool: Tool) {
	return {
		id: tool.id,
		name: tool.name,
		description: tool.description,
		endpoint: tool.endpoint,
		method: tool.method,
		timeout: tool.timeout,
		headers: tool.headers.map((h) => ({ ...h })),
		schema: tool.schema.map((p) => ({ ...p })),
		created_at: isoMicros(tool.created_at),
		updated_at: isoMicros(tool.updated_at),
	};
}

export function groupRecord(group: Group, assistantsCount: number) {
	return { id: group.id, name: group.name, color: group.color, assistants_count: assistantsCount };
}
