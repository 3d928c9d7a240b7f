/** Label → Create: POST /user/label, or the plural path on hosts that speak the MCP server's. The cases are shared with the other kind: ../groupCases.ts. */
import { describeCreate, LABEL_CASE } from '../groupCases';

describeCreate(LABEL_CASE);
