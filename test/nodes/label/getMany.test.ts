/** Label → Get Many: GET /user/labels, paged (Return All / Limit). The cases are shared with the other kind: ../groupCases.ts. */
import { describeGetMany, LABEL_CASE } from '../groupCases';

describeGetMany(LABEL_CASE);
