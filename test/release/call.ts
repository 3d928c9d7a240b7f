// Calls a function of the release check (scripts/lib/release/*.mjs, ES modules) in a child Node
// with JSON arguments, and returns what it returned: the check runs exactly as the script runs it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

export function callCheck<T = string[]>(module: string, fn: string, ...args: unknown[]): T {
	const file = path.join(ROOT, 'scripts', 'lib', 'release', `${module}.mjs`);
	const code = [
		`import * as m from ${JSON.stringify(new URL(`file://${file}`).href)};`,
		`const args = JSON.parse(process.env.CHECK_ARGS);`,
		`process.stdout.write(JSON.stringify(await m[${JSON.stringify(fn)}](...args)));`,
	].join('\n');
	const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
		cwd: ROOT,
		encoding: 'utf8',
		env: { ...process.env, CHECK_ARGS: JSON.stringify(args) },
	});
	return JSON.parse(out) as T;
}

export const readRepoFile = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
export const repoPackage = () => JSON.parse(readRepoFile('package.json'));
