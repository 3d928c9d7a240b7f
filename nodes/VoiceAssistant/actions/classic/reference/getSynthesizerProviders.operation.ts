import { providerList } from './providers';

export const operation = providerList('synthesizer');
