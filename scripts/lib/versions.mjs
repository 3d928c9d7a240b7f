// The n8n versions the package is tested on (issue #38; the table and what each run showed: docs/n8n-versions.md).
//
// BUILT_AGAINST runs every real-n8n test. The other ends of the stated range run the tests that matter
// most to a user (RANGE_CHECKS: credentials of both kinds, a classic and a 2.0 round, Retry On Fail,
// Call → Make with Wait, the webhook trigger's registration and restore, the inbound answer with
// variables, the polling trigger, the 2.0 campaign status events on campaigns without entry times, an
// AI-agent tool refused, a tool call answered during the call, the tools behind n8n's MCP Server
// Trigger). `N8N_VERSION=x npm run test:e2e` runs every test on x alone.

/** The n8n the package is built and fully tested against (its n8n-core / n8n-workflow dev dependencies are this line). */
export const BUILT_AGAINST = '2.41.1';

/**
 * The other ends of the range: the newest release of the 1.x line. The newest 2.x on the registry,
 * 2.41.3, cannot be installed from it (a dependency pinned to a version that was never published), so
 * 2.41.1 is the newest 2.x tested.
 */
export const OTHER_ENDS = ['1.123.81'];

/** Every n8n the tests start (each installed once into the cache). */
export const TESTED_VERSIONS = [BUILT_AGAINST, ...OTHER_ENDS];

/** The test files (test/e2e/<name>.e2e.mjs) run on the other ends of the range. */
export const RANGE_CHECKS = ['cli', 'server', 'inbound', 'platform2', 'polling', 'platform2-campaign-status', 'agent-tools', 'security', 'tool-calls', 'mcp-server'];

/** The range stated in the README and package.json. */
export const STATED_RANGE = '>=1.123.0 <2.42.0';
