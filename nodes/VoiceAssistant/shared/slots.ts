/**
 * At most `max` tasks of one kind at once; the others wait their turn in order. Recordings are
 * large: a run of 32 items in parallel must not download 32 of them at the same time.
 */
export class Slots {
	private running = 0;
	private readonly waiting: Array<() => void> = [];

	constructor(private readonly max: number) {}

	async run<T>(task: () => Promise<T>): Promise<T> {
		if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
		this.running++;
		try {
			return await task();
		} finally {
			this.running--;
			this.waiting.shift()?.();
		}
	}
}

const byOwner = new WeakMap<object, Slots>();

/** The slots of one owner (a node run's context, or one shared object for a whole process). */
export function slotsFor(owner: object, max: number): Slots {
	let slots = byOwner.get(owner);
	if (!slots) {
		slots = new Slots(max);
		byOwner.set(owner, slots);
	}
	return slots;
}
