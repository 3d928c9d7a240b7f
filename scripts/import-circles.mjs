// Lists the import circles among the source files of the repository, or of one folder:
//   node scripts/import-circles.mjs            the whole tree (nodes, credentials, sandbox, test, bench, scripts …)
//   node scripts/import-circles.mjs sandbox    one folder
// Follows every relative import of .ts, .mjs and .js files, `import type`, `export … from` and
// require() included (TypeScript's own pre-processor reads them), since a type-only circle still
// ties the files' layers together. Prints each strongly connected group of files and exits 1 if
// there is one. `npm run check:circles` runs it on the whole tree as part of `npm test`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ts = createRequire(join(repo, 'package.json'))('typescript');
const root = resolve(process.argv[2] ?? repo);

/** Folders that hold no source of ours: installed packages, build output, caches, test results. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'results']);
const SOURCE = /\.(ts|mts|cts|mjs|cjs|js)$/;

const files = [];
(function walk(dir) {
	for (const name of readdirSync(dir)) {
		if (name.startsWith('.') || NOT_SOURCE.has(name)) continue;
		const path = join(dir, name);
		if (statSync(path).isDirectory()) walk(path);
		else if (SOURCE.test(name)) files.push(path);
	}
})(root);

/** The file a relative import names: TypeScript leaves out the extension, ES modules spell it. */
function resolveImport(from, specifier) {
	const base = resolve(dirname(from), specifier);
	const candidates = [base, `${base}.ts`, `${base}.mjs`, `${base}.js`, join(base, 'index.ts'), join(base, 'index.js')];
	return candidates.find((c) => SOURCE.test(c) && existsSync(c) && statSync(c).isFile());
}

const inTree = new Set(files);
const imports = new Map();
for (const file of files) {
	const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
	const targets = [];
	for (const { fileName } of importedFiles) {
		if (!fileName.startsWith('.')) continue;
		const target = resolveImport(file, fileName);
		if (target && inTree.has(target)) targets.push(target);
	}
	imports.set(file, targets);
}

// Tarjan's strongly connected components
let counter = 0;
const stack = [];
const onStack = new Set();
const index = new Map();
const low = new Map();
const circles = [];
function visit(file) {
	index.set(file, counter);
	low.set(file, counter++);
	stack.push(file);
	onStack.add(file);
	for (const target of imports.get(file)) {
		if (!index.has(target)) {
			visit(target);
			low.set(file, Math.min(low.get(file), low.get(target)));
		} else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
	}
	if (low.get(file) !== index.get(file)) return;
	const group = [];
	let member;
	do {
		member = stack.pop();
		onStack.delete(member);
		group.push(member);
	} while (member !== file);
	if (group.length > 1 || imports.get(file).includes(file)) circles.push(group);
}
for (const file of imports.keys()) if (!index.has(file)) visit(file);

for (const group of circles) {
	console.log(`${group.length} files in a circle:`);
	for (const file of group.map((f) => relative(process.cwd(), f)).sort()) console.log(`  ${file}`);
}
const where = relative(process.cwd(), root) || '.';
console.log(`${circles.length} import circles among ${files.length} files under ${where}`);
process.exitCode = circles.length ? 1 : 0;
