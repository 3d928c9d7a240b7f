/**
 * Campaign → Create: every field under its platform name, empty optional fields left out, the
 * pre-send checks of times, days, time zone and parallel calls, and an unknown assistant named.
 */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';
import { prepare } from '../prepare';
import { operation as createCampaign } from '../../../nodes/VoiceAssistant/actions/classic/campaign/create.operation';

const t = useNodeSandbox();

describe('Campaign → Create', () => {
	it('posts every field in the platform names; empty optional fields are left out', async () => {
		const result = await t.run({
			resource: 'campaign',
			operation: 'create',
			name: 'Autumn Outreach',
			assistantId: fromList(1),
			additionalFields: {
				timezone: 'Europe/Vienna',
				maxCallsInParallel: 3,
				allowedHoursStartTime: '9:30',
				allowedHoursEndTime: '17:00',
				allowedDays: ['monday', 'wednesday', 'friday'],
				maxRetries: 2,
				retryInterval: 90,
				retryOnVoicemail: true,
				retryOnGoalIncomplete: false,
				goalCompletionVariable: 'interested',
				markCompleteWhenNoLeads: true,
				phoneNumberIds: [1, 6],
			},
		});
		const [item] = jsonOf(expectOk(result));
		expect(t.requests()[0]).toMatchObject({ method: 'POST', path: '/api/user/campaigns', status: 201 });
		expect(t.requests()[0].body).toEqual({
			name: 'Autumn Outreach',
			assistant_id: 1,
			timezone: 'Europe/Vienna',
			max_calls_in_parallel: 3,
			allowed_hours_start_time: '09:30',
			allowed_hours_end_time: '17:00',
			allowed_days: ['monday', 'wednesday', 'friday'],
			max_retries: 2,
			retry_interval: 90,
			retry_on_voicemail: true,
			retry_on_goal_incomplete: false,
			goal_completion_variable: 'interested',
			mark_complete_when_no_leads: true,
			phone_number_ids: [1, 6],
		});
		expect(item).toMatchObject({ name: 'Autumn Outreach', status: 'draft', message: 'Campaign created successfully', allowed_days: ['monday', 'wednesday', 'friday'] });
		expect(t.sb.store.campaigns.find((c) => c.id === item.id)).toMatchObject({ user_id: t.sb.users.alice, assistant_id: 1 });
	});

	it('sends only name and assistant when nothing else is given', async () => {
		expectOk(await t.run({ resource: 'campaign', operation: 'create', name: 'Minimal', assistantId: byId(1), additionalFields: { goalCompletionVariable: '' } }));
		expect(t.requests()[0].body).toEqual({ name: 'Minimal', assistant_id: 1 });
	});

	it.each([
		[{ allowedHoursStartTime: '25:00' }, 'Calling Hours Start must be a time of day as HH:MM, e.g. 09:00 or 17:30 (got "25:00") [item 0]'],
		[{ allowedHoursEndTime: '5pm' }, 'Calling Hours End must be a time of day as HH:MM, e.g. 09:00 or 17:30 (got "5pm") [item 0]'],
		[{ allowedDays: ['monday', 'caturday'] }, 'Allowed Days must be days of the week, monday to sunday (got ["monday","caturday"]) [item 0]'],
		[{ timezone: 'Mars/Olympus' }, 'Timezone must be a time zone name such as Europe/Berlin (got "Mars/Olympus") [item 0]'],
		[{ maxCallsInParallel: 0 }, 'Max Calls in Parallel must be between 1 and 1000 (got 0) [item 0]'],
	])('checks %j before sending', async (additionalFields, message) => {
		const result = await t.run({ resource: 'campaign', operation: 'create', name: 'Bad', assistantId: byId(1), additionalFields });
		expect(result.error?.message).toBe(message);
		expect(t.requests()).toHaveLength(0);
	});

	it("names the assistant when the platform does not know it (another account's)", async () => {
		const result = await t.run({ resource: 'campaign', operation: 'create', name: 'Not mine', assistantId: byId(13) });
		expect(result.error?.message).toBe('Assistant 13 was not found');
	});
});

describe('Campaign → Create: the request prepare builds', () => {
	it('puts every field under its platform name (times as HH:MM) and leaves empty optional fields out', () => {
		const full = prepare(createCampaign, {
			name: 'Autumn Outreach',
			assistantId: fromList(1),
			additionalFields: { timezone: 'Europe/Vienna', allowedHoursStartTime: '9:30', allowedDays: ['monday'], maxRetries: 2, retryOnGoalIncomplete: false, phoneNumberIds: [1, 6] },
		});
		expect(full.request).toMatchObject({ method: 'POST', path: '/user/campaigns' });
		expect(full.request.body).toEqual({
			name: 'Autumn Outreach',
			assistant_id: 1,
			timezone: 'Europe/Vienna',
			allowed_hours_start_time: '09:30',
			allowed_days: ['monday'],
			max_retries: 2,
			retry_on_goal_incomplete: false,
			phone_number_ids: [1, 6],
		});
		const minimal = prepare(createCampaign, { name: 'Minimal', assistantId: byId(1), additionalFields: { goalCompletionVariable: '' } });
		expect(minimal.request.body).toEqual({ name: 'Minimal', assistant_id: 1 });
	});
});
