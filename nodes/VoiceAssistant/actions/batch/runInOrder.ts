/** How one index of a batch ended. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown } | undefined;

/**
 * Runs worker(0..count-1) with at most `concurrency` in flight and returns every outcome in index
 * order. After the first failure no new index is started; the ones already in flight are awaited
 * (their side effects happened and must be reported, not dropped mid-request). Indexes never
 * started are `undefined`.
 */
export async function runInOrder<T>(
	count: number,
	concurrency: number,
	worker: (index: number) => Promise<T>,
): Promise<Array<Settled<T>>> {
	const outcomes = new Array<Settled<T>>(count).fill(undefined);
	let next = 0;
	let failed = false;

	const lane = async () => {
		while (!failed && next < count) {
			const index = next++;
			try {
				outcomes[index] = { ok: true, value: await worker(index) };
			} catch (error) {
				outcomes[index] = { ok: false, error };
				failed = true;
			}
		}
	};

	await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), count) }, lane));
	return outcomes;
}
