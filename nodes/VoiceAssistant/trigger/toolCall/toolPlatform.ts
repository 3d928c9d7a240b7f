import type { IHookFunctions } from 'n8n-workflow';

import type { ToolSpec } from './spec';

/** One account kind's tool requests. IDs are text: numbers on classic, UUIDs on 2.0. */
export interface ToolPlatform {
	/** creates the tool (POST to `url`, the secret in TOOL_SECRET_HEADER); its ID */
	create(ctx: IHookFunctions, spec: ToolSpec, url: string, secret: string): Promise<string>;
	/** the tool's URL on the platform now; undefined when the tool is gone */
	urlOf(ctx: IHookFunctions, toolId: string): Promise<string | undefined>;
	/** the assistant's tool IDs now; undefined when the assistant is gone */
	toolsOf(ctx: IHookFunctions, assistantId: string): Promise<string[] | undefined>;
	/** adds the tool to the assistant's tools, keeping the others */
	attach(ctx: IHookFunctions, assistantId: string, toolId: string): Promise<void>;
	/** takes the tool off the assistant, keeping the others (nothing when it does not have it or is gone) */
	detach(ctx: IHookFunctions, assistantId: string, toolId: string): Promise<void>;
	/** removes the tool (nothing when it is gone already) */
	remove(ctx: IHookFunctions, toolId: string): Promise<void>;
}
