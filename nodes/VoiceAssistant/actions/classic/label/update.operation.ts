import { updateOperation } from '../group/operations';
import { LABEL } from '../group/kinds';

/** PUT /user/label/{id} (the docs), or PUT /user/labels/{id} where the host speaks the MCP server's paths. */
export const operation = updateOperation(LABEL);
