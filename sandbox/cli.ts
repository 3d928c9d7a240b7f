/**
 * npm run sandbox -- --port 4010 [--host 127.0.0.1] [--seed 1] [--call-step-ms 3000] [--no-rate-limit]
 *                    [--time-scale 1] [--precise-reset] [--latency-ms 0] [--transcript string|array]
 *                    [--generation reference|2026] [--list-order newest|oldest] [--quiet]
 */
import { startSandbox } from './index';
import { DOCUMENTED_LIMITS } from './rateLimit';
import type { SandboxOptions } from './types';

function parseArgs(argv: string[]): SandboxOptions {
	const flags = new Map<string, string | true>();
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (!arg.startsWith('--')) continue;
		const [name, inline] = arg.slice(2).split('=', 2);
		if (inline !== undefined) flags.set(name, inline);
		else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) flags.set(name, argv[++i]);
		else flags.set(name, true);
	}
	const num = (name: string, fallback: number) => {
		const value = flags.get(name);
		if (value === undefined || value === true) return fallback;
		const n = Number(value);
		if (!Number.isFinite(n)) throw new Error(`--${name} needs a number, got ${value}`);
		return n;
	};
	const transcript = flags.get('transcript');
	const generation = flags.get('generation');
	if (generation !== undefined && generation !== 'reference' && generation !== '2026') throw new Error(`--generation is reference or 2026, got ${String(generation)}`);
	const listOrder = flags.get('list-order');
	if (listOrder !== undefined && listOrder !== 'newest' && listOrder !== 'oldest') throw new Error(`--list-order is newest or oldest, got ${String(listOrder)}`);
	return {
		port: num('port', 4010),
		host: typeof flags.get('host') === 'string' ? (flags.get('host') as string) : '127.0.0.1',
		seed: num('seed', 1),
		callTiming: { stepMs: num('call-step-ms', 3000) },
		rateLimit: flags.has('no-rate-limit') ? false : { ...DOCUMENTED_LIMITS, timeScale: num('time-scale', 1), preciseReset: flags.has('precise-reset') },
		latencyMs: num('latency-ms', 0),
		webhookTranscript: transcript === 'array' ? 'array' : 'string',
		generation: generation ?? 'reference',
		platform2ListOrder: listOrder ?? 'newest',
		quiet: flags.has('quiet'),
	};
}

async function main(): Promise<void> {
	const opts = parseArgs(process.argv.slice(2));
	const sandbox = await startSandbox(opts);
	const limits = opts.rateLimit ? `${opts.rateLimit.perMinute}/min, burst ${opts.rateLimit.burst}/${opts.rateLimit.burstWindowSeconds}s` : 'off';
	console.log(
		[
			`Voice assistant sandbox listening`,
			`  Base URL:   ${sandbox.baseUrl}`,
			`  Tokens:     alice=${sandbox.tokens.alice}  bob=${sandbox.tokens.bob}  carol=${sandbox.tokens.carol} (zero balance)`,
			`              read-only (alice): ${sandbox.tokens.aliceReadOnly}`,
			`  Platform 2.0: origin ${sandbox.origin} (requests go to ${sandbox.origin}/api/v1) · key ${sandbox.platform2.keys.full} (workspace A, full)`,
			`              service=${sandbox.platform2.keys.service}  assistants:read=${sandbox.platform2.keys.assistantsRead}  workspace B=${sandbox.platform2.keys.otherWorkspace}`,
			`  Rate limit: ${limits} · call step ${opts.callTiming?.stepMs} ms · API generation ${opts.generation} · 2.0 lists ${opts.platform2ListOrder} first`,
			`  Control:    ${sandbox.origin}/sandbox/state · /sandbox/requests · /sandbox/faults · /sandbox/recording-requests`,
			`  Recordings: ${sandbox.recordingsOrigin} (another host: it never needs the token)`,
		].join('\n'),
	);
	let stopping = false;
	const shutdown = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`Received ${signal}, stopping sandbox`);
		sandbox.stop().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => shutdown('SIGINT'));
	process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
	console.error(err instanceof Error ? err.message : err);
	process.exit(1);
});
