/**
 * The counts the README and docs/ state (operations, resources, families, events, guarded operations…)
 * are the package's own: each is read from the node descriptions and the generated catalogue the build
 * ships, so adding an operation or an event makes every sentence that still says the old number fail.
 * One row per statement: the file, the phrase with its numbers as groups, and where the true counts come
 * from. A phrase that is no longer found fails too (reword the row with the sentence, never drop it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { VoiceAssistantPollingTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node';
import { VoiceAssistantTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantTrigger.node';
import { FAMILIES, OPERATIONS } from '../../nodes/VoiceAssistant/actions/platform2/catalog/catalog.generated';
import { operationsKeptApart } from '../../nodes/VoiceAssistant/actions/platform2/keptApart';
import { PLATFORM2_RESOURCES } from '../../nodes/VoiceAssistant/actions/platform2/resources';

const ROOT = join(__dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

const optionsOf = (property: INodeProperties | undefined) => (property?.options ?? []) as INodePropertyOptions[];
const shownFor = (property: INodeProperties, kind: string) => property.displayOptions?.show?.accountKind?.includes(kind) === true;

/** The classic action node's resources and their operations, as the editor lists them. */
function classicOperations(): { resources: number; operations: number } {
	const properties = new VoiceAssistant().description.properties;
	const resources = optionsOf(properties.find((property) => property.name === 'resource'));
	const operations = resources.flatMap((resource) =>
		optionsOf(properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource.value))),
	);
	return { resources: resources.length, operations: operations.length };
}

/** The event dropdown a node shows for one account kind (a node without Account Kind: its only one). */
function events(description: INodeTypeDescription, kind: 'classic' | 'platform2'): string[] {
	const dropdowns = description.properties.filter((property) => property.type === 'options' && /event/i.test(property.name));
	const dropdown = dropdowns.find((property) => shownFor(property, kind)) ?? (kind === 'classic' ? dropdowns.find((property) => !shownFor(property, 'platform2')) : undefined);
	return optionsOf(dropdown).map((option) => option.name);
}

/** The Voice Assistant Trigger's newest version, the one the editor adds. */
function newestTrigger(): INodeTypeDescription {
	const trigger = new VoiceAssistantTrigger();
	return trigger.nodeVersions[trigger.getLatestVersion()].description;
}

const polling2Events = () => events(new VoiceAssistantPollingTrigger().description, 'platform2').length;

const count = (test: (op: (typeof OPERATIONS)[number]) => unknown) => OPERATIONS.filter(test).length;
const flagged = (flag: NonNullable<(typeof OPERATIONS)[number]['flags']>[number]) => count((op) => op.flags?.includes(flag));
/** The list operations walked in one paging style (Return All), or taking only a Limit. */
const paged = (style: NonNullable<(typeof OPERATIONS)[number]['paging']>['style']) => count((op) => op.paging?.style === style);
const byCatalogueFlags = () => count((op) => op.paid || op.irreversible || op.flags?.includes('confirm'));
/**
 * The 2.0 API operations an AI agent may run only with "Allow When Called by an AI Agent" on. The guarded
 * steps over several API operations (actions/platform2/added.ts: Connect MCP Server) are named beside them.
 */
const apiIds = () => new Set(OPERATIONS.map((op) => op.id));
const guarded = () =>
	PLATFORM2_RESOURCES.flatMap((resource) => resource.operations).filter((op) => apiIds().has(op.value) && op.write?.agent?.needsOptIn !== undefined).length;
/** The guarded steps over several API operations, which the docs name by name. */
const guardedAdded = () => PLATFORM2_RESOURCES.flatMap((resource) => resource.operations).filter((op) => !apiIds().has(op.value) && op.write?.agent?.needsOptIn !== undefined).map((op) => op.name);
const writes = () => count((op) => op.method !== 'GET');

/**
 * Famulor's own node's polling events, as docs/polling-trigger.md's table maps them ("Famulor's event |
 * Here"): a row may hold several, split by " · "; covered "with a filter" when its event here names one.
 */
function famulorEvents(): { all: number; withFilter: number } {
	const table = read('docs/polling-trigger.md').split("| Famulor's event | Here |")[1]?.split('\n\n')[0] ?? '';
	const rows = table.split('\n').slice(2).map((row) => row.split('|').slice(1, 3).map((cell) => cell.trim()));
	const names = (cell: string) => cell.split(' · ').length;
	return {
		all: rows.reduce((sum, [theirs]) => sum + names(theirs), 0),
		withFilter: rows.filter(([, here]) => /\b(Direction|Channel|Outcome):/.test(here)).reduce((sum, [theirs]) => sum + names(theirs), 0),
	};
}

/** [file, the phrase with each stated number as a group, the true numbers in the same order] */
const COUNTS: Array<[file: string, phrase: RegExp, actual: () => number[]]> = [
	['README.md', /all \*\*(\d+) operations\*\* of the 2\.0 API on (\d+) resources/, () => [OPERATIONS.length, PLATFORM2_RESOURCES.length]],
	['README.md', /action node has \*\*(\d+) operations\*\* on (\d+) resources/, () => [classicOperations().operations, classicOperations().resources]],
	['README.md', /it offers (\d+) events, which cover all (\d+) of Famulor's own node/, () => [polling2Events(), famulorEvents().all]],
	['README.md', /on Platform 2\.0, (\d+) events \(\[list\]/, () => [polling2Events()]],
	['README.md', /creates credentials \((\d+) operations, listed in/, () => [guarded()]],
	['docs/platform2.md', /All (\d+) operations of the 2\.0 API, on (\d+) resources/, () => [OPERATIONS.length, PLATFORM2_RESOURCES.length]],
	['docs/platform2.md', /(\d+) operations need a key owned by a user \([^)]*\), (\d+) an owner or admin/, () => [flagged('userKey'), flagged('admin')]],
	['docs/platform2.md', /A record of a known family \((\d+) families/, () => [FAMILIES.length]],
	['docs/platform2.md', /`plan:<add-on>`, (\d+) operations, one notice per add-on/, () => [count((op) => op.addOn)]],
	['docs/platform2.md', /\(`admin`, (\d+) operations/, () => [flagged('admin')]],
	['docs/platform2.md', /\*\*Return All \/ Limit\*\* on the (\d+) paged lists \((\d+) by limit\/offset, (\d+) by cursor\)/, () => [paged('offset') + paged('cursor') + paged('after'), paged('offset'), paged('cursor') + paged('after')]],
	['docs/platform2.md', /The (\w+) limit-only lists/, () => [paged('limitOnly')]],
	['docs/platform2.md', /The (\d+) operations that cost credits, the (\d+) that cannot be undone and the (\d+) that need an explicit/, () => [count((op) => op.paid), count((op) => op.irreversible), flagged('confirm')]],
	['docs/platform2.md', /\((\d+) operations in all; the list with each reason/, () => [guarded()]],
	['docs/platform2.md', /The (\d+) operations the API says never to retry automatically/, () => [flagged('noRetry')]],
	['docs/platform2.md', /^(\w+) operations take a key the client makes up/m, () => [count((op) => op.fields.some((field) => field.idempotencyKey))]],
	['docs/platform2.md', /as in n8n's own nodes\. (\w+) operations keep their Filters \/ Additional Fields to themselves/, () => [operationsKeptApart().size]],
	['docs/ai-agents.md', /(\d+) of the (\d+) operations are guarded \((\d+) by the catalogue's flags, (\d+) by the rule\); every read\s+and (\d+) writes/, () => [guarded(), OPERATIONS.length, byCatalogueFlags(), guarded() - byCatalogueFlags(), writes() - guarded()]],
	['docs/polling-trigger.md', /\*\*Famulor's own node's (\d+) polling events\*\*/, () => [famulorEvents().all]],
	['docs/polling-trigger.md', /all (\d+) are covered, (\d+) by an event of their own and (\d+) by an event\s+with a filter\. The (\d+) events here/, () => [famulorEvents().all, famulorEvents().all - famulorEvents().withFilter, famulorEvents().withFilter, polling2Events()]],
	['docs/polling-trigger.md', /every one of the (\d+) events on a list/, () => [polling2Events()]],
	['docs/scaling.md', /loading the node with the (\d+) Platform 2\.0 operations/, () => [OPERATIONS.length]],
	['docs/sandbox.md', /every one of the (\d+) operations of `nodes\/VoiceAssistant\/actions\/platform2\/catalog\/operations\.json`/, () => [OPERATIONS.length]],
];

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** A stated number: digits (with thousands commas) or a word up to twelve. */
const numberOf = (stated: string) => (/^[\d,]+$/.test(stated) ? Number(stated.replace(/,/g, '')) : WORDS.indexOf(stated.toLowerCase()));

describe('counts in the README and docs', () => {
	it.each(COUNTS.map(([file, phrase, actual]) => [file, phrase.source, phrase, actual] as const))('%s: %s', (file, _source, phrase, actual) => {
		const stated = [...read(file).matchAll(new RegExp(phrase.source, `${phrase.flags}g`))].map((match) => match.slice(1).map(numberOf));
		expect(stated.length).toBeGreaterThan(0);
		for (const numbers of stated) expect(numbers).toEqual(actual());
	});

	it('the docs name every guarded step over several API operations (Connect MCP Server) beside the guarded API operations', () => {
		expect(guardedAdded()).toEqual(['Connect MCP Server']);
		for (const name of guardedAdded()) {
			expect(read('docs/platform2.md')).toMatch(new RegExp(`operations in all; [^)]*\\)\\),\\s+and Tools → ${name}`));
			expect(read('docs/ai-agents.md')).toContain(`**Tools → ${name}**`);
		}
	});

	it("the README's Events row names the webhook trigger's events (its newest version, classic accounts)", () => {
		const row = /^\| Events \| ([^|]+) \|/m.exec(read('README.md'))?.[1] ?? '';
		expect(row.split(',').map((name) => name.trim()).sort()).toEqual(events(newestTrigger(), 'classic').sort());
	});
});
