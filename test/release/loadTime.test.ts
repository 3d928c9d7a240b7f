/**
 * Loading the built action node, as n8n does (require + new), reads its fields as data: the build ran
 * actionNode/loadTime.ts once and shipped its results (gulpfile.js), and the modules behind them (the
 * 2.0 catalogue, the engine, the transport) load only when an operation runs or a dropdown opens.
 * Needs `npm run build` (npm test builds first).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { actionNodeMethodNames, actionNodeProperties } from '../../nodes/VoiceAssistant/actionNode/loadTime';
import { ROOT } from './call';

const DIST_NODE = path.join(ROOT, 'dist/nodes/VoiceAssistant/VoiceAssistant.node.js');

/** In a fresh process: the package's modules that loading the built node required, and what it holds. */
function loadBuiltNode(): { modules: string[]; properties: unknown; methodNames: { loadOptions: string[]; listSearch: string[] } } {
	if (!fs.existsSync(DIST_NODE)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
	const script = `
		const before = new Set(Object.keys(require.cache));
		const { VoiceAssistant } = require(${JSON.stringify(DIST_NODE)});
		const node = new VoiceAssistant();
		const dist = ${JSON.stringify(path.join(ROOT, 'dist') + path.sep)};
		const modules = Object.keys(require.cache).filter((file) => !before.has(file) && file.startsWith(dist)).map((file) => file.slice(dist.length));
		const methodNames = { loadOptions: Object.keys(node.methods.loadOptions).sort(), listSearch: Object.keys(node.methods.listSearch).sort() };
		process.stdout.write(JSON.stringify({ modules: modules.sort(), properties: node.description.properties, methodNames }));
	`;
	return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
}

const built = loadBuiltNode();

describe('the built action node', () => {
	it('loads six small modules of the package, none of the operations, the catalogue or the transport', () => {
		expect(built.modules).toEqual([
			'nodes/VoiceAssistant/VoiceAssistant.node.js',
			'nodes/VoiceAssistant/actionNode/loadTime.js',
			'nodes/VoiceAssistant/engine/lazyMethods.js',
			'nodes/VoiceAssistant/shared/addresses.js',
			'nodes/VoiceAssistant/shared/platform2Origin.js',
			'nodes/VoiceAssistant/shared/platforms.js',
		]);
	});

	it('shows exactly the fields and offers exactly the dropdown methods the source builds', () => {
		expect(built.properties).toEqual(actionNodeProperties());
		expect(built.methodNames).toEqual(actionNodeMethodNames());
		// every method a field calls is one the node offers
		const called = JSON.stringify(built.properties).match(/"(loadOptionsMethod|searchListMethod)":"[^"]+"/g) ?? [];
		const offered = new Set([...built.methodNames.loadOptions, ...built.methodNames.listSearch]);
		expect(called.map((entry) => entry.split(':')[1].replace(/"/g, '')).filter((name) => !offered.has(name))).toEqual([]);
	});
});
