/** getLabels (dropdown) and searchLabels (the Label locator). The cases are shared with the other kind: ../groupCases.ts. */
import { describeDropdowns, LABEL_CASE } from '../groupCases';

describeDropdowns(LABEL_CASE);
