import { createOperation } from '../group/operations';
import { FOLDER } from '../group/kinds';

/** POST /user/folder (the docs), or POST /user/folders where the host speaks the MCP server's paths. */
export const operation = createOperation(FOLDER);
