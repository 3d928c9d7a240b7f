/**
 * The AI-agent guard by rule (issue #36): beside the catalogue's paid, irreversible and confirm flags,
 * every Platform 2.0 operation that deletes, removes, releases, revokes, archives, cancels, transfers
 * ownership, changes roles or access, or creates credentials needs "Allow When Called by an AI Agent".
 * The kinds are stated here again, plainly, over the whole catalogue (nodes/VoiceAssistant/actions/platform2/catalog/operations.json) and counted; each
 * operation found must be guarded in the built node. docs/ai-agents.md lists them, checked against the node.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { AnyOperation } from '../../nodes/VoiceAssistant/engine/operation';
import { PLATFORM2_RESOURCES } from '../../nodes/VoiceAssistant/actions/platform2/resources';

interface Entry {
	id: string;
	method: string;
	path: string;
	summary: string;
	paid: boolean;
	irreversible: boolean;
	flags: string[];
	body: { fields: Array<{ name: string; enum?: unknown[] }> | null } | null;
}

const root = join(__dirname, '..', '..');
const catalogue = (JSON.parse(readFileSync(join(root, 'nodes/VoiceAssistant/actions/platform2/catalog/operations.json'), 'utf8')) as { operations: Entry[] }).operations;
const built = new Map<string, { op: AnyOperation; resource: string }>(PLATFORM2_RESOURCES.flatMap((resource) => resource.operations.map((op) => [op.value, { op, resource: resource.name }] as const)));
const optIn = (id: string) => built.get(id)?.op.write?.agent?.needsOptIn;
const guarded = catalogue.filter((entry) => optIn(entry.id) !== undefined);
const actions = (entry: Entry) => (entry.body?.fields ?? []).find((field) => field.name === 'action')?.enum?.map(String) ?? [];

/** The kinds of issue #36, each as a plain statement over the catalogue, with how many operations it finds. */
const KINDS: Array<[kind: string, count: number, test: (entry: Entry) => boolean]> = [
	['uses the DELETE method', 47, (e) => e.method === 'DELETE'],
	['is named delete/remove/erase/disconnect … (any method)', 43, (e) => /^(delete|remove|erase|disconnect)[A-Z]/.test(e.id)],
	['releases', 1, (e) => /^release[A-Z]/.test(e.id)],
	['revokes or signs out', 4, (e) => /^(revoke|logout|signOut)[A-Z]/.test(e.id)],
	['archives', 1, (e) => /^archive[A-Z]/.test(e.id)],
	['cancels (by name, summary or an action)', 4, (e) => /^cancel[A-Z]/.test(e.id) || /\bcancel/i.test(e.summary) || actions(e).some((a) => a.startsWith('cancel'))],
	['transfers ownership or balance', 2, (e) => /^transfer[A-Z]/.test(e.id)],
	['changes roles or access (a member\'s role, ownership, a password, a passkey, an account session)', 5, (e) => e.method !== 'GET' && /Role|Ownership|Password|Passkey|AccountSession/.test(e.id)],
	['creates credentials (a secret shown once, or minting a key or token)', 5, (e) => e.flags.includes('secretOnce') || /\bmints?\b/i.test(e.summary)],
	['has an action that deletes or removes', 3, (e) => actions(e).some((a) => /^(delete|remove)$|_remove$/.test(a))],
	['costs credits, cannot be undone or needs a confirmation (the catalogue\'s flags)', 27, (e) => e.paid || e.irreversible || e.flags.includes('confirm')],
];

describe('the guarded kinds, over the whole catalogue', () => {
	it.each(KINDS)('every operation that %s is guarded', (_kind, count, test) => {
		const found = catalogue.filter(test);
		expect(found).toHaveLength(count);
		expect(found.filter((entry) => optIn(entry.id) === undefined).map((entry) => entry.id)).toEqual([]);
	});

	it('counts: 86 of 425 operations need the switch (27 by the catalogue\'s flags, 59 more by rule), no read among them', () => {
		const byKinds = catalogue.filter((entry) => KINDS.some(([, , test]) => test(entry)));
		console.log(`guarded: ${guarded.length} of ${catalogue.length}; found by the kinds stated here: ${byKinds.length}`);
		expect(catalogue).toHaveLength(425);
		expect(guarded).toHaveLength(86);
		expect(guarded.filter((entry) => entry.method === 'GET')).toEqual([]);
		// the rule also guards: a stored connection credential, a live call's listen token, a merge (its source
		// contact is removed), a mission's webhook secret
		expect(guarded.filter((entry) => !byKinds.includes(entry)).map((entry) => entry.id).sort()).toEqual([
			'createAutomationConnection',
			'liveCallControl',
			'mergeAudienceContacts',
			'setRoutineWebhookSecret',
		]);
	});

	it('everyday writes stay open to an agent: creating and updating records, starting and stopping campaigns', () => {
		for (const id of ['createAssistant', 'updateAssistant', 'createCampaign', 'startCampaign', 'stopCampaign', 'addLeads', 'addSuppressionEntry', 'createSupportRequest']) {
			expect([id, optIn(id)]).toEqual([id, undefined]);
		}
		const openWrites = catalogue.filter((entry) => entry.method !== 'GET' && optIn(entry.id) === undefined);
		expect(openWrites.length).toBe(245 - 86);
	});

	it('the reason says what the operation does, in the words the agent reads', () => {
		expect(optIn('deleteKnowledgeBase')).toBe('it deletes or removes something on the platform');
		expect(optIn('updateTeamMemberRole')).toBe('it changes who may do what (roles, passwords, sign-ins)');
		expect(optIn('transferWorkspaceOwnership')).toBe('it hands something over to someone else and it changes who may do what (roles, passwords, sign-ins)');
		expect(optIn('createApiKey')).toBe('it creates credentials (API keys, tokens, secrets)');
		expect(optIn('releasePhoneNumber')).toBe('it gives up something the workspace holds');
		expect(optIn('deleteAssistant')).toBe('it cannot be undone and it deletes or removes something on the platform');
	});
});

/**
 * The table docs/ai-agents.md holds between its markers, as the node builds it: by the API's group and
 * operation ID (what the editor's Operation value and Famulor's API reference call it), with the reason.
 */
function guardedTable(): string {
	const tagOf = (entry: Entry) => (entry as Entry & { tag: string }).tag;
	const rows = guarded
		.map((entry) => ({ tag: tagOf(entry), id: entry.id, why: optIn(entry.id)! }))
		.sort((a, b) => (a.tag === b.tag ? (a.id < b.id ? -1 : 1) : a.tag < b.tag ? -1 : 1))
		.map((row) => `| ${row.tag} | \`${row.id}\` | ${row.why} |`);
	return ['| API group | Operation | Why an agent needs your switch |', '|---|---|---|', ...rows].join('\n');
}

it('docs/ai-agents.md lists every guarded 2.0 operation with its reason, as the node has them', () => {
	const doc = readFileSync(join(root, 'docs/ai-agents.md'), 'utf8');
	const listed = /<!-- guarded-operations:start -->\n([\s\S]*?)\n<!-- guarded-operations:end -->/.exec(doc)?.[1];
	if (listed !== guardedTable()) console.log(`docs/ai-agents.md should hold, between its markers:\n${guardedTable()}`);
	expect(listed).toBe(guardedTable());
});
