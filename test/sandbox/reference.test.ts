/** Sandbox contract: reference data — LLM models, languages, voices, phone numbers. */
import { assistantBody, useClients } from './helpers';

const c = useClients();

it('lists LLM models whose names create an assistant', async () => {
	const res = await c.alice.get('/user/assistants/models');
	expect(res.status).toBe(200);
	expect(res.data.length).toBeGreaterThanOrEqual(4);
	for (const m of res.data) expect(Object.keys(m).sort()).toEqual(['id', 'name']);
	expect(res.data.map((m: any) => m.name)).toContain('gpt-4o-mini');
	const last = res.data.at(-1);
	const created = await c.alice.post('/user/assistant', assistantBody({ llm_model: last.name }));
	expect(created.status).toBe(201);
	expect(c.sb.store.assistants.find((a) => a.id === created.data.data.id)!.llm_model_id).toBe(last.id);
});

it('lists languages with iso_2', async () => {
	const res = await c.alice.get('/user/assistants/languages');
	expect(res.data.length).toBeGreaterThanOrEqual(6);
	for (const l of res.data) {
		expect(Object.keys(l).sort()).toEqual(['id', 'iso_2', 'name']);
		expect(l.iso_2).toMatch(/^[a-z]{2}$/);
	}
});

describe('voices', () => {
	it('returns both modes without a filter and filters by mode', async () => {
		const all = (await c.alice.get('/user/assistants/voices')).data;
		expect(new Set(all.map((v: any) => v.mode))).toEqual(new Set(['pipeline', 'multimodal']));
		for (const v of all) expect(Object.keys(v).sort()).toEqual(['id', 'mode', 'name']);
		for (const mode of ['pipeline', 'multimodal']) {
			const list = (await c.alice.get('/user/assistants/voices', { params: { mode } })).data;
			expect(list.length).toBeGreaterThan(0);
			expect(list.every((v: any) => v.mode === mode)).toBe(true);
			expect(list.length).toBe(all.filter((v: any) => v.mode === mode).length);
		}
	});

	it('rejects an unknown mode', async () => {
		const res = await c.alice.get('/user/assistants/voices', { params: { mode: 'opera' } });
		expect(res.status).toBe(422);
		expect(res.data.errors.mode).toEqual(['The selected mode is invalid.']);
	});
});

describe('phone numbers', () => {
	it('returns the user’s numbers of every type as an indexed array', async () => {
		const res = await c.alice.get('/user/assistants/phone-numbers');
		expect(Array.isArray(res.data)).toBe(true);
		expect(new Set(res.data.map((p: any) => p.type_label))).toEqual(new Set(['Normal', 'SIP', 'Caller ID']));
		for (const p of res.data) {
			expect(Object.keys(p).sort()).toEqual(['country_code', 'id', 'is_available', 'phone_number', 'type_label']);
			expect(p.phone_number).toMatch(/^\+\d{8,15}$/);
		}
		expect(res.data.some((p: any) => p.is_available === false)).toBe(true);
		const outbound = (await c.alice.get('/user/assistants/phone-numbers', { params: { type: 'outbound' } })).data;
		expect(outbound).toEqual(res.data);
	});

	it('leaves caller-ID and assigned numbers out of type=inbound', async () => {
		const all = (await c.alice.get('/user/assistants/phone-numbers')).data;
		const inbound = (await c.alice.get('/user/assistants/phone-numbers', { params: { type: 'inbound' } })).data;
		const expected = all.filter((p: any) => p.type_label !== 'Caller ID' && p.is_available);
		expect(inbound).toEqual(expected);
		expect(inbound.length).toBeLessThan(all.length);
		// Assigning a free number to an inbound assistant takes it out of the list and marks it unavailable.
		const free = inbound[0];
		expect((await c.alice.put('/user/assistant/5', { phone_number_id: free.id })).status).toBe(200);
		const after = (await c.alice.get('/user/assistants/phone-numbers', { params: { type: 'inbound' } })).data;
		expect(after.map((p: any) => p.id)).not.toContain(free.id);
		const again = (await c.alice.get('/user/assistants/phone-numbers')).data.find((p: any) => p.id === free.id);
		expect(again.is_available).toBe(false);
	});

	it('rejects an unknown type', async () => {
		const res = await c.alice.get('/user/assistants/phone-numbers', { params: { type: 'fax' } });
		expect(res.status).toBe(422);
	});
});
