import type { Resource } from '../../../engine/operation';
import { operation as buy } from './buy.operation';
import { operation as getMany } from './getMany.operation';
import { operation as release } from './release.operation';
import { operation as searchAvailable } from './searchAvailable.operation';
import { operation as updateNickname } from './updateNickname.operation';

export const resource: Resource = {
	value: 'phoneNumber',
	name: 'Phone Number',
	defaultOperation: 'getMany',
	operations: [getMany, searchAvailable, buy, updateNickname, release],
};
