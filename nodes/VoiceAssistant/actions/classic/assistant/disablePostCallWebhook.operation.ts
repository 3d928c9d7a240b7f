import { webhookSwitchOperation } from './webhookSwitch';

export const operation = webhookSwitchOperation('postCall', false);
