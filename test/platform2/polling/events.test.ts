/**
 * Platform 2.0 polling, every other event: Conversation Ended and Conversation Activity (List
 * History), Booking Created / Cancelled / Rescheduled / Completed / No-Show (List Bookings), New
 * Campaign Lead (List Audience Contacts with created_from), Scheduled Callback Due / Completed (List
 * Scheduled Callbacks). Each emitted once across a restart and a deactivate/activate cycle, with the
 * lists answered newest or oldest first; a poll with nothing new costs one request per event (these lists
 * are short: their first page holds them whole).
 */
import { HOUR, LIST_ORDERS, MINUTE, usePolling2, type Polling2 } from './helpers';

const iso = (ms: number) => new Date(ms).toISOString();

interface Case {
	event: string;
	path: string;
	/** something that happened before activation (history) */
	before(t: Polling2): void;
	/** makes one event happen at serverNow; answers the id the item carries */
	happen(t: Polling2): string;
	/** a change that is no event */
	noise?(t: Polling2): void;
}

const CASES: Case[] = [
	{
		event: 'conversationEnded',
		path: '/history',
		before: (t) => void t.at({ collection: '/history', fields: { type: 'whatsapp', status: 'completed', ended_at: iso(t.serverNow) } }),
		happen: (t) => {
			const open = t.at({ collection: '/history', fields: { type: 'whatsapp', status: 'in_progress', ended_at: null } });
			t.serverNow += 5 * MINUTE;
			t.at({ collection: '/history', fields: { type: 'email', status: 'in_progress' } }); // still open: no event
			t.at({ collection: '/history', id: String(open.id), fields: { status: 'completed', ended_at: iso(t.serverNow) } });
			return String(open.id);
		},
	},
	{
		event: 'bookingCreated',
		path: '/bookings',
		before: (t) => void t.at({ collection: '/bookings', fields: { status: 'confirmed', start_at: iso(t.serverNow + HOUR) } }),
		happen: (t) => String(t.at({ collection: '/bookings', fields: { status: 'confirmed', start_at: iso(t.serverNow + 2 * HOUR) } }).id),
	},
	{
		event: 'bookingCancelled',
		path: '/bookings',
		before: (t) => void t.at({ collection: '/bookings', fields: { status: 'cancelled', start_at: iso(t.serverNow + HOUR) } }),
		happen: (t) => {
			const booking = t.at({ collection: '/bookings', fields: { status: 'confirmed', start_at: iso(t.serverNow + HOUR) } });
			t.serverNow += MINUTE;
			return String(t.at({ collection: '/bookings', id: String(booking.id), fields: { status: 'cancelled', cancelled_at: iso(t.serverNow) } }).id);
		},
	},
	{
		event: 'bookingRescheduled',
		path: '/bookings',
		before: (t) => void t.at({ collection: '/bookings', fields: { status: 'confirmed', start_at: iso(t.serverNow + HOUR), rescheduled_at: iso(t.serverNow) } }),
		happen: (t) => {
			const booking = t.at({ collection: '/bookings', fields: { status: 'confirmed', start_at: iso(t.serverNow + HOUR) } });
			t.serverNow += MINUTE;
			t.at({ collection: '/bookings', id: String(booking.id), fields: { start_at: iso(t.serverNow + 3 * HOUR), rescheduled_at: iso(t.serverNow) } });
			return String(booking.id);
		},
		noise: (t) => {
			const moved = t.sb.platform2.list('A', '/bookings').find((b) => b.rescheduled_at && b.updated_at === iso(t.serverNow - MINUTE));
			if (moved) t.at({ collection: '/bookings', id: String(moved.id), fields: { notes: 'Bring the contract' } });
		},
	},
	{
		event: 'campaignLead',
		path: '/leads',
		before: (t) => void t.at({ collection: '/leads', fields: { name: 'Old', phone_number: '+4915112340000' } }),
		happen: (t) => String(t.at({ collection: '/leads', fields: { name: 'New', phone_number: '+4915112340001' } }).id),
	},
	{
		event: 'callbackDue',
		path: '/scheduled-callbacks',
		before: (t) => void t.at({ collection: '/scheduled-callbacks', fields: { status: 'completed', scheduled_at: iso(t.serverNow) } }),
		happen: (t) => {
			const callback = t.at({ collection: '/scheduled-callbacks', fields: { status: 'pending', scheduled_at: iso(t.serverNow + 10 * MINUTE) } });
			t.serverNow += 10 * MINUTE;
			t.at({ collection: '/scheduled-callbacks', id: String(callback.id), fields: { status: 'dialing' } });
			return String(callback.id);
		},
		noise: (t) => {
			const dialing = t.sb.platform2.list('A', '/scheduled-callbacks').find((c) => c.status === 'dialing');
			if (dialing) t.at({ collection: '/scheduled-callbacks', id: String(dialing.id), fields: { status: 'completed' } });
		},
	},
	{
		event: 'bookingCompleted',
		path: '/bookings',
		before: (t) => void t.at({ collection: '/bookings', fields: { status: 'completed', start_at: iso(t.serverNow - HOUR) } }),
		happen: (t) => {
			const booking = t.at({ collection: '/bookings', fields: { status: 'confirmed', start_at: iso(t.serverNow) } });
			t.at({ collection: '/bookings', fields: { status: 'confirmed', start_at: iso(t.serverNow + HOUR) } }); // not yet: no event
			t.serverNow += 30 * MINUTE;
			return String(t.at({ collection: '/bookings', id: String(booking.id), fields: { status: 'completed' } }).id);
		},
	},
	{
		event: 'bookingNoShow',
		path: '/bookings',
		before: (t) => void t.at({ collection: '/bookings', fields: { status: 'no_show', start_at: iso(t.serverNow - HOUR) } }),
		happen: (t) => {
			const booking = t.at({ collection: '/bookings', fields: { status: 'confirmed', start_at: iso(t.serverNow) } });
			t.serverNow += 30 * MINUTE;
			return String(t.at({ collection: '/bookings', id: String(booking.id), fields: { status: 'no_show' } }).id);
		},
	},
	{
		event: 'callbackCompleted',
		path: '/scheduled-callbacks',
		before: (t) => void t.at({ collection: '/scheduled-callbacks', fields: { status: 'completed', scheduled_at: iso(t.serverNow) } }),
		happen: (t) => {
			const callback = t.at({ collection: '/scheduled-callbacks', fields: { status: 'dialing', scheduled_at: iso(t.serverNow) } });
			t.at({ collection: '/scheduled-callbacks', fields: { status: 'failed', scheduled_at: iso(t.serverNow) } }); // failed: no event
			t.serverNow += 5 * MINUTE;
			return String(t.at({ collection: '/scheduled-callbacks', id: String(callback.id), fields: { status: 'completed' } }).id);
		},
	},
	{
		event: 'conversationActivity',
		path: '/history',
		before: (t) => void t.at({ collection: '/history', fields: { type: 'email', status: 'in_progress' } }),
		happen: (t) => String(t.at({ collection: '/history', fields: { type: 'whatsapp', status: 'in_progress' } }).id),
	},
];

describe('Polling Trigger on Platform 2.0: Conversation Activity', () => {
	const t = usePolling2({ event2: 'conversationActivity', channel: 'whatsapp' });

	it('each change of a conversation once (a message in, a reply out), of the channel asked for', async () => {
		await t.poll({ activationPoll: true });
		t.serverNow += MINUTE;
		const chat = t.at({ collection: '/history', fields: { type: 'whatsapp', status: 'in_progress' } });
		expect(t.ids(await t.poll())).toEqual([chat.id]);
		expect(t.requestsTo('/history').at(-1)).toMatchObject({ type: 'whatsapp' });
		t.serverNow += MINUTE;
		t.at({ collection: '/history', id: String(chat.id), fields: { last_message: 'Can we move it to Friday?' } });
		const reply = await t.poll();
		expect(t.ids(reply)).toEqual([chat.id]);
		expect(reply.items[0].json).toMatchObject({ event: 'conversation.updated', last_message: 'Can we move it to Friday?' });
		// read again within the slack: no second event
		expect((await t.poll()).items).toEqual([]);
	});
});

describe.each(CASES.flatMap((c) => LIST_ORDERS.map((listOrder) => ({ ...c, listOrder }))))('Polling Trigger on Platform 2.0: $event (lists $listOrder first)', (c) => {
	const t = usePolling2({ event2: c.event }, { listOrder: c.listOrder });

	it('emits each event once across a restart and a deactivate/activate cycle; nothing that happened before activation', async () => {
		c.before(t);
		t.serverNow += MINUTE;
		expect((await t.poll({ activationPoll: true })).items).toEqual([]);

		t.serverNow += MINUTE;
		const first = c.happen(t);
		const polled = await t.poll();
		expect(t.ids(polled)).toEqual([first]);
		expect(polled.items[0].json.event).toEqual(expect.any(String));
		t.serverNow += MINUTE;
		c.noise?.(t);
		expect((await t.poll()).items).toEqual([]);

		// restart: what n8n saved is loaded again
		t.serverNow += MINUTE;
		const second = c.happen(t);
		t.restart();
		expect(t.ids(await t.poll())).toEqual([second]);

		// deactivated for an hour; activated again with the static data kept
		t.serverNow += HOUR;
		const third = c.happen(t);
		t.restart();
		expect(t.ids(await t.poll({ activationPoll: true }))).toEqual([third]);
		t.restart();
		expect((await t.poll()).items).toEqual([]);
	});

	it('a poll with nothing new costs one request', async () => {
		for (let i = 0; i < 5; i++) {
			t.serverNow += MINUTE;
			c.happen(t);
		}
		await t.poll({ activationPoll: true });
		t.requestsTo(c.path);
		for (let i = 0; i < 4; i++) expect((await t.poll()).items).toEqual([]);
		expect(t.requestsTo(c.path)).toHaveLength(4);
	});
});

describe('Polling Trigger on Platform 2.0: New Campaign Lead asks only for leads created since the cursor', () => {
	const t = usePolling2({ event2: 'campaignLead' });

	it('sends created_from (the platform time of the newest lead read, less the slack) and the campaign', async () => {
		const campaign = t.sb.platform2.list('A', '/campaigns')[0];
		await t.poll({ activationPoll: true, parameters: { campaignId: String(campaign.id) } });
		t.serverNow += MINUTE;
		const lead = t.at({ collection: '/leads', fields: { name: 'New', phone_number: '+4915112340002', campaign_id: campaign.id } });
		t.requestsTo('/leads');
		expect(t.ids(await t.poll({ parameters: { campaignId: String(campaign.id) } }))).toEqual([String(lead.id)]);
		const [query] = t.requestsTo('/leads');
		expect(query.campaign_id).toBe(String(campaign.id));
		expect(Date.parse(query.created_from)).toBeLessThan(t.serverNow);
	});
});
