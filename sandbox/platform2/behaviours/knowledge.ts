/** listKnowledgeBaseFaqs: the README says FAQ lists carry `meta.pending`, the FAQs still waiting for an answer or a review. */
import type { P2Answer } from '../answers';
import type { P2Call } from '../context';
import { listRows } from '../crud';
import { pageOf } from '../paging';

const PENDING = ['needs_answer', 'needs_review'];

export function listKnowledgeBaseFaqs(call: P2Call): P2Answer {
	const answer = pageOf(call.op, listRows(call), call.query, call.state.listOrder);
	const body = answer.body as { meta?: Record<string, unknown> };
	if (body.meta) body.meta.pending = call.state.records.list(call.workspace.id, call.shape.collection!, call.parents).filter((f) => PENDING.includes(String(f.status))).length;
	return answer;
}
