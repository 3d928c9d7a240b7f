/**
 * The variants of the platform a sandbox can play (set in SandboxOptions or switched later). A leaf:
 * the store and the records need these names, and types.ts (which needs the store) re-exports them.
 */

export type TranscriptFormat = 'string' | 'array';

/** What POST /user/make_call answers: the reference's `{message, data: {}}`, or with `call_id` beside it. */
export type MakeCallAnswer = 'with-call-id' | 'data-only';

/**
 * Whether the deployment has /user/calls/{id} (platform facts, beyond the reference): 'served' (default);
 * 'route-missing': no such route (GET and DELETE answer the router's 404 "The route … could not be
 * found."); 'get-missing': only DELETE is routed (GET answers 405 "The GET method is not supported …").
 */
export type CallByIdRoute = 'served' | 'route-missing' | 'get-missing';

/**
 * Which paths the folder and label writes take (docs/platform-facts.md, "Folders and labels", CONFLICT on the write paths):
 * 'singular' (default; the 2026 docs: POST /user/folder, PUT|DELETE /user/folder/{id}, same for labels)
 * or 'plural' (the MCP server: /user/folders, /user/folders/{id}). The other spelling answers as an
 * unrouted path does (404, or 405 where the list's GET route has that path).
 */
export type CatalogWritePaths = 'singular' | 'plural';

/**
 * Which generation of the classic API an account's host speaks (docs/platform-facts.md, "Writes
 * spelled differently"): 'reference' answers as the API reference says; '2026' as Famulor's 2026 docs say (other
 * write paths and assistant body keys; the reference's forms are refused there, and the other way round).
 */
export type Generation = 'reference' | '2026';
