import type { IExecuteFunctions } from 'n8n-workflow';

import { fail } from '../shared/validate';
import { apiRequestAllCursor } from '../transport/cursor';
import { apiRequestAllPages } from '../transport/paginate';
import { walkPlatform2List } from '../transport/platform2Paging';
import { sendInForm, type RequestForm } from '../transport/forms';
import { apiRequest } from '../transport/request';
import { requestTarget } from '../transport/target';
import type { Slot } from './batch/runInOrder';
import type { AnyOperation, Api, ApiCall, Lookup } from './operation';
import type { RequestOptions } from './requestOptions';

/**
 * The transport for one item of one operation: its item index, timeout and "may have happened"
 * words; `slot`, the item's hold on Requests in Parallel (none for batch lookups).
 */
export function apiFor(ctx: IExecuteFunctions, op: AnyOperation, itemIndex: number, options: RequestOptions, slot?: Slot): Api {
	const batch = options.batch;
	// Only the item's first request may be refused after another item failed: once one went out, the
	// item is in flight and finishes (a later request of it may depend on what the first one did).
	let started = false;
	const beforeSend = batch
		? () => {
				if (started) return undefined;
				started = true;
				return batch.gate.refuse(ctx.getNode(), itemIndex);
			}
		: undefined;
	return {
		ctx,
		itemIndex,
		setAside: async (wait) => (slot ? await slot.aside(wait) : await wait()),
		async request(call: ApiCall) {
			if (call.paging && call.platform2) {
				const style = call.paging.style === 'cursor' || call.paging.style === 'after' ? call.paging.style : 'offset';
				return await walkPlatform2List.call(ctx, call.path, call.qs ?? {}, {
					...call.paging,
					style,
					platform2: call.platform2,
					itemIndex,
					timeoutMs: options.timeoutMs,
				});
			}
			if (call.paging) {
				const walk = call.paging.style === 'cursor' ? apiRequestAllCursor : apiRequestAllPages;
				return await walk.call(ctx, call.path, call.qs ?? {}, {
					...call.paging,
					itemIndex,
					timeoutMs: options.timeoutMs,
				});
			}
			const send = async (form: RequestForm) =>
				await apiRequest.call(ctx, form.method, form.path, {
					body: form.body,
					upload: call.upload,
					qs: call.qs,
					platform2: call.platform2,
					notFound: call.notFound,
					itemIndex,
					timeoutMs: options.timeoutMs,
					effect: op.write?.mayHaveHappened,
					beforeSend,
					observe: batch ? (sample) => batch.concurrency.observe(sample) : undefined,
				});
			if (!call.otherForm) return await send(call);
			const { dialect, completeBody, completeBodyKeys, ...differences } = call.otherForm;
			const { key } = await requestTarget(ctx);
			const reference: RequestForm = { method: call.method, path: call.path, body: call.body };
			const other: RequestForm = { ...reference, ...differences, ...(completeBodyKeys ? { keys: completeBodyKeys } : {}) };
			const sendForm = async (form: RequestForm) =>
				await send(form === other && completeBody ? { method: form.method, path: form.path, body: await completeBody() } : form);
			return await sendInForm(key, { dialect, forms: [reference, other] }, sendForm);
		},
	};
}

/** Reads shared by the whole batch: the first item that needs one fetches it, the others wait for it. */
export function batchLookups<P>(
	ctx: IExecuteFunctions,
	op: AnyOperation,
	options: RequestOptions,
	batch: ReadonlyArray<P | undefined>,
): (itemIndex: number) => Lookup<P> {
	const cache = new Map<string, Promise<unknown>>();
	return (itemIndex) => ({
		itemIndex,
		batch,
		fail: (field, problem) => fail(ctx.getNode(), { field, itemIndex }, problem),
		async once<T>(key: string, read: (api: Api) => Promise<T>): Promise<T> {
			let pending = cache.get(key) as Promise<T> | undefined;
			if (pending === undefined) {
				pending = read(apiFor(ctx, op, itemIndex, options));
				cache.set(key, pending);
			}
			return await pending;
		},
	});
}
