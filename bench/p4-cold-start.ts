/**
 * P4 — what installing and loading the package costs: the cold require time of the built action
 * node + credential (dist/, a fresh Node process each time, with n8n-workflow already loaded as it
 * is inside n8n), and the size of the tarball npm would publish. Needs `npm run build` first
 * (scripts/bench.mjs runs it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { ROOT, emit, log, median, round, targetLine, type BenchRow } from './lib';

const RUNS = Number(process.env.BENCH_P4_RUNS ?? 15);

function coldRequireMs(files: string[]): number {
	const script = [
		`require(${JSON.stringify(require.resolve('n8n-workflow', { paths: [ROOT] }))});`,
		'const started = process.hrtime.bigint();',
		...files.map((file) => `require(${JSON.stringify(path.join(ROOT, file))});`),
		'process.stdout.write(String(Number(process.hrtime.bigint() - started) / 1e6));',
	].join('\n');
	return Number(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

function packSize(): { size: number; unpacked: number; files: number; largest: string } {
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const out = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	});
	const [info] = JSON.parse(out) as Array<{ size: number; unpackedSize: number; entryCount: number; files: Array<{ path: string; size: number }> }>;
	const largest = [...info.files].sort((a, b) => b.size - a.size)[0];
	return { size: info.size, unpacked: info.unpackedSize, files: info.entryCount, largest: `${largest.path} (${round(largest.size / 1024, 0)} KB)` };
}

function main(): void {
	const node = 'dist/nodes/VoiceAssistant/VoiceAssistant.node.js';
	const credential = 'dist/credentials/VoiceAssistantApi.credentials.js';
	const trigger = 'dist/nodes/VoiceAssistant/VoiceAssistantTrigger.node.js';
	for (const file of [node, credential]) {
		if (!fs.existsSync(path.join(ROOT, file))) throw new Error(`${file} is missing: run npm run build first`);
	}
	const measure = (files: string[]) => median(Array.from({ length: RUNS }, () => coldRequireMs(files)));
	const nodeMs = measure([node, credential]);
	const rows: BenchRow[] = [{ client: 'action node + credential', 'cold require ms': round(nodeMs, 1) }];
	if (fs.existsSync(path.join(ROOT, trigger))) {
		rows.push({ client: 'trigger node + credential', 'cold require ms': round(measure([trigger, credential]), 1) });
		rows.push({ client: 'both nodes + credential', 'cold require ms': round(measure([node, trigger, credential]), 1) });
	}
	const phoneMs = measure(['dist/nodes/VoiceAssistant/shared/phone.bundle.js']);
	rows.push({ client: 'phone library (loaded on first phone number)', 'cold require ms': round(phoneMs, 1) });
	const pack = packSize();
	rows.push({ client: 'npm pack tarball', 'size KB': round(pack.size / 1024, 1), 'unpacked KB': round(pack.unpacked / 1024, 1), files: pack.files });
	log(`P4: ${JSON.stringify(rows)}`);
	const pass = nodeMs <= 30 && pack.size <= 300 * 1024;
	emit({
		figure: 'P4',
		title: 'cold require of the built package, packed size',
		columns: ['cold require ms', 'size KB', 'unpacked KB', 'files'],
		rows,
		summary: targetLine(
			'P4',
			pass,
			`action node + credential load in ${round(nodeMs, 1)} ms (target ≤ 30), tarball ${round(pack.size / 1024, 0)} KB (target ≤ 300)`,
		),
		pass,
		notes: [
			`Median of ${RUNS} fresh Node ${process.version} processes, n8n-workflow loaded before the clock starts (n8n has it loaded).`,
			`Largest file in the tarball: ${pack.largest}; it is loaded only when a phone number is first checked.`,
		],
	});
}

try {
	main();
	process.exit(0);
} catch (error) {
	log(`P4 failed: ${error instanceof Error ? error.stack : String(error)}`);
	process.exit(1);
}
