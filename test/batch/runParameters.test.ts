/**
 * A run reads a parameter that holds no expression once, not once per item (engine/runParameters.ts):
 * n8n's getNodeParameter walks the node's whole description on every call, which cost a 1,000-item
 * run more than its request (bench P11). These tests pin down that nothing a user sees changes.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { runParameters } from '../../nodes/VoiceAssistant/engine/runParameters';

/** A stand-in for n8n's context: resolves "={{ item }}" to the item's index and counts the reads. */
function fakeContext(parameters: Record<string, unknown>) {
	const reads: string[] = [];
	const ctx = {
		getNode: () => ({ name: 'Voice Assistant' }),
		getNodeParameter(name: string, itemIndex: number, fallback: unknown, options?: { rawExpressions?: boolean }) {
			const raw = name in parameters ? parameters[name] : fallback;
			if (options?.rawExpressions) return raw;
			reads.push(`${name}@${itemIndex}`);
			if (raw === 'boom') throw new Error(`bad value in item ${itemIndex}`);
			if (raw === '={{ item }}') return itemIndex;
			return JSON.parse(JSON.stringify(raw)) as unknown;
		},
	} as unknown as IExecuteFunctions;
	return { ctx, reads };
}

describe('parameters read once per run', () => {
	it('reads a fixed value from n8n once and gives every item the same value', () => {
		const { ctx, reads } = fakeContext({ campaign: 'c-1' });
		const read = runParameters(ctx).read;
		expect([0, 1, 2].map((i) => read('campaign', i, ''))).toEqual(['c-1', 'c-1', 'c-1']);
		expect(reads).toEqual(['campaign@0']);
	});

	it('resolves an expression for every item', () => {
		const { ctx, reads } = fakeContext({ phone: '={{ item }}' });
		const read = runParameters(ctx).read;
		expect([0, 1, 2].map((i) => read('phone', i, ''))).toEqual([0, 1, 2]);
		expect(reads).toEqual(['phone@0', 'phone@1', 'phone@2']);
	});

	it('treats a collection with one expression inside as per item', () => {
		const { ctx, reads } = fakeContext({ additionalFields: { name: 'fixed', email: '={{ $json.email }}' } });
		const read = runParameters(ctx).read;
		read('additionalFields', 0, {});
		read('additionalFields', 1, {});
		expect(reads).toEqual(['additionalFields@0', 'additionalFields@1']);
	});

	it('hands each item its own copy, so one item changing it does not reach the next', () => {
		const { ctx } = fakeContext({ additionalFields: { name: 'Ada' } });
		const read = runParameters(ctx).read;
		(read('additionalFields', 0, {}) as { name: string }).name = 'changed by item 0';
		expect(read('additionalFields', 1, {})).toEqual({ name: 'Ada' });
	});

	it('does not remember a failed read: the next item gets its own error', () => {
		const { ctx } = fakeContext({ limit: 'boom' });
		const read = runParameters(ctx).read;
		expect(() => read('limit', 0, 50)).toThrow('item 0');
		expect(() => read('limit', 1, 50)).toThrow('item 1');
	});

	it("asks n8n for an absent parameter each time, with the caller's own fallback", () => {
		const { ctx } = fakeContext({});
		const read = runParameters(ctx).read;
		expect(read('limit', 0, 50)).toBe(50);
		expect(read('limit', 0, 10)).toBe(10);
	});

	it("keeps the resource locator's value and the whole locator apart", () => {
		const parameters = { id: { __rl: true, mode: 'id', value: 'c-9' } };
		const ctx = {
			getNode: () => ({ name: 'Voice Assistant' }),
			getNodeParameter: (name: string, _i: number, fallback: unknown, options?: { extractValue?: boolean }) =>
				name in parameters ? (options?.extractValue ? parameters.id.value : { ...parameters.id }) : fallback,
		} as unknown as IExecuteFunctions;
		const read = runParameters(ctx).read;
		expect(read('id', 0, '', { extractValue: true })).toBe('c-9');
		expect(read('id', 0, '')).toEqual(parameters.id);
	});

	it('starts again for the next run (a new context)', () => {
		const first = fakeContext({ campaign: 'c-1' });
		const second = fakeContext({ campaign: 'c-2' });
		expect(runParameters(first.ctx).read('campaign', 0, '')).toBe('c-1');
		expect(runParameters(second.ctx).read('campaign', 0, '')).toBe('c-2');
	});
});
