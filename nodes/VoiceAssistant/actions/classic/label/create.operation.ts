import { createOperation } from '../group/operations';
import { LABEL } from '../group/kinds';

/** POST /user/label (the docs), or POST /user/labels where the host speaks the MCP server's paths. */
export const operation = createOperation(LABEL);
