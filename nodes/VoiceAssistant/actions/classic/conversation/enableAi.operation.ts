import { setAiOperation } from './setAi';

export const operation = setAiOperation(true);
