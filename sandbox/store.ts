/** The in-memory data of one sandbox, with the ownership-scoped lookups every route uses. */
import type {
	Assistant,
	Call,
	Campaign,
	Language,
	Lead,
	LlmModel,
	PhoneNumber,
	SmsRecord,
	User,
	Voice,
	WebhookDelivery,
} from './records';
import { CatalogStore } from './catalog';
import { ApiKeyStore } from './apiKeys';
import { ChatStore } from './chat';
import { SipTrunkStore } from './sipTrunks';
import { WhiteLabelStore } from './whiteLabel';
import { KnowledgeBaseStore } from './knowledgeBases';
import { ReadReceiptStore } from './readReceiptStore';
import type { CallByIdRoute, CatalogWritePaths, MakeCallAnswer, TranscriptFormat } from './variants';

export interface SeedData {
	users: User[];
	phoneNumbers: PhoneNumber[];
	voices: Voice[];
	languages: Language[];
	models: LlmModel[];
	assistants: Assistant[];
	campaigns: Campaign[];
	leads: Lead[];
	calls: Call[];
	sms: SmsRecord[];
}

type IdKind = 'assistant' | 'campaign' | 'lead' | 'contact' | 'call' | 'sms' | 'phone';

function replace<T>(target: T[], items: T[]): void {
	target.length = 0;
	target.push(...items);
}

export class SandboxStore {
	readonly users: User[] = [];
	readonly phoneNumbers: PhoneNumber[] = [];
	readonly voices: Voice[] = [];
	readonly languages: Language[] = [];
	readonly models: LlmModel[] = [];
	readonly assistants: Assistant[] = [];
	readonly campaigns: Campaign[] = [];
	readonly leads: Lead[] = [];
	readonly calls: Call[] = [];
	readonly sms: SmsRecord[] = [];
	readonly webhookDeliveries: WebhookDelivery[] = [];
	/** conversations, WhatsApp senders and templates (chat.ts) */
	readonly chat = new ChatStore();
	/** mid-call tools, folders and labels, and which assistant uses which (catalog.ts) */
	readonly catalog = new CatalogStore();
	/** what only SIP trunks have; each trunk is also one of phoneNumbers (sipTrunks.ts) */
	readonly sip = new SipTrunkStore();
	/** API keys per user, also bearer tokens of their user (apiKeys.ts) */
	readonly apiKeys = new ApiKeyStore();
	/** resellers, their users and the minutes/credits transfers move (whiteLabel.ts) */
	readonly whiteLabel = new WhiteLabelStore();
	/** the read-receipt webhook of each WhatsApp sender (readReceipts.ts) */
	readonly readReceipts = new ReadReceiptStore();
	/** knowledge bases and their documents (knowledgeBases.ts) */
	readonly knowledgeBases = new KnowledgeBaseStore();
	readonly settings: {
		webhookTranscript: TranscriptFormat;
		transcriptByAssistant: Record<number, TranscriptFormat>;
		makeCallAnswer: MakeCallAnswer;
		callByIdRoute: CallByIdRoute;
		catalogWritePaths: CatalogWritePaths;
		clockOffsetMs: number;
	} = {
		webhookTranscript: 'string',
		transcriptByAssistant: {},
		makeCallAnswer: 'with-call-id',
		callByIdRoute: 'served',
		catalogWritePaths: 'singular',
		clockOffsetMs: 0,
	};
	/** campaign|phone -> number of leads, so the duplicate check stays O(1) during bulk imports. */
	private leadKeys = new Map<string, number>();
	private ids: Record<IdKind, number> = { assistant: 1, campaign: 1, lead: 1, contact: 1, call: 1, sms: 1, phone: 1 };

	/** Replaces all data in place (arrays keep their identity, so references held by tests stay live). */
	load(data: SeedData): void {
		replace(this.users, data.users);
		replace(this.phoneNumbers, data.phoneNumbers);
		replace(this.voices, data.voices);
		replace(this.languages, data.languages);
		replace(this.models, data.models);
		replace(this.assistants, data.assistants);
		replace(this.campaigns, data.campaigns);
		replace(this.leads, data.leads);
		replace(this.calls, data.calls);
		replace(this.sms, data.sms);
		replace(this.webhookDeliveries, []);
		this.chat.load();
		this.catalog.load();
		this.sip.load(this.phoneNumbers);
		this.apiKeys.load();
		this.whiteLabel.load();
		this.readReceipts.load();
		this.knowledgeBases.load();
		this.settings.transcriptByAssistant = {};
		this.leadKeys.clear();
		for (const lead of this.leads) this.indexLead(lead, 1);
		const next = (items: Array<{ id: number }>) => items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
		this.ids = {
			assistant: next(this.assistants),
			campaign: next(this.campaigns),
			lead: next(this.leads),
			contact: next(this.leads.flatMap((lead) => lead.secondary_contacts)),
			call: next(this.calls),
			sms: next(this.sms),
			phone: next(this.phoneNumbers),
		};
	}

	private indexLead(lead: Lead, delta: number): void {
		const key = `${lead.campaign_id}|${lead.phone_number}`;
		const count = (this.leadKeys.get(key) ?? 0) + delta;
		if (count > 0) this.leadKeys.set(key, count);
		else this.leadKeys.delete(key);
	}

	hasLead(campaignId: number, phone: string): boolean {
		return this.leadKeys.has(`${campaignId}|${phone}`);
	}

	addLead(lead: Lead): void {
		this.leads.push(lead);
		this.indexLead(lead, 1);
	}

	removeLead(lead: Lead): void {
		const index = this.leads.indexOf(lead);
		if (index < 0) return;
		this.leads.splice(index, 1);
		this.indexLead(lead, -1);
	}

	removeCall(call: Call): void {
		const index = this.calls.indexOf(call);
		if (index >= 0) this.calls.splice(index, 1);
	}

	callOf(userId: number, id: unknown): Call | undefined {
		return this.calls.find((c) => c.id === Number(id) && c.user_id === userId);
	}

	moveLead(lead: Lead, campaignId: number, phone: string): void {
		this.indexLead(lead, -1);
		lead.campaign_id = campaignId;
		lead.phone_number = phone;
		this.indexLead(lead, 1);
	}

	nextId(kind: IdKind): number {
		return this.ids[kind]++;
	}

	userByToken(token: string): { user: User; readOnly: boolean } | null {
		for (const user of this.users) {
			if (user.token === token) return { user, readOnly: false };
			if (user.readOnlyTokens.includes(token)) return { user, readOnly: true };
		}
		const keyOwner = this.apiKeys.ownerOf(token);
		const user = keyOwner === undefined ? undefined : this.user(keyOwner);
		return user ? { user, readOnly: false } : null;
	}

	user(id: number): User | undefined {
		return this.users.find((u) => u.id === id);
	}

	assistantOf(userId: number, id: unknown): Assistant | undefined {
		return this.assistants.find((a) => a.id === Number(id) && a.user_id === userId && a.deleted_at === null);
	}

	assistantsOf(userId: number): Assistant[] {
		return this.assistants.filter((a) => a.user_id === userId && a.deleted_at === null);
	}

	campaignOf(userId: number, id: unknown): Campaign | undefined {
		return this.campaigns.find((c) => c.id === Number(id) && c.user_id === userId);
	}

	leadOf(userId: number, id: unknown): Lead | undefined {
		return this.leads.find((l) => l.id === Number(id) && l.user_id === userId);
	}

	phoneNumberOf(userId: number, id: unknown): PhoneNumber | undefined {
		return this.phoneNumbers.find((p) => p.id === Number(id) && p.user_id === userId);
	}

	phoneNumber(id: number | null): PhoneNumber | undefined {
		return id === null ? undefined : this.phoneNumbers.find((p) => p.id === id);
	}

	/** A voice the user may use: public or their own. */
	voiceFor(userId: number, id: unknown): Voice | undefined {
		return this.voices.find((v) => v.id === Number(id) && (v.user_id === null || v.user_id === userId));
	}

	/** is_available: not assigned to an (undeleted) inbound assistant. */
	isPhoneAvailable(phoneNumberId: number): boolean {
		return !this.assistants.some(
			(a) => a.deleted_at === null && a.type === 'inbound' && a.phone_number_id === phoneNumberId,
		);
	}

	transcriptFormatFor(assistantId: number | null): TranscriptFormat {
		return (assistantId !== null && this.settings.transcriptByAssistant[assistantId]) || this.settings.webhookTranscript;
	}
}
