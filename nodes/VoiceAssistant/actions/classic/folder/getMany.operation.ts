import { getManyOperation } from '../group/operations';
import { FOLDER } from '../group/kinds';

/** GET /user/folders (paged). */
export const operation = getManyOperation(FOLDER);
