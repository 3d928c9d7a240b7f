/** What the Conversation tests share: the parameters of an operation, and a new conversation to work on. */
import { expectOk, fromList, jsonOf, type NodeTestContext } from '../helpers';

export const conv = (operation: string, params: Record<string, unknown> = {}) => ({ resource: 'conversation', operation, ...params });

/** Creates a conversation with assistant 1 and returns its UUID; the request log starts empty after it. */
export async function newConversation(t: NodeTestContext): Promise<string> {
	const [item] = jsonOf(expectOk(await t.run(conv('create', { assistantId: fromList(1), variablesInput: 'none' }))));
	t.sb.clearRequests();
	return String(item.conversation_id);
}
