/**
 * One-time dependency-injection setup that n8n-core's execution engine expects.
 *
 * Pitfall: n8n-core 2.41 ships its own nested copies of @n8n/di, @n8n/backend-common,
 * @n8n/backend-network and @n8n/config (node_modules/n8n-core/node_modules/@n8n/*), while the
 * root node_modules holds older versions pulled in by @n8n/node-cli. A service registered in the
 * root `Container` is invisible to n8n-core, so every DI module is loaded from n8n-core's own
 * location. `require` with an absolute path (instead of `createRequire`) keeps jest's module
 * registry in charge, so we get the very instances n8n-core itself imported.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InstanceSettings } from 'n8n-core';

type Constructor = abstract new (...args: never[]) => unknown;
interface DiContainer {
	get<T>(type: abstract new (...args: never[]) => T): T;
	set<T>(type: abstract new (...args: never[]) => T, instance: T): void;
}

const coreDir = path.dirname(require.resolve('n8n-core/package.json'));

/** Loads a module exactly as n8n-core resolves it. */
function requireFromCore<T>(moduleName: string): T {
	return require(require.resolve(moduleName, { paths: [coreDir] })) as T;
}

export interface HarnessLogger {
	error(message: string, meta?: object): void;
	warn(message: string, meta?: object): void;
	info(message: string, meta?: object): void;
	debug(message: string, meta?: object): void;
	scoped(): HarnessLogger;
}

/** Silent by default; HARNESS_DEBUG=1 prints engine logs to stderr when chasing a failure. */
function createLogger(): HarnessLogger {
	const verbose = process.env.HARNESS_DEBUG === '1';
	const write = (level: string) => (message: string, meta?: object) => {
		if (verbose) process.stderr.write(`[n8n ${level}] ${message} ${meta ? JSON.stringify(meta) : ''}\n`);
	};
	const logger: HarnessLogger = {
		error: write('error'),
		warn: write('warn'),
		info: write('info'),
		debug: write('debug'),
		scoped: () => logger,
	};
	return logger;
}

let ready = false;

/** Idempotent: sets up the container the first time any harness entry point runs. */
export function ensureEngine(): void {
	if (ready) return;
	const { Container } = requireFromCore<{ Container: DiContainer }>('@n8n/di');
	const { Logger } = requireFromCore<{ Logger: Constructor }>('@n8n/backend-common');
	const { InstanceSettingsConfig, SsrfProtectionConfig } = requireFromCore<{
		InstanceSettingsConfig: Constructor;
		SsrfProtectionConfig: Constructor;
	}>('@n8n/config');

	// The real winston logger would need the whole GlobalConfig and prints to the console.
	Container.set(Logger, createLogger() as never);

	// InstanceSettings reads (or creates) <n8nFolder>/config on construction. Point it at a private
	// temp folder so tests never read or write ~/.n8n, whatever N8N_USER_FOLDER says. The file is
	// only read in the constructor, so the folder is removed right away (jest workers do not
	// reliably run exit handlers, and a folder per test file would pile up in /tmp).
	const userFolder = mkdtempSync(path.join(tmpdir(), 'n8n-harness-'));
	const settingsConfig = Container.get(InstanceSettingsConfig) as Record<string, unknown>;
	settingsConfig.n8nFolder = path.join(userFolder, '.n8n');
	settingsConfig.userHome = userFolder;
	settingsConfig.encryptionKey = 'harness-encryption-key';
	settingsConfig.enforceSettingsFilePermissions = false;
	try {
		Container.get(InstanceSettings);
	} finally {
		rmSync(userFolder, { recursive: true, force: true });
	}

	// Tests talk to a sandbox on 127.0.0.1; n8n's SSRF guard (off by default) must stay off here.
	(Container.get(SsrfProtectionConfig) as Record<string, unknown>).enabled = false;

	ready = true;
}
