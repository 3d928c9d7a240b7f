import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Whether this run of the node is an AI agent's tool call. n8n 2.41 runs a tool in two ways:
 * - the Tools Agent (version 3) hands its tool calls to the workflow engine (an EngineRequest), which
 *   runs the tool node like any other node: an ExecuteContext whose isToolExecution() says false;
 * - older agents and other tool users (e.g. the MCP Server Trigger) call the node's execute() through
 *   a SupplyDataContext, whose isToolExecution() says true.
 * Either way the node in the workflow is the tool variant n8n made of this node: its type is ours
 * with "Tool" appended (the same test the '@tool' display option makes for the tool-only fields).
 */
export function isAgentToolRun(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().type.endsWith('Tool') || ctx.isToolExecution?.() === true;
}
