// Lists the import circles among the .ts files under a folder: node scripts/import-circles.mjs sandbox
// Follows every relative import, `import type` and `export … from` included (TypeScript's own
// pre-processor reads them); prints each strongly connected group of files and exits 1 if there is one.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const ts = createRequire(join(process.cwd(), 'package.json'))('typescript');
const root = resolve(process.argv[2] ?? 'sandbox');

const files = [];
(function walk(dir) {
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) walk(path);
		else if (path.endsWith('.ts')) files.push(path);
	}
})(root);

const imports = new Map();
for (const file of files) {
	const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
	const targets = [];
	for (const { fileName } of importedFiles) {
		if (!fileName.startsWith('.')) continue;
		const base = resolve(dirname(file), fileName);
		const target = [`${base}.ts`, join(base, 'index.ts'), base].find((c) => c.endsWith('.ts') && existsSync(c));
		if (target && target.startsWith(root)) targets.push(target);
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
if (circles.length === 0) console.log(`no import circles under ${relative(process.cwd(), root) || '.'}`);
process.exitCode = circles.length ? 1 : 0;
