/**
 * The tool call's answer guard on a real HTTP response, with n8n's writes played the way its webhook
 * server makes them (status, headers, then end with the body): the workflow's answer passes, n8n's
 * error and "no data" answers become the Failure Answer, a slow workflow is answered at the deadline,
 * and nothing is ever answered twice.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { answerDeadlineMs, guardAnswer, type AnswerStream } from '../../../nodes/VoiceAssistant/trigger/toolCall/answer';

type N8nWrites = (res: http.ServerResponse) => void | Promise<void>;

const FALLBACK = { error: 'Sorry, not now.' };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** n8n's legacy answer path: status, Content-Type and Content-Length, then end with the JSON body. */
function n8nAnswers(status: number, body: unknown): N8nWrites {
	return (res) => {
		const text = JSON.stringify(body);
		res.statusCode = status;
		res.setHeader('Content-Type', 'application/json; charset=utf-8');
		res.setHeader('Content-Length', Buffer.byteLength(text));
		res.end(text);
	};
}

/** One request through a server whose handler guards the response and then lets "n8n" write after `afterMs`. */
async function roundTrip(writes: N8nWrites, afterMs: number, deadlineMs: number) {
	let later: Promise<unknown> = Promise.resolve();
	const server = http.createServer((_req, res) => {
		guardAnswer(res as unknown as AnswerStream, FALLBACK, deadlineMs);
		later = wait(afterMs).then(() => writes(res));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const started = Date.now();
	try {
		const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST' });
		const answer = { status: response.status, body: (await response.json()) as unknown, ms: Date.now() - started };
		await later; // n8n's late write must not throw into its server
		return answer;
	} finally {
		await new Promise((resolve) => server.close(resolve));
	}
}

describe('tool call answer', () => {
	it("passes the workflow's answer through", async () => {
		const answer = await roundTrip(n8nAnswers(200, { answer: 'It ships tomorrow.' }), 10, 2000);
		expect(answer).toMatchObject({ status: 200, body: { answer: 'It ships tomorrow.' } });
	});

	it("answers a failed workflow with the Failure Answer instead of n8n's error page, at once", async () => {
		const answer = await roundTrip(n8nAnswers(500, { message: 'Error in workflow' }), 10, 5000);
		expect(answer).toMatchObject({ status: 200, body: FALLBACK });
		expect(answer.ms).toBeLessThan(4000);
	});

	it.each(['Workflow executed successfully but the last node did not return any data', 'Workflow executed successfully but no data was returned'])(
		'answers n8n\'s "%s" with the Failure Answer',
		async (message) => {
			expect(await roundTrip(n8nAnswers(200, { message }), 10, 2000)).toMatchObject({ status: 200, body: FALLBACK });
		},
	);

	it('keeps a workflow answer that merely has a message field', async () => {
		expect(await roundTrip(n8nAnswers(200, { message: 'Your table is booked.' }), 10, 2000)).toMatchObject({ body: { message: 'Your table is booked.' } });
	});

	it('answers a slow workflow at the deadline, and drops what n8n writes later', async () => {
		const answer = await roundTrip(n8nAnswers(200, { answer: 'too late' }), 600, 150);
		expect(answer).toMatchObject({ status: 200, body: FALLBACK });
		expect(answer.ms).toBeLessThan(550);
	});

	it('drops a late error answer too (headers already sent)', async () => {
		const answer = await roundTrip(n8nAnswers(500, { message: 'Error in workflow' }), 400, 100);
		expect(answer.body).toEqual(FALLBACK);
	});

	it('gives up a second before the timeout, or a quarter of a short one', () => {
		expect(answerDeadlineMs(10)).toBe(9000);
		expect(answerDeadlineMs(30)).toBe(29000);
		expect(answerDeadlineMs(1)).toBe(750);
		expect(answerDeadlineMs(2)).toBe(1500);
	});
});
