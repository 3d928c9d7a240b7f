/** getFolders (dropdown) and searchFolders (the Folder locator). The cases are shared with the other kind: ../groupCases.ts. */
import { describeDropdowns, FOLDER_CASE } from '../groupCases';

describeDropdowns(FOLDER_CASE);
