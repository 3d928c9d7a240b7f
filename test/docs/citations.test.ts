/**
 * A comment that cites a document or data file sends the reader there, so the file must be in the
 * repository: a citation of notes kept elsewhere (a spec folder beside the checkout) leads nowhere for
 * anyone who clones it. Comments are read with TypeScript's own scanner, so a URL or a file name in
 * code (a string, a path being built) is not taken for a citation.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '../..');
const SEARCHED = ['nodes', 'sandbox', 'scripts', 'test'];
const SOURCE = new Set(['.ts', '.mts', '.js', '.mjs', '.cjs']);

function sourceFiles(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return SOURCE.has(extname(name)) ? [path] : [];
	});
}

/** Every comment of a file, each once, with the line it starts on. */
function commentsOf(path: string): Array<{ line: number; text: string }> {
	const text = readFileSync(path, 'utf8');
	const kind = /\.[mc]?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
	const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
	const ranges = new Map<number, ts.CommentRange>();
	const collect = (position: number) => {
		for (const range of [...(ts.getLeadingCommentRanges(text, position) ?? []), ...(ts.getTrailingCommentRanges(text, position) ?? [])]) ranges.set(range.pos, range);
	};
	const visit = (node: ts.Node) => {
		collect(node.pos);
		collect(node.end);
		ts.forEachChild(node, visit);
	};
	visit(source);
	collect(source.endOfFileToken.pos);
	return [...ranges.values()].map((range) => ({ line: source.getLineAndCharacterOfPosition(range.pos).line + 1, text: text.slice(range.pos, range.end) }));
}

/** The `*.md` and `*.json` files a comment names; web addresses are sources, not files here. */
function citedFiles(comment: string): string[] {
	const withoutUrls = comment.replace(/\b[a-z][a-z+.-]*:\/\/\S+/gi, ' ');
	return [...withoutUrls.matchAll(/[\w.@/-]*[\w-]\.(?:md|json)\b/g)].map(([file]) => file.replace(/^\.\//, ''));
}

/** The files a clean clone has (git's index), and the outputs the project writes itself (.gitignore's plain paths). */
const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean));
const written = new Set(
	readFileSync(join(ROOT, '.gitignore'), 'utf8')
		.split('\n')
		.map((line) => line.trim().replace(/^\//, ''))
		.filter((line) => line !== '' && !line.startsWith('#') && !/[*!]/.test(line)),
);

/**
 * A citation resolves from the repository's root, from docs/, or from the citing file's folder, to a
 * file a clean clone has or one the project writes (bench/last-run.json): a local untracked file does not count.
 */
function resolves(file: string, citingFile: string): boolean {
	return [ROOT, join(ROOT, 'docs'), dirname(citingFile)].some((base) => {
		const inRepo = relative(ROOT, join(base, file));
		return tracked.has(inRepo) || written.has(inRepo) || (existsSync(join(base, file)) && statSync(join(base, file)).isDirectory());
	});
}

const citations = SEARCHED.flatMap((folder) => sourceFiles(join(ROOT, folder))).flatMap((path) =>
	commentsOf(path).flatMap(({ line, text }) => citedFiles(text).map((file) => ({ where: `${relative(ROOT, path)}:${line}`, path, file }))),
);

describe('files cited in comments', () => {
	it('finds citations to check (the scanner reads comments)', () => {
		expect(citations.length).toBeGreaterThanOrEqual(20);
		expect(citations.some((citation) => citation.file === 'docs/platform-facts.md')).toBe(true);
	});

	it('every *.md and *.json a comment in nodes/, sandbox/, scripts/ or test/ cites is in the repository', () => {
		const missing = citations.filter((citation) => !resolves(citation.file, citation.path)).map((citation) => `${citation.where}: ${citation.file}`);
		expect(missing).toEqual([]);
	});
});
