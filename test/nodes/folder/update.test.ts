/** Folder → Update: PUT /user/folder/{id}, or the plural path on hosts that speak the MCP server's. The cases are shared with the other kind: ../groupCases.ts. */
import { describeUpdate, FOLDER_CASE } from '../groupCases';

describeUpdate(FOLDER_CASE);
