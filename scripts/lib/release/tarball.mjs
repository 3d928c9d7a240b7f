// What the published tarball holds: only dist/, README, LICENSE and package.json; no source maps
// (they point at .ts sources the tarball does not contain) and no sources; every node and
// credential package.json lists is in it.
import { execFileSync } from 'node:child_process';

const ALWAYS_SHIPPED = /^(package\.json|README(\.md)?|LICEN[CS]E(\.md|\.txt)?)$/i;

/** The file paths `npm pack --dry-run` would put in the tarball (needs a build in dist/). */
export function packedFiles(root) {
	const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	});
	return JSON.parse(out)[0].files.map((file) => file.path);
}

/** Problems with a tarball file list, for the package.json that produced it. Empty when sound. */
export function checkTarballFiles(files, pkg) {
	const problems = [];
	for (const file of files) {
		if (file.endsWith('.map')) problems.push(`tarball ships a source map: ${file}`);
		else if (/\.ts$/.test(file) && !file.endsWith('.d.ts')) problems.push(`tarball ships a TypeScript source: ${file}`);
		else if (!file.startsWith('dist/') && !ALWAYS_SHIPPED.test(file)) {
			problems.push(`tarball ships a file outside dist/ (only dist/, README, LICENSE, package.json belong): ${file}`);
		}
	}
	const shipped = new Set(files);
	if (!shipped.has('package.json')) problems.push('tarball has no package.json');
	if (!files.some((f) => /^README(\.md)?$/i.test(f))) problems.push('tarball has no README');
	if (!files.some((f) => /^LICEN[CS]E/i.test(f))) problems.push('tarball has no LICENSE');
	for (const entry of [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])]) {
		if (!shipped.has(entry)) problems.push(`package.json lists ${entry} under "n8n" but the tarball does not contain it (run npm run build first)`);
	}
	return problems;
}
