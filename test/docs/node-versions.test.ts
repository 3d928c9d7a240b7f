/**
 * Every node version the README and docs/*.md name is one the build ships, and every "this is the
 * version the editor adds" names the newest one: read from the node classes, not from a list kept
 * here, so a new version makes the docs that still call the old one the newest fail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { shippedVersions, type NodeName } from './shippedVersions';
import { versionStatements, type VersionStatement } from './versionStatements';

const ROOT = join(__dirname, '../..');
const shipped = shippedVersions();

/** Files about one node: a bare "version 2" there is that node's. */
const FILE_SUBJECTS: Record<string, NodeName> = {
	'docs/trigger-details.md': 'trigger',
	'docs/polling-trigger.md': 'polling',
	'docs/operations.md': 'action',
	'docs/endpoints.md': 'action',
	'docs/api-generations.md': 'action',
	'docs/wait-for-call.md': 'action',
	'docs/calling-rules.md': 'action',
	'docs/ai-agents.md': 'action',
};

const documents = ['README.md', ...readdirSync(join(ROOT, 'docs'))
	.filter((name) => name.endsWith('.md'))
	.map((name) => `docs/${name}`)];

const statements = documents.flatMap((file) =>
	versionStatements(readFileSync(join(ROOT, file), 'utf8'), FILE_SUBJECTS[file]).map((statement) => ({ file, ...statement })),
);

const where = (s: VersionStatement & { file: string }) => `${s.file}:${s.line}: ${s.sentence}`;
const ours = <S extends VersionStatement>(s: S): s is S & { subject: NodeName } => s.subject in shipped;

describe('node versions in the README and docs', () => {
	it('the build ships what these tests expect to find (action 2, trigger 4, polling trigger 2 are the newest today)', () => {
		// Not the check itself (that reads the build); a reminder of what the docs are compared with.
		expect(Object.values(shipped).every((node) => node.versions.includes(node.newest))).toBe(true);
	});

	it('finds version statements to check in the README and in docs/', () => {
		expect(statements.filter((s) => s.file === 'README.md' && ours(s)).length).toBeGreaterThanOrEqual(5);
		expect(statements.filter((s) => s.file.startsWith('docs/') && ours(s)).length).toBeGreaterThanOrEqual(10);
	});

	it('every version named for one of the nodes is one the build ships', () => {
		const wrong = statements
			.filter(ours)
			.filter((s) => s.versions.some((v) => !shipped[s.subject].versions.includes(v)))
			.map((s) => `${s.subject} ships ${shipped[s.subject].versions.join(', ')}; ${where(s)}`);
		expect(wrong).toEqual([]);
	});

	it('a version whose node the sentence does not say is still one some node ships', () => {
		const all = new Set(Object.values(shipped).flatMap((node) => node.versions));
		const wrong = statements.filter((s) => s.subject === 'unknown' && s.versions.some((v) => !all.has(v))).map(where);
		expect(wrong).toEqual([]);
	});

	it('"the editor adds" / "new triggers are" / "(default)" name the newest version, and say of which node', () => {
		const claims = statements.filter((s) => s.claimsNewest);
		const wrong = claims
			.filter((s) => !ours(s) ? s.subject === 'unknown' : s.versions.some((v) => v !== shipped[s.subject].newest))
			.map((s) => (ours(s) ? `${s.subject}'s newest is ${shipped[s.subject].newest}; ${where(s)}` : `which node? ${where(s)}`));
		expect(wrong).toEqual([]);
	});

	it('the README says which version the editor adds, for each of the three nodes', () => {
		const said = new Set(statements.filter((s) => s.file === 'README.md' && s.claimsNewest && ours(s)).map((s) => s.subject));
		expect([...said].sort()).toEqual(['action', 'polling', 'trigger']);
	});
});

describe('the version finder', () => {
	const find = (text: string, subject?: NodeName) =>
		versionStatements(text, subject).map(({ subject: about, versions, claimsNewest }) => ({ about, versions, claimsNewest }));

	it('reads the node from the sentence, the heading or the file, and leaves n8n\'s own nodes alone', () => {
		expect(find("Both match: the polling trigger's version 2 matches the webhook trigger's version 4.")).toEqual([
			{ about: 'polling', versions: [2], claimsNewest: false },
			{ about: 'trigger', versions: [4], claimsNewest: false },
		]);
		expect(find('## The trigger\n\nVersions 1 to 3 keep their wider record.')).toEqual([{ about: 'trigger', versions: [1, 2, 3], claimsNewest: false }]);
		expect(find('Nodes saved at version 1 keep it.', 'action')).toEqual([{ about: 'action', versions: [1], claimsNewest: false }]);
		expect(find('A version-1 trigger does not offer it.')).toEqual([{ about: 'trigger', versions: [1], claimsNewest: false }]);
		expect(find('Only the old version 1 of that node works with triggers of version 1 or 2.')).toEqual([
			{ about: 'other', versions: [1], claimsNewest: false },
			{ about: 'trigger', versions: [1, 2], claimsNewest: false },
		]);
		expect(find("n8n's Respond to Webhook node (version 1.1 and later, the one the editor adds) refuses.")).toEqual([]);
		expect(find("n8n 2.41's Tools Agent (version 3) asks.", 'action')).toEqual([{ about: 'other', versions: [3], claimsNewest: false }]);
		expect(find('```\nversion 9\n```\nand `version 9` in code is not prose.')).toEqual([]);
	});

	it('tells a claim of the newest version from a mention of an older one', () => {
		expect(find('1. **Voice Assistant Trigger** (version 3, the one the editor adds), Event')).toEqual([{ about: 'trigger', versions: [3], claimsNewest: true }]);
		expect(find('**Versions.** New triggers are version 4, which differs from version 3 only in Simplify.')).toEqual([
			{ about: 'trigger', versions: [4], claimsNewest: true },
			{ about: 'trigger', versions: [3], claimsNewest: false },
		]);
		expect(find('The editor adds version 4: version 3 with a Simplify of ten fields.', 'trigger')).toEqual([
			{ about: 'trigger', versions: [4], claimsNewest: true },
			{ about: 'trigger', versions: [3], claimsNewest: false },
		]);
		expect(find('three workflows: Voice Assistant Trigger version 2 (default), version 1, and others')).toEqual([
			{ about: 'trigger', versions: [2], claimsNewest: true },
			{ about: 'trigger', versions: [1], claimsNewest: false },
		]);
		expect(find('The editor adds the action node at version 2, the Voice Assistant Trigger at version 4 and the Polling Trigger at version 2: more.')).toEqual([
			{ about: 'action', versions: [2], claimsNewest: true },
			{ about: 'trigger', versions: [4], claimsNewest: true },
			{ about: 'polling', versions: [2], claimsNewest: true },
		]);
	});
});
