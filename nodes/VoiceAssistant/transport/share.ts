import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/**
 * A part of the token's rate limit that a caller keeps to (the polling trigger's 10 %). The platform
 * counts requests, not pages or calls of apiRequest: every attempt, retries included, is taken from
 * the share at the moment it goes out (after the pacer gave it a slot), or it does not go out.
 */
export interface RequestShare {
	/** Counts one request sent now; false when the share has no room for it (it is then not sent). */
	take(): boolean;
	/**
	 * The request last taken has its answer (or failed) now. The platform counted it at some moment
	 * between the two, so a share that holds it until now + its window never sends into a window the
	 * platform still counts it in, however late a busy event loop sent it or read the answer.
	 */
	settled?(): void;
}

/**
 * A request whose share had no room for its first attempt. (A retry the share has no room for ends
 * with the failure that asked for it: the platform's own answer says more than this.)
 */
export class ShareUsedUp extends NodeOperationError {
	constructor(node: INode) {
		super(node, 'The share of the rate limit this request may use is used up for now');
	}
}
