/**
 * Build steps after `n8n-node build` (which compiles TypeScript and copies icons/codex files):
 *  1. bundle libphonenumber-js into the phone module, so the published package has no runtime
 *     dependencies (community nodes may only require n8n-workflow and Node built-ins); the bundle
 *     (~220 KB, ~12 ms to load) goes to phone.bundle.js and phone.js becomes a small stand-in that
 *     loads it on first use, so loading the node stays fast (bench P4);
 *  2. ship what n8n needs to load the action node as data: actionNode/loadTime.js builds its fields and
 *     method names from every operation (most of the package's modules, about 60 ms); it is run once
 *     here and replaced by its results, so loading the node in n8n reads the finished fields (bench
 *     P4b) and the modules behind them load when an operation runs or a dropdown opens;
 *  3. fail the build if any file in dist still requires a package that is not available at runtime.
 */
const fs = require('node:fs');
const path = require('node:path');
const { series } = require('gulp');

const dist = path.join(__dirname, 'dist');
const phoneModule = path.join(dist, 'nodes/VoiceAssistant/shared/phone.js');
const phoneBundle = path.join(dist, 'nodes/VoiceAssistant/shared/phone.bundle.js');
const allowedAtRuntime = new Set(['n8n-workflow']);

async function bundlePhoneLibrary() {
	// Already done (gulp run twice without a fresh tsc output): bundling the stand-in would loop.
	if (fs.readFileSync(phoneModule, 'utf8').includes('phone.bundle.js')) return;
	const esbuild = require('esbuild');
	await esbuild.build({
		entryPoints: [phoneModule],
		outfile: phoneBundle,
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
	// phone.js: the same exports as getters that load the bundle the first time one is used (the
	// compiled callers read `phone_1.toE164` at call time, never at require time).
	const names = Object.keys(require(phoneBundle)).filter((name) => name !== '__esModule');
	fs.writeFileSync(
		phoneModule,
		[
			'"use strict";',
			'// Loads the bundled phone library (libphonenumber-js metadata) on first use; see gulpfile.js.',
			'Object.defineProperty(exports, "__esModule", { value: true });',
			'let bundle;',
			'const load = () => (bundle ??= require("./phone.bundle.js"));',
			`for (const name of ${JSON.stringify(names)}) {`,
			'\tObject.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });',
			'}',
			'',
		].join('\n'),
	);
	fs.rmSync(`${phoneModule}.map`, { force: true });
	// The bundled library is MIT-licensed: ship its licence beside it.
	fs.copyFileSync(
		path.join(path.dirname(require.resolve('libphonenumber-js/package.json')), 'LICENSE'),
		path.join(path.dirname(phoneModule), 'libphonenumber-js.LICENSE.txt'),
	);
}

const actionNodeLoadTime = path.join(dist, 'nodes/VoiceAssistant/actionNode/loadTime.js');
const SHIPPED_AS_DATA = '// Written by gulpfile.js';

async function shipActionNodeLoadTime() {
	// Already done (gulp run twice without a fresh tsc output): there is nothing left to run.
	if (fs.readFileSync(actionNodeLoadTime, 'utf8').startsWith(SHIPPED_AS_DATA)) return;
	const built = require(actionNodeLoadTime);
	const properties = built.actionNodeProperties();
	const text = JSON.stringify(properties);
	// Only plain data survives as JSON: a function or undefined in a field would be lost silently.
	require('node:assert').deepStrictEqual(JSON.parse(text), properties, 'the action node\'s fields must be plain data');
	fs.writeFileSync(
		actionNodeLoadTime,
		[
			`${SHIPPED_AS_DATA} from what actionNode/loadTime.ts built at \`npm run build\`, as data.`,
			'"use strict";',
			'Object.defineProperty(exports, "__esModule", { value: true });',
			'exports.actionNodeProperties = actionNodeProperties;',
			'exports.actionNodeMethodNames = actionNodeMethodNames;',
			`const FIELDS = ${JSON.stringify(text)};`,
			`const METHOD_NAMES = ${JSON.stringify(JSON.stringify(built.actionNodeMethodNames()))};`,
			'/** A fresh copy for every node instance (n8n may adjust what it is given). */',
			'function actionNodeProperties() {',
			'\treturn JSON.parse(FIELDS);',
			'}',
			'function actionNodeMethodNames() {',
			'\treturn JSON.parse(METHOD_NAMES);',
			'}',
			'',
		].join('\n'),
	);
	fs.rmSync(`${actionNodeLoadTime}.map`, { force: true });
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
exports.shipActionNodeLoadTime = shipActionNodeLoadTime;
exports.checkRuntimeRequires = checkRuntimeRequires;
exports.default = series(bundlePhoneLibrary, shipActionNodeLoadTime, checkRuntimeRequires);
