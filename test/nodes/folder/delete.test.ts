/** Folder → Delete: DELETE /user/folder/{id}, or the plural path on hosts that speak the MCP server's. The cases are shared with the other kind: ../groupCases.ts. */
import { describeDelete, FOLDER_CASE } from '../groupCases';

describeDelete(FOLDER_CASE);
