/**
 * Lint config for code that is never shipped (sandbox, tests, benchmarks). `npm run lint` turns on
 * ESLint's per-directory config lookup, so the root eslint.config.mjs stays n8n's untouched strict
 * default for nodes/ and credentials/, while these folders, which legitimately use timers, sockets
 * and process, pick up this config from their own eslint.config.mjs.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config({
	files: ['**/*.ts'],
	extends: [js.configs.recommended, tseslint.configs.recommended],
	rules: {
		'@typescript-eslint/no-explicit-any': 'off',
		'@typescript-eslint/no-require-imports': 'off',
		'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
	},
});
