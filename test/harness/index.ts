/**
 * Test harness: runs our n8n nodes inside n8n-core's real execution engine (WorkflowExecute,
 * ExecuteContext, LoadOptionsContext, HookContext, WebhookContext) with real HTTP.
 * See docs/harness.md.
 */
export { runNode, type RunNodeOptions, type RunNodeResult } from './run-node';
export { loadOptions, listSearch, type MethodOptions, type ListSearchOptions } from './methods';
export {
	runWebhookMethod,
	runWebhook,
	DEFAULT_WEBHOOK_ID,
	type WebhookMethodName,
	type RunWebhookMethodOptions,
	type RunWebhookMethodResult,
	type RunWebhookOptions,
	type RunWebhookResult,
} from './webhooks';
export { testCredentials, type TestCredentialsOptions } from './credential-test';
export { setDefaultCredentialTypes, type CredentialTypeInput } from './credentials';
export type { FakeRequestInit, RecordedResponse } from './fake-http';
export {
	PACKAGE_NAME,
	type CommonOptions,
	type CredentialData,
	type NodeInput,
	type VoiceAssistantCredentials,
} from './workflow';
