/**
 * Simulated calls. A call moves initiated -> ringing -> in-progress -> final state, one step every
 * `stepMs`; busy / no-answer end after ringing, failed right after initiated (see conversation.ts for
 * the last-digit rule). At the end the cost is charged, the campaign lead is updated and the
 * post-call webhook (and, for inbound calls, the inbound webhook) is POSTed.
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
import { askForVariables } from './inboundAnswer';
import { hex, createRng } from './prng';
import type { Assistant, Call, Campaign, Lead, User } from './records';
import { campaignPayload, leadPayload } from './serialize';
import { round } from './sms';
import type { SandboxStore } from './store';
import { Tasks } from './tasks';
import type { InboundCallResult, WebhookResponse } from './types';
import { postJson } from './webhooks';

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
				if (outcome !== 'failed') {
					this.setStatus(call, 'ringing');
					await tasks.sleep(this.opts.stepMs);
					if (tasks.stopped) return;
					if (answered(outcome)) {
						this.setStatus(call, 'in-progress');
						await tasks.sleep(this.opts.stepMs);
						if (tasks.stopped) return;
					}
				}
				await this.finish(call, outcome, ctx);
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
					await tasks.sleep(this.opts.stepMs);
					if (tasks.stopped) return;
					await this.finish(call, outcome, {});
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

	private setStatus(call: Call, status: string): void {
		call.status = status;
		call.updated_at = Date.now();
	}

	private async finish(call: Call, outcome: Outcome, ctx: CallContext): Promise<void> {
		const assistant = this.store.assistants.find((a) => a.id === call.assistant_id);
		if (!assistant) return;
		const duration = durationFor(outcome, call.client_phone_number, assistant);
		const items = transcriptFor(outcome, assistant, call.input_variables, call.created_at, duration);
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
		await this.deliverPostCall(call, assistant, ctx);
		if (call.type === 'inbound') await this.deliverInbound(call, assistant);
	}

	private async deliverPostCall(call: Call, assistant: Assistant, ctx: CallContext): Promise<void> {
		if (!assistant.is_webhook_active || !assistant.webhook_url) return;
		if (assistant.send_webhook_only_on_completed && call.status !== 'completed') return;
		const arrayShape = this.store.transcriptFormatFor(assistant.id) === 'array';
		const payload = {
			id: call.id,
			customer_phone: call.client_phone_number,
			assistant_phone: call.assistant_phone_number,
			duration: call.duration,
			status: call.status,
			extracted_variables: call.variables,
			input_variables: call.input_variables,
			transcript: arrayShape ? call.transcript_items : call.transcript,
			...(arrayShape ? { formatted_transcript: call.transcript } : {}),
			recording_url: assistant.include_recording_in_webhook ? call.recording_url : null,
			created_at: new Date(call.created_at).toISOString(),
			finished_at: new Date(call.finished_at ?? call.updated_at).toISOString(),
			lead: ctx.lead ? leadPayload(ctx.lead) : null,
			campaign: ctx.campaign ? campaignPayload(ctx.campaign) : null,
		};
		call.webhook_response = await this.deliver('post-call', call, assistant, assistant.webhook_url, payload);
	}

	private async deliverInbound(call: Call, assistant: Assistant): Promise<void> {
		if (!assistant.inbound_webhook_url) return;
		const payload = {
			assistant_id: assistant.id,
			customer_phone: call.client_phone_number,
			assistant_phone: call.assistant_phone_number,
			call_id: call.id,
			timestamp: new Date(call.finished_at ?? Date.now()).toISOString(),
			status: call.status,
			variables: call.variables,
		};
		call.inbound_webhook_response = await this.deliver('inbound', call, assistant, assistant.inbound_webhook_url, payload);
	}

	private async deliver(kind: 'post-call' | 'inbound', call: Call, assistant: Assistant, url: string, payload: unknown): Promise<WebhookResponse> {
		const signal = this.abort.signal;
		const response = await postJson(url, payload, this.opts.webhookTimeoutMs, signal);
		// After reset/stop the store holds new data: do not record deliveries of cancelled calls in it.
		if (!signal.aborted) this.store.webhookDeliveries.push({ kind, call_id: call.id, assistant_id: assistant.id, url, payload, response, at: Date.now() });
		return response;
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
