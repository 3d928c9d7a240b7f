import { NodeOperationError } from 'n8n-workflow';
import type { INode, NodeApiError } from 'n8n-workflow';

import { nodeErrorOf } from '../../shared/platformErrors';

/**
 * An activation failure in words: n8n 1.x shows only an activation error's message, and the transport
 * puts the platform's words in the description of some errors (e.g. a 422 without field errors).
 */
export function activationFailure(node: INode, what: string, error: unknown): NodeApiError | NodeOperationError {
	const known = nodeErrorOf(node, error);
	const words = [known.message, known.description].filter((text): text is string => typeof text === 'string' && text.trim() !== '');
	const said = words.find((text) => !/^(GET|POST|PUT|PATCH|DELETE) \//.test(text)) ?? words[0] ?? 'the platform refused';
	return new NodeOperationError(node, `${what}: ${said}`, { description: known.description ?? undefined });
}
