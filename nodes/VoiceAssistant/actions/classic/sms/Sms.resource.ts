import type { Resource } from '../../../engine/operation';
import { operation as send } from './send.operation';

export const resource: Resource = { value: 'sms', name: 'SMS', defaultOperation: 'send', operations: [send] };
