/**
 * The n8n range is said in four places (scripts/lib/versions.mjs runs it, package.json engines.n8n,
 * the README's Compatibility section, docs/n8n-versions.md): they say the same, and every version the
 * tests run on lies in the range they state.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const versionsSource = read('scripts/lib/versions.mjs');
const constant = (name: string) => new RegExp(`export const ${name} = ([^;]+);`).exec(versionsSource)?.[1] ?? '';
const builtAgainst = JSON.parse(constant('BUILT_AGAINST').replace(/'/g, '"')) as string;
const otherEnds = JSON.parse(constant('OTHER_ENDS').replace(/'/g, '"')) as string[];
const statedRange = JSON.parse(constant('STATED_RANGE').replace(/'/g, '"')) as string;

/** x.y.z as a number to compare (each part below 1,000,000). */
const rank = (version: string) => version.split('.').reduce((sum, part) => sum * 1_000_000 + Number(part), 0);
/** The range is written as ">=a.b.c <d.e.f". */
function inRange(version: string, range: string): boolean {
	const [, low, high] = /^>=(\d+\.\d+\.\d+) <(\d+\.\d+\.\d+)$/.exec(range) ?? [];
	return low !== undefined && rank(version) >= rank(low) && rank(version) < rank(high);
}
const major = (version: string) => Number(version.split('.')[0]);

describe('the n8n versions the package is tested on', () => {
	it('package.json states the range the tests run', () => {
		expect(JSON.parse(read('package.json')).engines?.n8n).toBe(statedRange);
	});

	it('every tested version lies in the stated range, and the range has two ends (a 1.x and a 2.x)', () => {
		const tested = [builtAgainst, ...otherEnds];
		expect(tested.filter((version) => !inRange(version, statedRange))).toEqual([]);
		expect(new Set(tested.map(major))).toEqual(new Set([1, 2]));
	});

	it('the README and docs/n8n-versions.md name every tested version', () => {
		for (const file of ['README.md', 'docs/n8n-versions.md']) {
			const text = read(file);
			expect([builtAgainst, ...otherEnds].filter((version) => !text.includes(version))).toEqual([]);
		}
	});

	it('the dev dependencies the unit tests run on are the line the package is built against', () => {
		const dev = JSON.parse(read('package.json')).devDependencies as Record<string, string>;
		const line = builtAgainst.split('.').slice(0, 2).join('.');
		expect(dev['n8n-core'].replace(/^[~^]/, '').startsWith(`${line}.`)).toBe(true);
	});
});
