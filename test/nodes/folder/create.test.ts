/** Folder → Create: POST /user/folder, or the plural path on hosts that speak the MCP server's. The cases are shared with the other kind: ../groupCases.ts. */
import { describeCreate, FOLDER_CASE } from '../groupCases';

describeCreate(FOLDER_CASE);
