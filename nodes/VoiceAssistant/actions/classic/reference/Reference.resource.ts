import type { Resource } from '../../../engine/operation';
import { operation as getLanguages } from './getLanguages.operation';
import { operation as getModels } from './getModels.operation';
import { operation as getPhoneNumbers } from './getPhoneNumbers.operation';
import { operation as getSynthesizerProviders } from './getSynthesizerProviders.operation';
import { operation as getTranscriberProviders } from './getTranscriberProviders.operation';
import { operation as getVoices } from './getVoices.operation';

export const resource: Resource = {
	value: 'reference',
	name: 'Reference Data',
	defaultOperation: 'getModels',
	operations: [getModels, getVoices, getLanguages, getPhoneNumbers, getSynthesizerProviders, getTranscriberProviders],
};
