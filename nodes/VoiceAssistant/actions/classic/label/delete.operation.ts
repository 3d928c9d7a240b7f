import { deleteGroupOperation } from '../group/operations';
import { LABEL } from '../group/kinds';

/** DELETE /user/label/{id} (the docs), or DELETE /user/labels/{id} where the host speaks the MCP server's paths. */
export const operation = deleteGroupOperation(LABEL);
