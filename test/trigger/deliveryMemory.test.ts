/**
 * The delivery memory every webhook event keeps (trigger/deliveryMemory.ts): shared by the n8n
 * processes of one instance through the node's static data (n8n reads it from its database for each
 * delivery and writes it back afterwards), kept over a restart, bounded, and robust to what the
 * database hands back.
 */
import { Workflow } from 'n8n-workflow';
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { IN_FLIGHT_MS, keptByN8n } from '../../nodes/VoiceAssistant/trigger/deliveryMemory';
import { alreadyAccepted } from '../../nodes/VoiceAssistant/trigger/replays';
import { MEMORY_ENTRIES, MEMORY_WINDOW_MS, forgetProcessMemories } from '../../nodes/VoiceAssistant/trigger/recentMemory';
import { memoryContext } from './helpers';

const copy = (data: IDataObject) => JSON.parse(JSON.stringify(data)) as IDataObject;
const started = { workflowData: [[{ json: {} }]], webhookResponse: { received: true } };
/** n8n has started the delivery's execution (for an answer n8n reads after the start: once it reads it). */
const executionStarted = (ctx: IWebhookFunctions) => keptByN8n(ctx, started, false);

beforeEach(() => forgetProcessMemories());

describe('a delivery accepted by one process', () => {
	it('is a duplicate for another process reading the saved static data, and after a restart', () => {
		const database: IDataObject = {};
		expect(alreadyAccepted(memoryContext(database), [['scope', 'call-1', 'completed']])).toBe(false);
		forgetProcessMemories(); // another process (or this one restarted): only the database is shared
		expect(alreadyAccepted(memoryContext(copy(database)), [['scope', 'call-1', 'completed']])).toBe(true);
		expect(alreadyAccepted(memoryContext(copy(database)), [['scope', 'call-1', 'busy']])).toBe(false);
	});

	it('is a duplicate in the same process even when its static data write was lost', () => {
		const read = {}; // both requests read the same version from the database
		expect(alreadyAccepted(memoryContext(copy(read)), [['s', 'a', 'x']])).toBe(false);
		expect(alreadyAccepted(memoryContext(copy(read)), [['s', 'a', 'x']])).toBe(true);
	});

	it("an entry dropped by a concurrent write comes back with the process's next write", () => {
		const processA = memoryContext(copy({}));
		expect(alreadyAccepted(processA, [['s', 'first']])).toBe(false);
		executionStarted(processA);
		// process B answered at the same time from the same read, and its write came last
		const database: IDataObject = {};
		// process A's next delivery reads B's version and writes back what A accepted too
		const next = copy(database);
		expect(alreadyAccepted(memoryContext(next), [['s', 'second']])).toBe(false);
		forgetProcessMemories();
		expect(alreadyAccepted(memoryContext(copy(next)), [['s', 'first']])).toBe(true);
	});

	it('triggers keep apart: another workflow or node, or the test URL, has a memory of its own', () => {
		const data: IDataObject = {};
		expect(alreadyAccepted(memoryContext(data), [['s', 'x']])).toBe(false);
		expect(alreadyAccepted(memoryContext({}, { nodeId: 'other' }), [['s', 'x']])).toBe(false);
		expect(alreadyAccepted(memoryContext({}, { mode: 'manual' }), [['s', 'x']])).toBe(false);
	});
});

describe('bounds', () => {
	it(`the static data holds the newest ${MEMORY_ENTRIES} entries of 24 hours, about 40 bytes each`, () => {
		const data: IDataObject = {};
		const ctx = memoryContext(data);
		const start = 1_800_000_000_000;
		for (let i = 0; i < MEMORY_ENTRIES + 500; i++) alreadyAccepted(ctx, [['s', `call-${i}`, 'x'.repeat(10_000)]], start + i);
		const stored = data.acceptedDeliveries as unknown[];
		expect(stored).toHaveLength(MEMORY_ENTRIES);
		expect(JSON.stringify(stored).length).toBeLessThan(MEMORY_ENTRIES * 45);
		forgetProcessMemories();
		expect(alreadyAccepted(memoryContext(copy(data)), [['s', 'call-0', 'x'.repeat(10_000)]], start + 2000)).toBe(false);
		forgetProcessMemories();
		const later = start + 1500 + MEMORY_WINDOW_MS;
		expect(alreadyAccepted(memoryContext(copy(data)), [['s', `call-${MEMORY_ENTRIES + 499}`, 'x'.repeat(10_000)]], later)).toBe(false);
	});

	it('whatever else the database holds in the field is dropped, never trusted', () => {
		const data: IDataObject = { acceptedDeliveries: ['bogus', [1], ['k', 'x', 1], { a: 1 }, ['k2', 1, 1, 'extra'], null] as unknown as IDataObject };
		expect(alreadyAccepted(memoryContext(data), [['s', 'x']])).toBe(false);
		expect(data.acceptedDeliveries).toHaveLength(1);
		forgetProcessMemories();
		const junk: IDataObject = { acceptedDeliveries: { not: 'a list' } };
		expect(alreadyAccepted(memoryContext(junk), [['s', 'y']])).toBe(false);
		expect(junk.acceptedDeliveries).toHaveLength(1);
	});
});

describe('n8n 2.x clears the "changed" mark of a webhook\'s static data before it saves (deliveryMemory.ts, keptByN8n)', () => {
	const nodeTypes = { getByName: () => ({ description: { properties: [] } }), getByNameAndVersion: () => ({ description: { properties: [] } }), getKnownTypes: () => ({}) };
	const node = { id: 'node', name: 'Trigger', type: 'trigger', typeVersion: 1, parameters: {}, position: [0, 0] as [number, number] };
	const workflowOver = (raw: IDataObject) => new Workflow({ id: 'wf', nodes: [node], connections: {}, active: true, nodeTypes: nodeTypes as never, staticData: raw });

	it('reading the answer marks the memory changed again, so n8n writes it', () => {
		// a workflow that held static data before the delivery (a classic trigger's registration)
		const raw: IDataObject = { 'node:Trigger': { production: { secretHash: 'x' } } };
		const workflow = workflowOver(raw);
		const ctx = { ...memoryContext({}), getWorkflowStaticData: () => workflow.getStaticData('node', node) } as unknown as IWebhookFunctions;
		expect(alreadyAccepted(ctx, [['s', 'call-1']])).toBe(false);
		expect(workflow.staticData.__dataChanged).toBe(true);
		workflowOver(raw); // what WorkflowRunner.establishContextForPersistence does in n8n 2.41
		expect(workflow.staticData.__dataChanged).toBe(false);
		const answer = keptByN8n(ctx, started, true);
		expect(answer.webhookResponse).toEqual({ received: true });
		expect(workflow.staticData.__dataChanged).toBe(true);
		expect(((workflow.staticData['node:Trigger'] as IDataObject).acceptedDeliveries as unknown[]).length).toBe(1);
	});

	it('When Last Node Finishes: reading the first item (as n8n does to store, run and answer) marks it changed again', () => {
		const raw: IDataObject = { 'node:Trigger': { production: { secretHash: 'x' } } };
		const workflow = workflowOver(raw);
		const ctx = { ...memoryContext({}), getWorkflowStaticData: () => workflow.getStaticData('node', node) } as unknown as IWebhookFunctions;
		expect(alreadyAccepted(ctx, [['s', 'call-1']])).toBe(false);
		const item = { json: { id: 'call-1' } };
		const handedBack = keptByN8n(ctx, { workflowData: [[item]] }, false);
		workflowOver(raw); // n8n's second Workflow over the same static data
		expect(workflow.staticData.__dataChanged).toBe(false);
		expect(JSON.parse(JSON.stringify(handedBack.workflowData))).toEqual([[{ json: { id: 'call-1' } }]]);
		expect(workflow.staticData.__dataChanged).toBe(true);
		expect(((workflow.staticData['node:Trigger'] as IDataObject).acceptedDeliveries as unknown[]).length).toBe(1);
		item.json = { id: 'replaced' }; // a node may still replace it
		expect(item.json).toEqual({ id: 'replaced' });
	});

	it('an answer that starts nothing, or a delivery that wrote nothing, is handed back as it was', () => {
		const ctx = memoryContext({});
		const refused = { noWebhookResponse: true };
		expect(keptByN8n(ctx, refused, true)).toBe(refused);
		const duplicate = { webhookResponse: { received: true, executed: false } };
		expect(keptByN8n(ctx, duplicate, true)).toBe(duplicate);
	});
});

describe('a delivery counts as accepted once n8n has started its execution', () => {
	const t0 = 1_800_000_000_000;
	// n8n 2.x answers "Respond: Immediately" after starting the execution; a start that fails (its
	// database busy) answers 500 and never reads the answer, and the platform sends the delivery again
	const answeredAfterStart = (ctx: IWebhookFunctions) => keptByN8n(ctx, started, true);

	it('while n8n has not started it, a copy reaching this process is a duplicate', () => {
		const first = memoryContext({});
		expect(alreadyAccepted(first, [['s', 'call-1']], t0)).toBe(false);
		answeredAfterStart(first); // not read yet
		expect(alreadyAccepted(memoryContext({}), [['s', 'call-1']], t0 + IN_FLIGHT_MS - 1)).toBe(true);
	});

	it("if n8n never started it, the platform's retry 30 s later runs, and no other delivery's save claimed it", () => {
		const failed = memoryContext({});
		expect(alreadyAccepted(failed, [['s', 'call-1']], t0)).toBe(false);
		answeredAfterStart(failed); // n8n failed to start the execution and answered 500: nothing read, nothing saved
		const database: IDataObject = {};
		const other = memoryContext(database);
		expect(alreadyAccepted(other, [['s', 'call-2']], t0 + 10)).toBe(false);
		expect(answeredAfterStart(other).webhookResponse).toEqual({ received: true });
		expect(database.acceptedDeliveries).toHaveLength(1); // call-2 only
		expect(alreadyAccepted(memoryContext(copy(database)), [['s', 'call-1']], t0 + IN_FLIGHT_MS)).toBe(false);
	});

	it('once n8n has read the answer, the delivery is a duplicate for 24 hours, here and in every later write', () => {
		const first = memoryContext({});
		expect(alreadyAccepted(first, [['s', 'call-1']], t0)).toBe(false);
		expect(answeredAfterStart(first).webhookResponse).toEqual({ received: true });
		expect(alreadyAccepted(memoryContext({}), [['s', 'call-1']], t0 + MEMORY_WINDOW_MS - 1)).toBe(true);
		const database: IDataObject = {}; // another process's write dropped it
		expect(alreadyAccepted(memoryContext(database), [['s', 'call-2']], t0 + 20)).toBe(false);
		forgetProcessMemories();
		expect(alreadyAccepted(memoryContext(copy(database)), [['s', 'call-1']], t0 + 30)).toBe(true);
	});

	it('an answer n8n reads only after the execution (When Last Node Finishes) counts as accepted at once', () => {
		const ctx = memoryContext({});
		expect(alreadyAccepted(ctx, [['s', 'call-1']], t0)).toBe(false);
		keptByN8n(ctx, started, false);
		expect(alreadyAccepted(memoryContext({}), [['s', 'call-1']], t0 + IN_FLIGHT_MS + 1)).toBe(true);
	});
});
