/** Unit, contract, node and fault tests. End-to-end tests (test/e2e) run in a real n8n via scripts/e2e.mjs. */
module.exports = {
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/dist/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { isolatedModules: true, tsconfig: { module: 'commonjs', target: 'es2022', esModuleInterop: true } }],
	},
	testTimeout: 30000,
	// n8n-workflow's regex watchdog with room for a busy machine (test/setup/regexEngine.ts)
	setupFiles: ['<rootDir>/test/setup/regexEngine.ts'],
	maxWorkers: 2,
	// A worker is told to end when the run ends, and exits once its event loop is empty. Measured (#38):
	// no handle or request keeps one alive (each file's teardown, and 250 ms after the end message, list
	// none), but a worker that has run 100 files holds a 1.2 GB heap and, with the other worker and
	// anything else on 2 cores, takes longer than jest's default 500 ms to exit, so jest killed it and
	// warned "failed to exit gracefully". A worker still alive after 5 s is still killed and reported.
	workerGracefulExitTimeout: 5000,
	// Each test file loads n8n's engine into a fresh module registry, and a worker keeps about 10 MB of
	// every file it ran (to 1.2 GB after 100 files), so the garbage collector works ever harder: a worker
	// past 600 MB after a file is replaced by a fresh one. Measured on this 2-core machine, whole suite:
	// 332 s without a limit; 226–235 s at 600 MB, 237 s at 800 MB, 255 s at 350 MB (more restarts).
	workerIdleMemoryLimit: '600MB',
};
