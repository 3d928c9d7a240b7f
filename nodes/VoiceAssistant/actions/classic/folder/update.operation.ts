import { updateOperation } from '../group/operations';
import { FOLDER } from '../group/kinds';

/** PUT /user/folder/{id} (the docs), or PUT /user/folders/{id} where the host speaks the MCP server's paths. */
export const operation = updateOperation(FOLDER);
