/** Label → Update: PUT /user/label/{id}, or the plural path on hosts that speak the MCP server's. The cases are shared with the other kind: ../groupCases.ts. */
import { describeUpdate, LABEL_CASE } from '../groupCases';

describeUpdate(LABEL_CASE);
