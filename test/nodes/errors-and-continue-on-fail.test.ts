/** Platform errors as users see them (401/404/422/500) and Continue On Fail with pairedItem. */
import { runNode } from '../harness';
import { assistantCreateParams, byId, descriptionOf, expectOk, jsonOf, useNodeSandbox, VoiceAssistant } from './helpers';

const t = useNodeSandbox();

describe('platform errors', () => {
	it('401: says the token was rejected', async () => {
		const result = await t.run({ resource: 'campaign', operation: 'getMany', returnAll: true }, { token: 'not-a-token' });
		// Wording belongs to transport/request.ts; what matters here: it points at the token / credential.
		expect(result.error?.message).toMatch(/token/i);
		expect(result.error?.message).toMatch(/credential/i);
		expect((result.error as { httpCode?: string }).httpCode).toBe('401');
	});

	it('404: names the record that was not found', async () => {
		const result = await t.run({
			resource: 'assistant',
			operation: 'enableInboundWebhook',
			assistantId: byId(4040),
			webhookUrl: 'https://example.com/hook',
		});
		expect(result.error?.message).toBe('Assistant 4040 was not found');
		expect((result.error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('422: lists the fields the platform rejected', async () => {
		const result = await t.run(assistantCreateParams({ language: 'Klingon' }));
		expect(result.error?.message).toMatch(/^Validation failed: .*language/);
		expect((result.error as { description?: string }).description).toContain('The selected language is invalid.');
		expect((result.error as { httpCode?: string }).httpCode).toBe('422');
	});

	it('500: says the platform failed, with its message', async () => {
		const result = await t.run(assistantCreateParams({ name: 'Broken [simulate-failure]' }));
		expect(result.error?.message).toContain('(HTTP 500)');
		expect((result.error as { description?: string }).description).toContain('Assistant creation failed');
		expect(t.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
	});
});

describe('Continue On Fail', () => {
	const items = [
		{ to: '+4917612345671', text: 'first' },
		{ to: '+4917612345672', text: 'x'.repeat(301) }, // invalid: never sent
		{ to: '+4917612345673', text: 'third', from: 2 }, // platform refuses: number not SMS-capable
		{ to: 'nonsense', text: 'fourth' }, // invalid phone number: never sent
		{ to: '+4917612345675', text: 'fifth' },
	];
	const parameters = {
		resource: 'sms',
		operation: 'send',
		from: '={{ $json.from ?? 1 }}',
		to: '={{ $json.to }}',
		body: '={{ $json.text }}',
	};

	function check(output: Array<{ json: Record<string, unknown>; pairedItem?: unknown }>) {
		expect(output.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		expect(output[0].json).toMatchObject({ body: 'first', status: 'sent' });
		expect(output[1].json.error).toBe('Message is 301 characters long; the platform allows at most 300 [item 1]');
		expect(output[2].json.error).toBe('From number is not SMS capable');
		expect(output[3].json.error).toBe('To "nonsense" contains letters, which the platform cannot dial: write the number with digits only [item 3]');
		expect(output[4].json).toMatchObject({ body: 'fifth', status: 'sent' });
		// Items 1 and 3 failed validation: only 0, 2 and 4 reached the platform.
		expect(t.requests().map((r) => (r.body as { body: string }).body)).toEqual(['first', 'third', 'fifth']);
	}

	it('keeps going, one output item per input item in input order, each paired to its input', async () => {
		const result = await t.run(parameters, { items, continueOnFail: true });
		expect(result.error).toBeUndefined();
		check(result.items as never);
	});

	it('keeps input order with Requests in Parallel', async () => {
		t.sb.setLatency(30);
		try {
			const result = await t.run(
				{ ...parameters, requestOptions: { parallelRequests: 3 } },
				{ items, continueOnFail: true },
			);
			check(result.items as never);
		} finally {
			t.sb.setLatency(0);
		}
	});

	it('without Continue On Fail nothing is sent while any item is invalid, and the error names each', async () => {
		const result = await t.run(parameters, { items });
		expect(result.error?.message).toBe(
			'2 items are invalid, so none of the 5 items was sent: Message is 301 characters long; the platform allows at most 300 [item 1] (and 1 more)',
		);
		expect(descriptionOf(result)).toContain('• item 1: Message is 301 characters long');
		expect(descriptionOf(result)).toContain('• item 3: To "nonsense" contains letters');
		expect(t.requests()).toHaveLength(0);
	});

	it('with the error output, failed items go to the second output with their pairedItem', async () => {
		const result = await runNode({
			node: VoiceAssistant,
			parameters,
			credentials: t.credentials,
			items,
			onError: 'continueErrorOutput',
		});
		expect(jsonOf(result.outputs[0]).map((j) => j.body)).toEqual(['first', 'fifth']);
		expect(result.outputs[0].map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 4 }]);
		expect(result.outputs[1].map((i) => i.pairedItem)).toEqual([{ item: 1 }, { item: 2 }, { item: 3 }]);
		expect(String(result.outputs[1][1].json.error)).toBe('From number is not SMS capable');
	});

	it('a list operation pairs every record with the item that asked for it', async () => {
		const result = await t.run(
			{ resource: 'campaign', operation: 'getMany', limit: 2 },
			{ items: [{ a: 1 }, { a: 2 }] },
		);
		const output = expectOk(result);
		expect(output.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 1 }]);
	});
});
