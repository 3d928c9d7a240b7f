/**
 * Build steps after `n8n-node build` (which compiles TypeScript and copies icons/codex files):
 *  1. bundle libphonenumber-js into the phone module, so the published package has no runtime
 *     dependencies (community nodes may only require n8n-workflow and Node built-ins);
 *  2. fail the build if any file in dist still requires a package that is not available at runtime.
 */
const fs = require('node:fs');
const path = require('node:path');
const { series } = require('gulp');

const dist = path.join(__dirname, 'dist');
const phoneModule = path.join(dist, 'nodes/VoiceAssistant/shared/phone.js');
const allowedAtRuntime = new Set(['n8n-workflow']);

async function bundlePhoneLibrary() {
	const esbuild = require('esbuild');
	await esbuild.build({
		entryPoints: [phoneModule],
		outfile: phoneModule,
		allowOverwrite: true,
		bundle: true,
		platform: 'node',
		format: 'cjs',
		target: 'node20',
		external: [...allowedAtRuntime],
		minify: true,
		// The library's console.* calls are deprecation notices; n8n's package scanner forbids console use.
		drop: ['console'],
		legalComments: 'none',
		logLevel: 'warning',
	});
	// The bundled library is MIT-licensed: ship its licence beside it.
	fs.copyFileSync(
		path.join(path.dirname(require.resolve('libphonenumber-js/package.json')), 'LICENSE'),
		path.join(path.dirname(phoneModule), 'libphonenumber-js.LICENSE.txt'),
	);
}

function listJsFiles(dir) {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return listJsFiles(full);
		return entry.name.endsWith('.js') ? [full] : [];
	});
}

async function checkRuntimeRequires() {
	const builtins = new Set(require('node:module').builtinModules);
	const problems = [];
	for (const file of listJsFiles(dist)) {
		const source = fs.readFileSync(file, 'utf8');
		for (const match of source.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)) {
			const name = match[1];
			if (name.startsWith('.') || name.startsWith('node:') || builtins.has(name)) continue;
			const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
			if (!allowedAtRuntime.has(pkg)) problems.push(`${path.relative(__dirname, file)} requires "${name}"`);
		}
	}
	if (problems.length) {
		throw new Error(`dist must not require packages that are not installed at runtime:\n${problems.join('\n')}`);
	}
}

exports.bundlePhoneLibrary = bundlePhoneLibrary;
exports.checkRuntimeRequires = checkRuntimeRequires;
exports.default = series(bundlePhoneLibrary, checkRuntimeRequires);
