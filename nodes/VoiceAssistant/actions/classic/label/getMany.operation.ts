import { getManyOperation } from '../group/operations';
import { LABEL } from '../group/kinds';

/** GET /user/labels (paged). */
export const operation = getManyOperation(LABEL);
