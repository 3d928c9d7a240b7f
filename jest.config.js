/** Unit, contract, node and fault tests. End-to-end tests (test/e2e) run in a real n8n via scripts/e2e.mjs. */
module.exports = {
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/dist/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { isolatedModules: true, tsconfig: { module: 'commonjs', target: 'es2022', esModuleInterop: true } }],
	},
	testTimeout: 30000,
	maxWorkers: 2,
};
