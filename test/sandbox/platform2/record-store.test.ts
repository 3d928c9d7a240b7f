/**
 * The sandbox's record store: lists newest first, live (the array a list hands out stays the list),
 * and inserts that cost the same however long the list is (they join it when it is next read).
 */
import { RecordStore } from '../../../sandbox/platform2/records';

describe('RecordStore', () => {
	it('lists the newest first, inserted and seeded records in their places, and the same array each time', () => {
		const store = new RecordStore();
		store.append('w', '/leads', [], { id: 'seeded-newer' });
		store.append('w', '/leads', [], { id: 'seeded-older' });
		const live = store.list('w', '/leads');
		store.insert('w', '/leads', [], { id: 'a' });
		store.insert('w', '/leads', [], { id: 'b' });
		expect(store.list('w', '/leads')).toBe(live);
		expect(live.map((r) => r.id)).toEqual(['b', 'a', 'seeded-newer', 'seeded-older']);
		store.insert('w', '/leads', [], { id: 'c' });
		expect(store.find('w', '/leads', [], 'c')).toEqual({ id: 'c' });
		// the array handed out earlier holds c too (find read the list)
		expect(live[0].id).toBe('c');
		store.remove('w', '/leads', [], live[1]);
		expect(store.list('w', '/leads').map((r) => r.id)).toEqual(['c', 'a', 'seeded-newer', 'seeded-older']);
		store.insert('w', '/campaigns/{}/leads', ['x'], { id: 'nested' });
		expect(store.allOf('w', '/campaigns/{}/leads').map((r) => r.id)).toEqual(['nested']);
	});

	it('adding 1,000 records to a list of 100,000 moves the list once', () => {
		const store = new RecordStore();
		for (let i = 0; i < 100_000; i++) store.insert('w', '/leads', [], { id: i });
		const list = store.list('w', '/leads');
		expect(list[0].id).toBe(99_999);
		// counted in element moves, not time: a prepend per record would move 100,000 records 1,000 times
		let writes = 0;
		const counting = new Proxy(list, {
			set(target, key, value) {
				if (typeof key === 'string' && /^\d+$/.test(key)) writes++;
				return Reflect.set(target, key, value);
			},
		});
		const spaces = (store as unknown as { spaces: Map<string, { collections: Map<string, unknown> }> }).spaces;
		spaces.get('w')!.collections.set('/leads#', counting);
		for (let i = 0; i < 1000; i++) store.insert('w', '/leads', [], { id: 100_000 + i });
		expect(store.list('w', '/leads')[0].id).toBe(100_999);
		expect(writes).toBe(101_000);
	});
});
