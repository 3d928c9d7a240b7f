import { deleteGroupOperation } from '../group/operations';
import { FOLDER } from '../group/kinds';

/** DELETE /user/folder/{id} (the docs), or DELETE /user/folders/{id} where the host speaks the MCP server's paths. */
export const operation = deleteGroupOperation(FOLDER);
