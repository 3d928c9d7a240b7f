/**
 * Platform 2.0 sandbox: campaigns answered without the times they entered a status, as the catalogue has
 * them (sb.platform2.setCampaignEntryTimes(false), or its control route), and the catalogue's
 * updateCampaign (a rename) moving updated_at: what the polling trigger's status events are tested on.
 */
import axios from 'axios';

import { CAMPAIGN_ENTRY_TIMES } from '../../../sandbox/platform2/behaviours/campaignEntryTimes';
import { firstId, useP2 } from './helpers';

const c = useP2();
const hasNoEntryTime = (record: Record<string, unknown>) => CAMPAIGN_ENTRY_TIMES.every((field) => !(field in record));

describe('campaign entry times', () => {
	it('on by default: start stamps started_at, stop paused_at', async () => {
		const api = c.as('full');
		const id = firstId(c.sb, '/campaigns');
		expect((await api.post(`/campaigns/${id}/start`)).data.data.started_at).toEqual(expect.any(String));
		expect((await api.post(`/campaigns/${id}/stop`)).data.data.paused_at).toEqual(expect.any(String));
	});

	it('off: every answer holding a campaign leaves them out; the records keep them; a rename moves updated_at', async () => {
		const api = c.as('full');
		const id = firstId(c.sb, '/campaigns');
		c.sb.platform2.setCampaignEntryTimes(false);
		const started = (await api.post(`/campaigns/${id}/start`)).data.data;
		expect(started.status).toBe('running');
		expect(hasNoEntryTime(started)).toBe(true);
		const listed = (await api.get('/campaigns', { params: { status: 'running' } })).data.data as Array<Record<string, unknown>>;
		expect(listed.map((record) => record.id)).toContain(id);
		expect(listed.every(hasNoEntryTime)).toBe(true);
		expect(hasNoEntryTime((await api.get(`/campaigns/${id}`)).data.data)).toBe(true);

		const renamed = await api.patch(`/campaigns/${id}`, { name: 'Spring Promotion (renamed)' });
		expect(renamed.status).toBe(200);
		expect(renamed.data.data).toMatchObject({ name: 'Spring Promotion (renamed)', status: 'running' });
		expect(Date.parse(renamed.data.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(String(started.updated_at)));
		expect(hasNoEntryTime(renamed.data.data)).toBe(true);
		expect(hasNoEntryTime((await api.post(`/campaigns/${id}/stop`)).data.data)).toBe(true);
		// the stored record keeps them, for a test that looks
		expect(c.sb.platform2.list('A', '/campaigns').find((record) => record.id === id)).toMatchObject({ started_at: expect.any(String), paused_at: expect.any(String) });
	});

	it('the control route switches it (422 without a boolean); reset turns them on again', async () => {
		const api = c.as('full');
		const id = firstId(c.sb, '/campaigns');
		const route = `${c.sb.origin}/sandbox/platform2/campaign-entry-times`;
		expect((await axios.post(route, { enabled: 'no' }, { validateStatus: () => true })).status).toBe(422);
		expect((await axios.post(route, { enabled: false })).data).toEqual({ enabled: false });
		expect(hasNoEntryTime((await api.post(`/campaigns/${id}/start`)).data.data)).toBe(true);
		c.sb.reset();
		expect((await api.post(`/campaigns/${id}/start`)).data.data.started_at).toEqual(expect.any(String));
	});
});
