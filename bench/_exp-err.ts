import { startSandbox } from '../sandbox';
import { runNode } from '../test/harness';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { VoiceAssistant } = require('../nodes/VoiceAssistant/VoiceAssistant.node.ts');
(async () => {
  const sb = await startSandbox({ quiet: true });
  sb.setFaults([{ kind: 'status', status: 502, count: 1, match: { method: 'POST', path: '/api/user/lead' } }]);
  const r = await runNode({ node: VoiceAssistant, parameters: { resource: 'lead', operation: 'create', campaignId: { __rl: true, mode: 'id', value: '1' }, phoneNumber: '+4917640000999', requestOptions: { timeout: 300 } }, credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl }, continueOnFail: true });
  console.log(JSON.stringify(r.items, null, 1).slice(0, 3000));
  await sb.stop();
})();
