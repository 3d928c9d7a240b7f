/**
 * Simulated calls. A call moves initiated -> ringing -> in-progress -> final state, one step every
 * `stepMs`; busy / no-answer end after ringing, failed right after initiated (see conversation.ts for
 * the last-digit rule). An answered call calls its assistant's mid-call tools while in-progress
 * (midCallTools.ts) and ends no sooner than their answers (or timeouts). At the end the cost is
 * charged, the campaign lead is updated and the post-call webhook (and, for inbound calls, the
 * inbound webhook) is POSTed (callDeliveries.ts).
 */
import {
	answered,
	answeredBy,
	costsFor,
	durationFor,
	evaluationFor,
	extractedVariables,
	finalStatus,
	formatTranscript,
	outcomeFor,
	transcriptFor,
	type Outcome,
} from './conversation';
import { deliverInbound, deliverPostCall, type DeliveryContext } from './callDeliveries';
import { askForVariables } from './inboundAnswer';
import { callAssistantTools, withToolItems, type ToolExchange } from './midCallTools';
import { hex, createRng } from './prng';
import type { Assistant, Call, Campaign, Lead, User } from './records';
import { round } from './sms';
import type { SandboxStore } from './store';
import { Tasks } from './tasks';
import type { InboundCallResult } from './types';

/** A call is not placed when the balance is below this (one minute at the all-in rate). */
export const MIN_CALL_BALANCE = 0.15;

export interface SimulatorOptions {
	stepMs: number;
	origin: string;
	webhookTimeoutMs: number;
	/** how long a ringing inbound call waits for its webhook's variables */
	inboundAnswerTimeoutMs?: number;
	seed: number;
	log: (message: string) => void;
}

interface CallContext {
	campaign?: Campaign;
	lead?: Lead;
}

export class CallSimulator {
	tasks = new Tasks();
	private abort = new AbortController();
	private rng;
	/** Leads of running campaigns that are being dialled or wait for a retry. */
	private busyLeads = new Set<number>();

	constructor(
		private store: SandboxStore,
		public opts: SimulatorOptions,
	) {
		this.rng = createRng(opts.seed ^ 0x5eed);
	}

	/** Creates the call record (status `initiated`) and runs it in the background. */
	placeOutbound(user: User, assistant: Assistant, phone: string, variables: Record<string, unknown>, ctx: CallContext = {}): Call {
		const call = this.createCall(user.id, assistant, 'outbound', phone, variables, ctx);
		const outcome = outcomeFor(phone);
		const tasks = this.tasks;
		tasks.run(
			async () => {
				await tasks.sleep(this.opts.stepMs);
				if (tasks.stopped) return;
				let exchanges: ToolExchange[] = [];
				if (outcome !== 'failed') {
					this.setStatus(call, 'ringing');
					await tasks.sleep(this.opts.stepMs);
					if (tasks.stopped) return;
					if (answered(outcome)) {
						this.setStatus(call, 'in-progress');
						exchanges = await this.talk(tasks, call, assistant);
						if (tasks.stopped) return;
					}
				}
				await this.finish(call, outcome, ctx, exchanges);
			},
			(err) => this.opts.log(`call ${call.id} failed in the simulator: ${String(err)}`),
		);
		return call;
	}

	/** An inbound call: last digit 5 -> ended_by_customer, anything else -> completed. */
	async placeInbound(assistant: Assistant, customerPhone: string, askVariables = false): Promise<{ call: Call; done: Promise<InboundCallResult> }> {
		const call = this.createCall(assistant.user_id, assistant, 'inbound', customerPhone, {}, {});
		const outcome: Outcome = outcomeFor(customerPhone) === 'ended_by_customer' ? 'ended_by_customer' : 'completed';
		const tasks = this.tasks;
		let resolveDone!: (r: InboundCallResult) => void;
		const done = new Promise<InboundCallResult>((resolve) => (resolveDone = resolve));
		const result = (): InboundCallResult => ({
			call_id: call.id,
			status: call.status,
			inbound_webhook_response: call.inbound_webhook_response,
			webhook_response: call.webhook_response,
		});
		tasks.run(
			async () => {
				try {
					for (const status of ['ringing', 'in-progress']) {
						await tasks.sleep(this.opts.stepMs);
						if (tasks.stopped) return;
						this.setStatus(call, status);
						if (status === 'ringing' && askVariables) await askForVariables(this.store, call, assistant, this.abort.signal, this.opts.inboundAnswerTimeoutMs);
					}
					const exchanges = await this.talk(tasks, call, assistant);
					if (tasks.stopped) return;
					await this.finish(call, outcome, {}, exchanges);
				} finally {
					resolveDone(result());
				}
			},
			(err) => this.opts.log(`inbound call ${call.id} failed in the simulator: ${String(err)}`),
		);
		return { call, done };
	}

	startCampaign(campaign: Campaign): void {
		campaign.status = 'in-progress';
		campaign.updated_at = Date.now();
		this.pump(campaign);
	}

	stopCampaign(campaign: Campaign): void {
		campaign.status = 'stopped';
		campaign.updated_at = Date.now();
	}

	/** Cancels everything in flight (used by reset and stop). */
	reset(): void {
		this.tasks.stop();
		this.abort.abort();
		this.tasks = new Tasks();
		this.abort = new AbortController();
		this.busyLeads.clear();
	}

	stop(): void {
		this.tasks.stop();
		this.abort.abort();
	}

	private createCall(
		userId: number,
		assistant: Assistant,
		type: Call['type'],
		customerPhone: string,
		variables: Record<string, unknown>,
		ctx: CallContext,
	): Call {
		const now = Date.now();
		const call: Call = {
			id: this.store.nextId('call'),
			user_id: userId,
			assistant_id: assistant.id,
			campaign_id: ctx.campaign?.id ?? null,
			lead_id: ctx.lead?.id ?? null,
			assistant_name: assistant.name,
			campaign_name: ctx.campaign?.name ?? null,
			type,
			duration: 0,
			assistant_phone_number: this.store.phoneNumber(assistant.phone_number_id)?.phone_number ?? null,
			client_phone_number: customerPhone,
			status: 'initiated',
			transcript: '',
			transcript_items: [],
			variables: {},
			input_variables: structuredClone(variables),
			evaluation: {},
			webhook_response: null,
			inbound_webhook_response: null,
			carrier_cost: 0,
			total_cost: 0,
			answered_by: 'unknown',
			recording_url: null,
			created_at: now,
			updated_at: now,
			finished_at: null,
		};
		this.store.calls.push(call);
		return call;
	}

	/** The in-progress step: one call step, and the assistant's tool calls if they take longer. */
	private async talk(tasks: Tasks, call: Call, assistant: Assistant): Promise<ToolExchange[]> {
		const [, exchanges] = await Promise.all([tasks.sleep(this.opts.stepMs), callAssistantTools(this.store, call, assistant, this.abort.signal)]);
		return exchanges;
	}

	private setStatus(call: Call, status: string): void {
		call.status = status;
		call.updated_at = Date.now();
	}

	private async finish(call: Call, outcome: Outcome, ctx: CallContext, exchanges: ToolExchange[] = []): Promise<void> {
		const assistant = this.store.assistants.find((a) => a.id === call.assistant_id);
		if (!assistant) return;
		const duration = durationFor(outcome, call.client_phone_number, assistant);
		const items = withToolItems(transcriptFor(outcome, assistant, call.input_variables, call.created_at, duration), exchanges);
		const now = Date.now();
		Object.assign(call, {
			status: finalStatus(outcome, assistant),
			duration,
			transcript: formatTranscript(items),
			transcript_items: items,
			variables: extractedVariables(outcome, assistant, call.input_variables),
			evaluation: evaluationFor(outcome, assistant),
			...costsFor(duration),
			answered_by: answeredBy(outcome),
			recording_url: assistant.record && answered(outcome) ? `${this.opts.origin}/recordings/${hex(this.rng, 24)}.mp3` : null,
			updated_at: now,
			finished_at: now,
		});
		const user = this.store.user(call.user_id);
		if (user) user.balance = round(Math.max(0, user.balance - call.total_cost));
		if (ctx.lead && ctx.campaign) this.afterLeadCall(ctx.campaign, ctx.lead, outcome);
		const deliveries: DeliveryContext = { store: this.store, timeoutMs: this.opts.webhookTimeoutMs, signal: this.abort.signal };
		await deliverPostCall(deliveries, call, assistant, ctx);
		if (call.type === 'inbound') await deliverInbound(deliveries, call, assistant);
	}

	private afterLeadCall(campaign: Campaign, lead: Lead, outcome: Outcome): void {
		const now = Date.now();
		lead.updated_at = now;
		if (answered(outcome)) {
			lead.status = 'completed';
			this.busyLeads.delete(lead.id);
		} else {
			lead.attempts++;
			if (lead.attempts > campaign.max_retries) {
				lead.status = 'reached-max-retries';
				this.busyLeads.delete(lead.id);
			} else {
				// retry_interval is in real seconds; the sandbox waits two call steps instead so runs stay short.
				const tasks = this.tasks;
				tasks.run(async () => {
					await tasks.sleep(this.opts.stepMs * 2);
					this.busyLeads.delete(lead.id);
					if (!tasks.stopped) this.pump(campaign);
				});
			}
		}
		this.pump(campaign);
	}

	/** Dials the campaign's `created` leads, at most max_calls_in_parallel at once. */
	private pump(campaign: Campaign): void {
		if (campaign.status !== 'in-progress' || this.tasks.stopped) return;
		const assistant = campaign.assistant_id === null ? undefined : this.store.assistantOf(campaign.user_id, campaign.assistant_id);
		const user = this.store.user(campaign.user_id);
		if (!assistant || !user) return;
		const leads = this.store.leads.filter((l) => l.campaign_id === campaign.id && l.status === 'created');
		let inFlight = this.store.calls.filter(
			(c) => c.campaign_id === campaign.id && c.finished_at === null && c.lead_id !== null,
		).length;
		for (const lead of leads) {
			if (inFlight >= campaign.max_calls_in_parallel) break;
			if (this.busyLeads.has(lead.id)) continue;
			if (user.balance < MIN_CALL_BALANCE) {
				this.stopCampaign(campaign);
				return;
			}
			this.busyLeads.add(lead.id);
			this.placeOutbound(user, assistant, lead.phone_number, lead.variables, { campaign, lead });
			inFlight++;
		}
		const remaining = leads.some((l) => l.status === 'created');
		if (!remaining && inFlight === 0 && campaign.mark_complete_when_no_leads) {
			campaign.status = 'completed';
			campaign.updated_at = Date.now();
		}
	}
}
