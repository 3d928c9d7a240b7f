/**
 * Chat assistants and WhatsApp in the sandbox: conversations (widget, test, API, WhatsApp), WhatsApp
 * senders with their templates, the 24-hour session a customer's message opens, and the reply the
 * "assistant" gives (deterministic, no model). Seeded per user, so tokens only ever see their own.
 */
import { createRng, uuid, type Rng } from './prng';
import type { Assistant } from './records';
import { SEED_BASE } from './time';

export const SESSION_MS = 24 * 60 * 60 * 1000;

export interface ChatMessage {
	role: 'assistant' | 'user';
	content: string;
	at: number;
	function_calls?: Array<Record<string, unknown>>;
}

export type ConversationType = 'test' | 'widget' | 'whatsapp' | 'api';

export interface Conversation {
	id: number;
	uuid: string;
	user_id: number;
	assistant_id: number;
	type: ConversationType;
	variables: Record<string, unknown>;
	external_identifier: string | null;
	messages: ChatMessage[];
	total_cost: number;
	ai_enabled: boolean;
	status: 'active' | 'ended';
	sender_id: number | null;
	customer_phone: string | null;
	customer_name: string | null;
	last_customer_message_at: number | null;
	created_at: number;
	updated_at: number;
	ended_at: number | null;
}

export interface WhatsAppSender {
	id: number;
	user_id: number;
	assistant_id: number;
	phone_number: string;
	display_name: string;
	status: 'online' | 'offline';
	quality_rating: string;
	messaging_limit: number;
}

export interface WhatsAppTemplate {
	id: number;
	sender_id: number;
	name: string;
	language: string;
	category: string;
	status: 'approved' | 'pending' | 'rejected';
	body_text: string;
	variables: string[];
}

/** Cost of one AI reply (deducted from nothing: shown on the conversation only). */
const REPLY_COST = 0.002;

export class ChatStore {
	readonly conversations: Conversation[] = [];
	readonly senders: WhatsAppSender[] = [];
	readonly templates: WhatsAppTemplate[] = [];
	private rng: Rng = createRng(7);
	private nextConversation = 1;
	private nextMessage = 1;

	/** Re-seeds (alice: users 1, bob: 2). WhatsApp sessions are relative to now, the rest to SEED_BASE. */
	load(now = Date.now()): void {
		this.rng = createRng(7);
		this.conversations.length = 0;
		this.senders.length = 0;
		this.templates.length = 0;
		this.nextConversation = 1;
		this.nextMessage = 1;
		const sender = (s: Omit<WhatsAppSender, 'quality_rating' | 'messaging_limit'>) =>
			this.senders.push({ quality_rating: 'GREEN', messaging_limit: 1000, ...s });
		sender({ id: 1, user_id: 1, assistant_id: 1, phone_number: '+4930555000101', display_name: 'Acme Support', status: 'online' });
		sender({ id: 2, user_id: 1, assistant_id: 1, phone_number: '+4930555000102', display_name: 'Acme Sales', status: 'offline' });
		sender({ id: 3, user_id: 2, assistant_id: 13, phone_number: '+431555000103', display_name: 'Bob GmbH', status: 'online' });
		const template = (t: Omit<WhatsAppTemplate, 'category'> & { category?: string }) => this.templates.push({ category: 'UTILITY', ...t });
		template({ id: 1, sender_id: 1, name: 'order_update', language: 'de', status: 'approved', body_text: 'Hallo {{customer_name}}, Ihre Bestellung {{order_number}} ist unterwegs.', variables: ['customer_name', 'order_number'] });
		template({ id: 2, sender_id: 1, name: 'welcome', language: 'en', status: 'approved', body_text: 'Welcome to Acme! Reply to this message to talk to us.', variables: [] });
		template({ id: 3, sender_id: 1, name: 'spring_promo', language: 'en', category: 'MARKETING', status: 'pending', body_text: 'Use code {{code}} for 10% off.', variables: ['code'] });
		template({ id: 4, sender_id: 2, name: 'reminder', language: 'en', status: 'approved', body_text: 'Reminder: your appointment on {{date}}.', variables: ['date'] });
		template({ id: 5, sender_id: 3, name: 'hello', language: 'de', status: 'approved', body_text: 'Grüß Gott!', variables: [] });

		for (let i = 0; i < 20; i++) {
			const c = this.open(1, 3, i % 4 === 0 ? 'test' : 'widget', {}, SEED_BASE - (30 - i) * 3_600_000);
			this.say(c, 'user', `Question ${i + 1}: do you open on Saturdays?`, c.created_at + 1000);
			this.say(c, 'assistant', 'Yes, from 9 to 14.', c.created_at + 2000);
		}
		const api = this.open(1, 1, 'api', {}, SEED_BASE - 3_600_000);
		api.external_identifier = 'ada@example.com';
		this.whatsapp(1, 1, '+4915112345670', 'Jonas Weber', now - 3_600_000);
		this.whatsapp(1, 1, '+4915112345678', 'Mia Braun', now - 30 * 3_600_000);
		this.open(2, 13, 'widget', {}, SEED_BASE - 7_200_000);
	}

	/** A new conversation with the assistant's greeting. */
	open(userId: number, assistantId: number, type: ConversationType, variables: Record<string, unknown>, at = Date.now(), greeting?: string): Conversation {
		const c: Conversation = {
			id: this.nextConversation++,
			uuid: uuid(this.rng),
			user_id: userId,
			assistant_id: assistantId,
			type,
			variables,
			external_identifier: null,
			messages: [],
			total_cost: 0,
			ai_enabled: true,
			status: 'active',
			sender_id: null,
			customer_phone: null,
			customer_name: null,
			last_customer_message_at: null,
			created_at: at,
			updated_at: at,
			ended_at: null,
		};
		if (greeting) c.messages.push({ role: 'assistant', content: greeting, at });
		this.conversations.push(c);
		return c;
	}

	/** A WhatsApp conversation whose customer last wrote at `lastMessageAt`. */
	whatsapp(userId: number, senderId: number, phone: string, name: string | null, lastMessageAt: number): Conversation {
		const sender = this.senders.find((s) => s.id === senderId);
		const c = this.open(userId, sender?.assistant_id ?? 1, 'whatsapp', {}, lastMessageAt - 60_000);
		Object.assign(c, { sender_id: senderId, customer_phone: phone, customer_name: name });
		this.say(c, 'user', 'Hallo, wo ist meine Bestellung?', lastMessageAt);
		return c;
	}

	say(c: Conversation, role: ChatMessage['role'], content: string, at = Date.now()): void {
		c.messages.push({ role, content, at });
		c.updated_at = at;
		if (role === 'user' && c.type === 'whatsapp') c.last_customer_message_at = at;
		if (role === 'assistant') c.total_cost = Math.round((c.total_cost + REPLY_COST) * 1000) / 1000;
	}

	/** The assistant's answer: deterministic, names the assistant and quotes the message. */
	reply(c: Conversation, assistant: Assistant, message: string): string {
		const text = `${assistant.name}: thanks for your message "${message.slice(0, 80)}". How else can I help?`;
		this.say(c, 'user', message);
		this.say(c, 'assistant', text);
		return text;
	}

	messageId(): number {
		return this.nextMessage++;
	}

	conversationOf(userId: number, id: string): Conversation | undefined {
		const key = id.toLowerCase();
		return this.conversations.find((c) => c.uuid === key && c.user_id === userId);
	}

	senderOf(userId: number, id: unknown): WhatsAppSender | undefined {
		return this.senders.find((s) => s.id === Number(id) && s.user_id === userId);
	}

	/** The newest WhatsApp conversation of a sender with a customer. */
	whatsappConversation(senderId: number, phone: string): Conversation | undefined {
		return this.conversations.filter((c) => c.type === 'whatsapp' && c.sender_id === senderId && c.customer_phone === phone).at(-1);
	}
}
