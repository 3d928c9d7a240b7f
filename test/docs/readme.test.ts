/**
 * The README is the user's manual: short enough to read (depth lives in docs/), with the test
 * command CI runs (.ci/run calls `npm test`), and with links that lead somewhere.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const ROOT = join(__dirname, '../..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
	const prose = markdown.replace(/```[\s\S]*?```/g, '');
	return new Set(
		[...prose.matchAll(/^#+ (.*)$/gm)].map((m) =>
			m[1]
				.trim()
				.toLowerCase()
				.replace(/[^\p{L}\p{N}\- _]/gu, '')
				.replace(/ /g, '-'),
		),
	);
}

describe('README.md', () => {
	it('is at most 400 lines', () => {
		expect(readme.split('\n').length).toBeLessThanOrEqual(400);
	});

	it('names the test command', () => {
		expect(readme).toContain('npm test');
	});

	it('links in the README and docs/ lead to files and headings that exist', () => {
		const documents = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)];
		const broken: string[] = [];
		for (const file of documents) {
			const text = readFileSync(join(ROOT, file), 'utf8');
			for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
				if (/^[a-z]+:/i.test(link)) continue;
				const [path, anchor] = link.split('#');
				const target = path ? normalize(join(dirname(file), path)) : file;
				if (!existsSync(join(ROOT, target))) broken.push(`${file}: ${link} (no such file)`);
				else if (anchor && target.endsWith('.md') && !anchorsOf(readFileSync(join(ROOT, target), 'utf8')).has(anchor)) broken.push(`${file}: ${link} (no such heading)`);
			}
		}
		expect(broken).toEqual([]);
	});
});
