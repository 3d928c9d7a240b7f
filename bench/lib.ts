/**
 * Shared parts of the benchmark programs (bench/p*.ts): loading the clients under comparison, the
 * result format scripts/bench.mjs reads, and small measuring helpers.
 *
 * Every program runs in one process with its sandbox(es), so all clients meet the same machine.
 * It prints progress to stderr and, last, one line `BENCH_RESULT {json}` to stdout.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';

import { RateLimiter } from '../sandbox/rateLimit';

export const ROOT = path.resolve(__dirname, '..');

export interface BenchRow {
	client: string;
	[column: string]: string | number | boolean | null;
}

export interface BenchResult {
	figure: string;
	title: string;
	columns: string[];
	rows: BenchRow[];
	/** one line: the figure against its target */
	summary: string;
	/** null when the target could not be judged (e.g. a comparison was skipped) */
	pass: boolean | null;
	notes: string[];
}

export function emit(result: BenchResult): void {
	process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
}

export function log(message: string): void {
	process.stderr.write(`${message}\n`);
}

/** Our action node, from source (what the tests run; `npm run build` compiles the same files). */
export function loadVoiceAssistant(): new () => INodeType {
	// The explicit .ts: next to VoiceAssistant.node.ts lies the codex file VoiceAssistant.node.json,
	// which plain Node resolution would pick first.
	return require(path.join(ROOT, 'nodes/VoiceAssistant/VoiceAssistant.node.ts')).VoiceAssistant;
}

export interface HttpRequestNode {
	HttpRequest: new () => INodeType;
	dir: string;
	version: string;
}

/**
 * A node of n8n's own (n8n-nodes-base) from the real n8n that scripts/n8n-cache.mjs installs
 * (n8n-nodes-base is not a dependency of this package). scripts/bench.mjs installs it first and passes
 * its folder in BENCH_N8N_NODES_BASE; without it, the comparison rows are skipped with the reason.
 */
export function loadN8nNode(file: string, exportName: string): { node: new () => INodeType; dir: string; version: string } | { skipped: string } {
	const dir =
		process.env.BENCH_N8N_NODES_BASE ??
		path.join(
			process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
			'n8n-voice-assistant',
			'n8n-2.41.1',
			'node_modules',
			'n8n-nodes-base',
		);
	const entry = path.join(dir, 'dist/nodes', file);
	if (!fs.existsSync(entry)) return { skipped: `n8n's ${exportName} node not found at ${dir} (run node scripts/n8n-cache.mjs)` };
	const node = require(entry)[exportName] as new () => INodeType;
	const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version as string;
	return { node, dir, version };
}

/** n8n's HTTP Request node (see loadN8nNode). */
export function loadHttpRequestNode(): HttpRequestNode | { skipped: string } {
	const loaded = loadN8nNode('HttpRequest/HttpRequest.node.js', 'HttpRequest');
	return 'skipped' in loaded ? loaded : { HttpRequest: loaded.node, dir: loaded.dir, version: loaded.version };
}

/**
 * HTTP Request node parameters for a JSON POST with the bearer token as a header parameter. (A Header
 * Auth credential is what most users pick, but n8n only lets the node type n8n-nodes-base.httpRequest
 * use generic credentials, and the harness registers every node under this package's name. The header
 * parameter sends the same request and costs the node slightly less work per item.)
 */
export function httpRequestPost(url: string, token: string, jsonBody: string, options: IDataObject = {}): INodeParameters {
	return {
		method: 'POST',
		url,
		sendHeaders: true,
		headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${token}` }] },
		sendBody: true,
		specifyBody: 'json',
		jsonBody,
		options: options as INodeParameters,
	};
}

export function httpRequestGet(url: string, token: string, options: IDataObject = {}): INodeParameters {
	return {
		method: 'GET',
		url,
		sendHeaders: true,
		headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${token}` }] },
		options: options as INodeParameters,
	};
}

/** A distinct valid German mobile number per index (the sandbox validates numbers). */
export function phoneNumber(index: number, block = 0): string {
	return `+4917${block}${String(1_000_000 + index).padStart(7, '0')}`;
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function round(value: number, digits = 2): number {
	const f = 10 ** digits;
	return Math.round(value * f) / f;
}

/** Samples heapUsed every few ms while `work` runs; returns the peak above the level before it. */
export async function withPeakHeap<T>(work: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
	const gc = (globalThis as { gc?: () => void }).gc;
	gc?.();
	const base = process.memoryUsage().heapUsed;
	let peak = base;
	const timer = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().heapUsed);
	}, 5);
	try {
		const value = await work();
		peak = Math.max(peak, process.memoryUsage().heapUsed);
		return { value, peakMb: round((peak - base) / 1024 / 1024, 1) };
	} finally {
		clearInterval(timer);
	}
}

export function targetLine(figure: string, pass: boolean | null, text: string): string {
	const verdict = pass === null ? 'not judged' : pass ? 'PASS' : 'FAIL';
	return `${figure} ${verdict}: ${text}`;
}

/** The earliest the last of `count` requests can be admitted: a greedy client against the sandbox's own limiter. */
export function theoreticalMinimumMs(limit: Parameters<RateLimiter['configure']>[0], count: number): number {
	const limiter = new RateLimiter();
	limiter.configure(limit);
	const start = 1e12;
	let now = start;
	for (let admitted = 0; admitted < count; ) {
		const decision = limiter.check('token', now);
		if (!decision || decision.allowed) admitted++;
		else now += (decision.retryAfter ?? 1) * 1000;
	}
	return now - start;
}
