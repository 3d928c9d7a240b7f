import { webhookSwitchOperation } from './webhookSwitch';

export const operation = webhookSwitchOperation('inbound', true);
