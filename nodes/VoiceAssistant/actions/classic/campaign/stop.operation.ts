import { setStatusOperation } from './setStatus';

export const operation = setStatusOperation('stop');
