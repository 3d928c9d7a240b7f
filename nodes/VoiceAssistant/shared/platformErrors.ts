/**
 * What the transport's errors (NodeApiError with the platform's status) say, read the same way by the
 * trigger's tool registration and the action node's tool operations.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/** The HTTP status the platform answered, when the error carries one. */
export function statusOf(error: unknown): number | undefined {
	const code = Number((error as { httpCode?: unknown } | undefined)?.httpCode);
	return Number.isInteger(code) && code > 0 ? code : undefined;
}

/** 404: the record is not there (any more). */
export const isGone = (error: unknown): boolean => statusOf(error) === 404;

/** A 409 whose words name the platform's error code (e.g. revision_conflict, tool_in_use). */
export function isConflict(error: unknown, code: string): boolean {
	if (statusOf(error) !== 409) return false;
	const { message, description } = (error ?? {}) as { message?: unknown; description?: unknown };
	return [message, description].some((text) => typeof text === 'string' && text.includes(code));
}

/** A caught error as n8n's own kind (the transport's errors already are; anything else is wrapped). */
export function nodeErrorOf(node: INode, error: unknown): NodeApiError | NodeOperationError {
	return error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(node, error as Error);
}
