import { NodeOperationError, sleep } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The end of a wait for a call, whichever API generation placed it: the call ended (or its reads
 * failed), Max Wait passed, or the execution was stopped. Shared by classic Call → Make and Platform
 * 2.0 Create Call, so both fail alike and in the same words.
 */
export type WaitOutcome<T> = { ended: T } | { failed: unknown } | 'max-wait' | 'cancelled';

export async function raceDeadline<T>(ctx: IExecuteFunctions, ended: Promise<T>, maxWaitMs: number): Promise<WaitOutcome<T>> {
	const stop = new AbortController();
	const cancel = ctx.getExecutionCancelSignal();
	const maxWait = sleep(Math.max(0, maxWaitMs), stop.signal).then(
		() => 'max-wait' as const,
		() => 'settled' as const,
	);
	let onCancel: (() => void) | undefined;
	const cancelled = new Promise<'cancelled'>((resolve) => {
		onCancel = () => resolve('cancelled');
		if (cancel?.aborted) onCancel();
		else cancel?.addEventListener('abort', onCancel, { once: true });
	});
	try {
		type Raced = WaitOutcome<T> | 'settled';
		const outcome = await Promise.race<Raced>([
			ended.then((value) => ({ ended: value }), (error: unknown) => ({ failed: error })),
			maxWait,
			cancelled,
		]);
		// 'settled' only comes after stop.abort() below, never here
		return outcome as WaitOutcome<T>;
	} finally {
		stop.abort();
		if (onCancel) cancel?.removeEventListener('abort', onCancel);
	}
}

/** The item's error for a wait that did not see its call end: `call` e.g. 'call 123', `status` e.g. 'last status "ringing"'. */
export function waitFailure(
	ctx: IExecuteFunctions,
	outcome: Exclude<WaitOutcome<unknown>, { ended: unknown }>,
	args: { call: string; status: string; maxWaitMs: number; itemIndex: number; placedOnce: string },
): NodeOperationError {
	const { call, status, itemIndex, placedOnce } = args;
	if (typeof outcome === 'object') {
		const reason = (outcome.failed as { message?: string } | undefined)?.message ?? String(outcome.failed);
		return new NodeOperationError(ctx.getNode(), `Could not follow ${call}: ${reason}`, { itemIndex, description: placedOnce });
	}
	if (outcome === 'cancelled') {
		// "canceled" (n8n's spelling) makes n8n record the execution as canceled rather than failed.
		return new NodeOperationError(ctx.getNode(), `The execution was canceled while waiting for ${call} to end (${status})`, { itemIndex });
	}
	return new NodeOperationError(ctx.getNode(), `${capitalise(call)} did not end within Max Wait (${formatMinutes(args.maxWaitMs)}): ${status}`, {
		itemIndex,
		description: placedOnce,
	});
}

function capitalise(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

function formatMinutes(ms: number): string {
	const minutes = ms / 60_000;
	if (minutes >= 1 && Number.isInteger(minutes)) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
	return `${Math.round(ms / 1000)} s`;
}
