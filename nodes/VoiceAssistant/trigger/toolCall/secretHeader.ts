/**
 * The header every tool call carries the activation's secret in (the tool is created with it). A
 * header, not the URL: the URL shows in the platform's tool list, logs and error pages.
 */
export const TOOL_SECRET_HEADER_NAME = 'X-Voice-Assistant-Secret';
/** As n8n hands request headers over: lowercased. */
export const TOOL_SECRET_HEADER = TOOL_SECRET_HEADER_NAME.toLowerCase();
