/** The platform simulator, importable from tests: `const sb = await startSandbox({ callTiming: { stepMs: 20 } })`. */
import { SandboxApp } from './app';
import type { Sandbox, SandboxOptions } from './types';

export type {
	FaultKind,
	FaultSpec,
	InboundCallOptions,
	InboundCallResult,
	MakeCallAnswer,
	CallByIdRoute,
	CatalogWritePaths,
	RateLimitOptions,
	RecordingRequest,
	RequestLogEntry,
	Sandbox,
	SandboxOptions,
	TranscriptFormat,
	WebhookResponse,
} from './types';
export type { SandboxStore } from './store';
export { TOKENS, USER_IDS, SEED_BASE } from './seed';
export { PLATFORM2_KEYS, PLATFORM2_WORKSPACES } from './platform2/keys';
export { BLOCKED_DESTINATION_PREFIX } from './platform2/behaviours/campaigns';
export { PLATFORM2_PREFIX, type Platform2 } from './platform2/engine';
export { SIMULATE_FAILURE } from './routes/assistants';
export { DOCUMENTED_LIMITS, RateLimiter } from './rateLimit';

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
	const app = new SandboxApp(opts);
	await app.listen();
	return app;
}
