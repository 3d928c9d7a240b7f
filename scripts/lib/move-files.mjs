#!/usr/bin/env node
// Moves files with `git mv` and rewrites every reference to them: relative imports (and any quoted
// './…' or '../…' string that names a file) in the code of nodes/, credentials/, test/, sandbox/,
// scripts/ and bench/, and paths written out in full ('nodes/VoiceAssistant/…') or from the node's
// folder ('polling/sweep.ts') in code, comments and docs. A maintenance tool, kept for the next move.
//
//   node scripts/lib/move-files.mjs <list>      <list>: a JSON file of [["from", "to"], …], repo-relative;
//                                               a folder moves with everything under it; a file listed
//                                               before its folder goes where it says
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const NODE_DIR = 'nodes/VoiceAssistant';
const CODE_DIRS = ['nodes', 'credentials', 'test', 'sandbox', 'scripts', 'bench'];
const TEXT_DIRS = [...CODE_DIRS, 'docs'];
const CODE = /\.(ts|mts|js|mjs|cjs)$/;
const TEXT = /\.(ts|mts|js|mjs|cjs|md|json)$/;
const EXTENSIONS = ['', '.ts', '.js', '.mjs', '.json', '/index.ts', '/index.js'];

const walk = (dir) =>
	!existsSync(dir)
		? []
		: readdirSync(dir).flatMap((name) => {
				if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
				const path = join(dir, name);
				return statSync(path).isDirectory() ? walk(path) : [path];
			});
const rel = (path) => relative(ROOT, path).split(sep).join('/');

const moves = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean));

// Every tracked file's new place.
const newPlace = new Map();
for (const file of tracked) {
	// the first move that names a file (or a folder above it) decides: list a file before its folder
	const move = moves.find(([from]) => file === from || file.startsWith(`${from}/`));
	if (move) newPlace.set(file, move[1] + file.slice(move[0].length));
}
const placeOf = (file) => newPlace.get(file) ?? file;

// What a relative specifier in `file` names, before the move (a tracked file), or undefined.
function target(file, spec) {
	const base = join(dirname(file), spec);
	for (const ext of EXTENSIONS) {
		const candidate = rel(resolve(ROOT, base + ext));
		if (tracked.has(candidate)) return { file: candidate, ext };
	}
	return undefined;
}

function respecify(fromFile, spec) {
	const found = target(fromFile, spec);
	if (!found) return spec;
	const movedTo = placeOf(found.file);
	const ownPlace = placeOf(fromFile);
	if (movedTo === found.file && ownPlace === fromFile) return spec;
	const withoutExt = found.ext ? movedTo.slice(0, movedTo.length - found.ext.length) : movedTo;
	let next = relative(dirname(ownPlace), withoutExt).split(sep).join('/');
	if (!next.startsWith('.')) next = `./${next}`;
	return next;
}

// Paths written out: longest first, so 'polling/platform2/poll.ts' wins over 'polling/poll.ts'.
const written = [];
for (const [file, to] of newPlace) {
	written.push([file, to]);
	if (file.startsWith(`${NODE_DIR}/`)) written.push([file.slice(NODE_DIR.length + 1), to.slice(NODE_DIR.length + 1)]);
	if (file.startsWith(`${NODE_DIR}/`) && /\.ts$/.test(file)) written.push([`dist/${file.replace(/\.ts$/, '.js')}`, `dist/${to.replace(/\.ts$/, '.js')}`]);
}
for (const [from, to] of moves) {
	written.push([`${from}/`, `${to}/`]);
	if (from.startsWith(`${NODE_DIR}/`)) written.push([`${from.slice(NODE_DIR.length + 1)}/`, `${to.slice(NODE_DIR.length + 1)}/`]);
}
written.sort((a, b) => b[0].length - a[0].length);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const writtenPattern = new RegExp(`(?<![\\w./-])(${written.map(([from]) => escape(from)).join('|')})`, 'g');
const writtenMap = new Map(written);

let changed = 0;
for (const path of TEXT_DIRS.flatMap((dir) => walk(join(ROOT, dir))).filter((path) => TEXT.test(path))) {
	const file = rel(path);
	if (!tracked.has(file) || file === 'scripts/lib/move-files.mjs') continue;
	const before = readFileSync(path, 'utf8');
	let after = before;
	if (CODE.test(file)) after = after.replace(/(['"`])(\.\.?\/[^'"`\s]*)\1/g, (all, quote, spec) => `${quote}${respecify(file, spec)}${quote}`);
	after = after.replace(writtenPattern, (from) => writtenMap.get(from));
	if (after !== before) {
		writeFileSync(path, after);
		changed++;
	}
}
for (const [from, to] of moves) {
	execFileSync('mkdir', ['-p', dirname(join(ROOT, to))]);
	execFileSync('git', ['mv', from, to], { cwd: ROOT });
}
console.log(`moved ${newPlace.size} files; rewrote references in ${changed}`);
