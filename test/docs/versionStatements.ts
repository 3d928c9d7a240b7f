import type { NodeName } from './shippedVersions';

/**
 * Finds what a Markdown text says about node versions: every "version N" (also "versions 1 to 3",
 * "version 1 or 2", "version-1 trigger"), which node it is about, and whether it claims to be the
 * version the editor adds ("New triggers are version 4", "version 2 (default)", "the editor adds
 * … version 2"). Prose is ambiguous, so the rules are few and explicit:
 *
 * - a version with a decimal point (n8n's Respond to Webhook 1.1) is never ours: ours are integers;
 * - the node is the one named closest before the mention in the same sentence ("the polling
 *   trigger's version 2"), or right after it ("version-1 trigger", "version 1 of that node"); else the
 *   node of the section's heading; else the file's (trigger-details.md is about the trigger); else
 *   unknown. n8n's own nodes ("that node", Tools Agent, Webhook node, Form Trigger …) are "other";
 * - a claim is one of a few fixed phrases; "the editor adds …" and "new triggers are …" claim the
 *   mentions after them up to a colon, semicolon, bracket or a clause that compares ("which",
 *   "than", "since" …); "(default)" and ", the one the editor adds" claim the mention just before.
 */

export type Subject = NodeName | 'other' | 'unknown';

export interface VersionStatement {
	line: number;
	/** the sentence, for the failure message */
	sentence: string;
	subject: Subject;
	versions: number[];
	claimsNewest: boolean;
}

const SUBJECTS: Array<[Exclude<Subject, 'unknown'>, RegExp]> = [
	['other', /Respond to Webhook|Tools? Agent|Tool Executor|Webhook node|(?:Form|Chat|Schedule|Manual|Execute Workflow) Trigger|Wait node|Code node|that node|Node\.?js|\bNode \d|\bnpm\b|\bn8n \d/gi],
	['polling', /polling trigger/gi],
	['trigger', /\btrigger(?:'s|s)?\b/gi],
	['action', /\baction node\b|\bVoice Assistant node\b|\bVoice Assistant Tool\b/gi],
];

const MENTION = /\bversions?[\s-]+(\d+(?:\.\d+)*)((?:\s*(?:,|and|or|to|–)\s*(?:version\s+)?\d+(?:\.\d+)*\b(?!\.\d))*)/gi;

/** Phrases that claim the mentions after them (up to a stop). */
const CLAIM_BEFORE = /\b(?:the editor adds|new (?:triggers|nodes|workflows) (?:are|get|use)|(?:newest|latest) (?:is|are))\b/gi;
const CLAIM_STOP = /[:;(]|\b(?:which|than|from|since|before|after|unlike|keep|kept|earlier|older)\b/i;
/** Phrases that claim the mention just before them. */
const CLAIM_AFTER = /^\s*(?:\((?:the )?default\)|,? the one the editor adds|\(the one the editor adds\)|,? (?:is|are) the (?:default|newest|latest))/i;

interface Found {
	start: number;
	end: number;
	subject: Exclude<Subject, 'unknown'>;
}

function subjectsIn(text: string): Found[] {
	const found: Found[] = [];
	for (const [subject, pattern] of SUBJECTS) {
		for (const m of text.matchAll(pattern)) {
			const start = m.index;
			const end = start + m[0].length;
			// the first list wins where names overlap ("Form Trigger" over "Trigger", "polling trigger's" over "trigger's")
			if (found.some((f) => f.start < end && start < f.end)) continue;
			found.push({ start, end, subject });
		}
	}
	return found;
}

function lastSubject(text: string): Exclude<Subject, 'unknown'> | undefined {
	return subjectsIn(text)
		.sort((a, b) => a.end - b.end)
		.at(-1)?.subject;
}

/** A node named right after the mention: "version-1 trigger", "version 1 of that node". */
function subjectRightAfter(rest: string): Exclude<Subject, 'unknown'> | undefined {
	const next = /^(?:-|\s+)(?:of\s+(?:the\s+|its\s+)?)?([^.,;:()]{0,40})/.exec(rest);
	return next ? subjectsIn(next[1]).find((found) => found.start === 0)?.subject : undefined;
}

function versionsOf(first: string, tail: string): number[] | undefined {
	const numbers = [first, ...(tail.match(/\d+(?:\.\d+)*/g) ?? [])];
	if (numbers.some((n) => n.includes('.'))) return undefined;
	const values = numbers.map(Number);
	// "versions 1 to 3": every version between
	if (values.length === 2 && /\bto\b|–/.test(tail)) return Array.from({ length: values[1] - values[0] + 1 }, (_, i) => values[0] + i);
	return values;
}

/** Splits prose into sentences with the line each starts on; code blocks, inline code and tables' pipes aside. */
function sentencesOf(markdown: string): Array<{ line: number; text: string; heading: string }> {
	const out: Array<{ line: number; text: string; heading: string }> = [];
	let heading = '';
	let inFence = false;
	let paragraph: { line: number; text: string } | undefined;
	const flush = () => {
		if (!paragraph) return;
		const parts = paragraph.text.split(/(?<=[.!?])\s+(?=[A-Z*_`"(])/);
		for (const text of parts) out.push({ line: paragraph.line, text, heading });
		paragraph = undefined;
	};
	markdown.split('\n').forEach((raw, i) => {
		if (/^\s*```/.test(raw)) {
			flush();
			inFence = !inFence;
			return;
		}
		if (inFence) return;
		const text = raw.replace(/`[^`]*`/g, '``');
		if (/^#+\s/.test(text)) {
			flush();
			heading = text.replace(/^#+\s+/, '');
			return;
		}
		// a table row or a list item starts a new paragraph
		if (text.trim() === '' || /^\s*\|/.test(text) || /^\s*(?:[-*]|\d+\.)\s/.test(text)) flush();
		if (text.trim() === '') return;
		if (/^\s*\|/.test(text)) {
			for (const cell of text.split('|')) if (cell.trim()) out.push({ line: i + 1, text: cell.trim(), heading });
			return;
		}
		paragraph = paragraph ? { ...paragraph, text: `${paragraph.text} ${text.trim()}` } : { line: i + 1, text: text.trim() };
	});
	flush();
	return out;
}

/** Every statement about a node version in one Markdown file; `fileSubject` is what the file is about, if one node. */
export function versionStatements(markdown: string, fileSubject?: NodeName): VersionStatement[] {
	const statements: VersionStatement[] = [];
	for (const { line, text, heading } of sentencesOf(markdown)) {
		const claimedFrom = [...text.matchAll(CLAIM_BEFORE)].map((m) => m.index + m[0].length);
		for (const m of text.matchAll(MENTION)) {
			const versions = versionsOf(m[1], m[2]);
			if (!versions) continue;
			const start = m.index;
			const end = start + m[0].length;
			const subject: Subject =
				subjectRightAfter(text.slice(end)) ??
				lastSubject(text.slice(0, start)) ??
				(heading ? lastSubject(heading) : undefined) ??
				fileSubject ??
				'unknown';
			const claimBefore = claimedFrom.some((from) => from <= start && !CLAIM_STOP.test(text.slice(from, start)));
			const claimAfter = CLAIM_AFTER.test(text.slice(end));
			statements.push({ line, sentence: text, subject, versions, claimsNewest: claimBefore || claimAfter });
		}
	}
	return statements;
}
