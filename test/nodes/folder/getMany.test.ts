/** Folder → Get Many: GET /user/folders, paged (Return All / Limit). The cases are shared with the other kind: ../groupCases.ts. */
import { describeGetMany, FOLDER_CASE } from '../groupCases';

describeGetMany(FOLDER_CASE);
