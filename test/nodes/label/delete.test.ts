/** Label → Delete: DELETE /user/label/{id}, or the plural path on hosts that speak the MCP server's. The cases are shared with the other kind: ../groupCases.ts. */
import { describeDelete, LABEL_CASE } from '../groupCases';

describeDelete(LABEL_CASE);
