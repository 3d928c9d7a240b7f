/**
 * Cursor paging (transport/cursor.ts, the one walker classic and Platform 2.0 cursor lists share)
 * against a scripted server: the real apiRequest and pacer, only n8n's HTTP helper replaced, so each
 * page's answer can be set.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequestAllCursor } from '../../nodes/VoiceAssistant/transport/cursor';
import { walkPlatform2List } from '../../nodes/VoiceAssistant/transport/platform2Paging';

function server(answer: (cursor: string | undefined, perPage: number) => unknown) {
	const requests: IDataObject[] = [];
	const ctx = {
		getCredentials: async () => ({ apiToken: 'token-' + Math.random(), apiKey: 'key-' + Math.random(), baseUrl: 'https://platform.test/api', origin: 'https://platform.test' }),
		getNode: () => ({ name: 'Voice Assistant', type: 'voiceAssistant', typeVersion: 1, position: [0, 0], parameters: {} }),
		helpers: {
			async httpRequestWithAuthentication(_type: string, request: { qs?: IDataObject }) {
				const qs = request.qs ?? {};
				requests.push({ ...qs });
				const cursor = (qs.cursor ?? qs.after) as string | undefined;
				return { statusCode: 200, headers: {}, body: answer(cursor, Number(qs.per_page ?? qs.limit)) };
			},
		},
	} as unknown as IExecuteFunctions;
	return { ctx, requests };
}

/** `total` records; the cursor is the index of the next record. */
function records(total: number) {
	return (cursor: string | undefined, perPage: number) => {
		const from = cursor === undefined ? 0 : Number(cursor);
		const data = Array.from({ length: Math.max(0, Math.min(perPage, total - from)) }, (_, i) => ({ id: from + i + 1 }));
		return { data, per_page: perPage, next_cursor: from + perPage < total ? String(from + perPage) : null, prev_cursor: null };
	};
}

describe('apiRequestAllCursor', () => {
	it('follows next_cursor until it is null, with the filters on every page', async () => {
		const { ctx, requests } = server(records(250));
		const all = await apiRequestAllCursor.call(ctx, '/user/conversations', { type: 'widget' }, { returnAll: true, maxPerPage: 100 });
		expect(all.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
		expect(requests).toEqual([
			{ type: 'widget', per_page: 100 },
			{ type: 'widget', per_page: 100, cursor: '100' },
			{ type: 'widget', per_page: 100, cursor: '200' },
		]);
	});

	it('Limit: asks only for what is still wanted and stops once it has it', async () => {
		const { ctx, requests } = server(records(250));
		const some = await apiRequestAllCursor.call(ctx, '/user/conversations', {}, { returnAll: false, limit: 130, maxPerPage: 100 });
		expect(some).toHaveLength(130);
		expect(requests.map((r) => r.per_page)).toEqual([100, 30]);
	});

	it('a bare array is the whole list', async () => {
		const { ctx, requests } = server(() => [{ id: 1 }, { id: 2 }]);
		expect(await apiRequestAllCursor.call(ctx, '/user/conversations', {}, { returnAll: true, maxPerPage: 100 })).toHaveLength(2);
		expect(requests).toHaveLength(1);
	});

	it('an answer without a data list is an error, not an empty list', async () => {
		const { ctx } = server(() => ({ conversations: [] }));
		await expect(apiRequestAllCursor.call(ctx, '/user/conversations', {}, { returnAll: true, maxPerPage: 100 })).rejects.toThrow(
			'The platform answered with something other than a page of records (a "data" list with "next_cursor")',
		);
	});

	it('a cursor handed back twice is an error instead of an endless walk', async () => {
		const { ctx, requests } = server(() => ({ data: [{ id: 1 }], next_cursor: 'same' }));
		await expect(apiRequestAllCursor.call(ctx, '/user/conversations', {}, { returnAll: true, maxPerPage: 100 })).rejects.toThrow(
			/handed back before/,
		);
		expect(requests).toHaveLength(2);
	});
});

describe('walkPlatform2List, cursor and after: the same walker in the 2.0 spelling', () => {
	const platform2 = { operation: 'List Things' };

	/** `total` records; the next cursor, in `meta` under `name`, is the index of the next record. */
	function metaRecords(total: number, name: 'next_cursor' | 'next_after' | 'after') {
		return (cursor: string | undefined, limit: number) => {
			const from = cursor === undefined ? 0 : Number(cursor);
			const data = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => ({ id: from + i + 1 }));
			return { data, meta: { [name]: from + limit < total ? String(from + limit) : null } };
		};
	}

	it('cursor: `limit` and `cursor` in the query, meta.next_cursor followed to the end', async () => {
		const { ctx, requests } = server(metaRecords(250, 'next_cursor'));
		const all = await walkPlatform2List.call(ctx, '/things', { q: 'x' }, { returnAll: true, maxPerPage: 100, style: 'cursor', platform2 });
		expect(all.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
		expect(requests).toEqual([
			{ q: 'x', limit: 100 },
			{ q: 'x', limit: 100, cursor: '100' },
			{ q: 'x', limit: 100, cursor: '200' },
		]);
	});

	it('after: the cursor goes back as `after`, read from meta.next_after; Limit asks only for what is still wanted', async () => {
		const { ctx, requests } = server(metaRecords(250, 'next_after'));
		const some = await walkPlatform2List.call(ctx, '/things', {}, { returnAll: false, limit: 130, maxPerPage: 100, style: 'after', platform2 });
		expect(some).toHaveLength(130);
		expect(requests).toEqual([{ limit: 100 }, { limit: 30, after: '100' }]);
	});

	it('an operation without a largest page is asked without `limit`', async () => {
		const { ctx, requests } = server((cursor) => ({ data: [{ id: cursor ?? 'first' }], meta: { after: cursor === undefined ? 'b' : null } }));
		const all = await walkPlatform2List.call(ctx, '/things', {}, { returnAll: true, maxPerPage: Infinity, style: 'after', platform2 });
		expect(all).toEqual([{ id: 'first' }, { id: 'b' }]);
		expect(requests).toEqual([{}, { after: 'b' }]);
	});

	it('a bare array is not a 2.0 page: an error, naming the shape', async () => {
		const { ctx } = server(() => [{ id: 1 }]);
		await expect(walkPlatform2List.call(ctx, '/things', {}, { returnAll: true, maxPerPage: 100, style: 'cursor', platform2 })).rejects.toThrow(
			'The platform answered with something other than a page of records ({"data": [...], "meta": {...}})',
		);
	});

	it('a cursor handed back twice is an error instead of an endless walk', async () => {
		const { ctx, requests } = server(() => ({ data: [{ id: 1 }], meta: { next_cursor: 'same' } }));
		await expect(walkPlatform2List.call(ctx, '/things', {}, { returnAll: true, maxPerPage: 100, style: 'cursor', platform2 })).rejects.toThrow(
			'a new cursor on every page (this one was handed back before)',
		);
		expect(requests).toHaveLength(2);
	});
});
