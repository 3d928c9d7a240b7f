import type { Resource } from '../operation';
import { getLanguages, getModels, getPhoneNumbers, getVoices } from './lists';

export const resource: Resource = {
	value: 'reference',
	name: 'Reference Data',
	defaultOperation: 'getModels',
	operations: [getModels, getVoices, getLanguages, getPhoneNumbers],
};
