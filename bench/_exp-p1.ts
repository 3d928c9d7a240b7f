import { startSandbox } from '../sandbox';
import { runNode } from '../test/harness';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { VoiceAssistant } = require('../nodes/VoiceAssistant/VoiceAssistant.node.ts');

(async () => {
  const N = Number(process.argv[2] ?? 200);
  const sb = await startSandbox({ rateLimit: { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 10 }, quiet: true });
  const camp = (sb.store as any).campaigns.find((c: any) => c.user_id === sb.users.alice);
  const items = Array.from({ length: N }, (_, i) => ({ phone: `+4915${String(10000000 + i).padStart(9, '0')}` }));
  const t0 = Date.now();
  const r = await runNode({ node: VoiceAssistant, parameters: { resource: 'lead', operation: 'create', campaignId: { __rl: true, mode: 'id', value: String(camp.id) }, phoneNumber: '={{ $json.phone }}' }, credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl }, items, continueOnFail: true });
  const el = Date.now() - t0;
  const reqs = sb.requests;
  const c429 = reqs.filter(r => r.status === 429).length;
  const failed = r.items.filter(i => i.json.error).length;
  console.log({ N, elapsed: el, items: r.items.length, failed, c429, requests: reqs.length, err: r.error?.message, first: r.items[0]?.json });
  const { RateLimiter } = require('../sandbox/rateLimit');
  const lim = new RateLimiter(); lim.configure({ perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 10 });
  let t = 1e12, admitted = 0; const start = t;
  while (admitted < N) { const d = lim.check('x', t); if (d.allowed) admitted++; else t += d.retryAfter * 1000; }
  const span = reqs[reqs.length-1].at - reqs[0].at;
  console.log({ theoretical: t - start, span, ratioSpan: span / (t - start), ratioWall: el / (t-start) });
  console.log(reqs.map((r,i)=>[i,r.at-reqs[0].at,r.status]).filter(x=>x[2]===429).map(x=>x[0]+'@'+x[1]).join(' '));
  await sb.stop();
})();
