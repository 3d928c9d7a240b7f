/**
 * Runs worker(0..count-1) with at most `concurrency` in flight and returns the results in index
 * order. On the first failure no new index is started and the failure is rethrown once the ones
 * already in flight have settled (their side effects happened; they must not be silently dropped
 * mid-request).
 */
export async function runInOrder<T>(
	count: number,
	concurrency: number,
	worker: (index: number) => Promise<T>,
): Promise<T[]> {
	const results = new Array<T>(count);
	let next = 0;
	let failure: { error: unknown } | undefined;

	const lane = async () => {
		while (failure === undefined && next < count) {
			const index = next++;
			try {
				results[index] = await worker(index);
			} catch (error) {
				failure ??= { error };
			}
		}
	};

	await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
	if (failure) throw failure.error;
	return results;
}
