import type { IHookFunctions } from 'n8n-workflow';

import { apiRequest } from '../../transport/request';
import { conversationEndedSettings } from './conversationEnded';
import type { EventSettings, InboundSettings, PostCallSettings, TriggerEvent } from './registration';

function toBoolean(value: unknown): boolean {
	return value === true || value === 1 || value === '1' || value === 'true';
}

function toUrl(value: unknown): string | null {
	return typeof value === 'string' && value.trim() !== '' ? value : null;
}

const postCall: EventSettings = {
	read(assistant): PostCallSettings {
		return {
			webhook_url: toUrl(assistant.webhook_url),
			is_webhook_active: toBoolean(assistant.is_webhook_active),
			send_webhook_only_on_completed: toBoolean(assistant.send_webhook_only_on_completed),
			include_recording_in_webhook: toBoolean(assistant.include_recording_in_webhook),
		};
	},
	urlOf: (settings) => (settings as PostCallSettings).webhook_url,
	none: {
		webhook_url: null,
		is_webhook_active: false,
		send_webhook_only_on_completed: false,
		include_recording_in_webhook: false,
	},
	async register(ctx, assistantId, url, options) {
		await apiRequest.call(ctx, 'PUT', `/user/assistant/${assistantId}`, {
			body: {
				is_webhook_active: true,
				webhook_url: url,
				send_webhook_only_on_completed: options.onlyCompleted,
				include_recording_in_webhook: options.includeRecording,
			},
			notFound: `Assistant ${assistantId}`,
		});
	},
	async restore(ctx, assistantId, settings) {
		const previous = settings as PostCallSettings;
		// All four fields, null URL included: "no webhook before" must become "no webhook" again.
		await apiRequest.call(ctx, 'PUT', `/user/assistant/${assistantId}`, {
			body: {
				webhook_url: previous.webhook_url,
				is_webhook_active: previous.is_webhook_active,
				send_webhook_only_on_completed: previous.send_webhook_only_on_completed,
				include_recording_in_webhook: previous.include_recording_in_webhook,
			},
			notFound: `Assistant ${assistantId}`,
		});
	},
	isRegistered(settings, matches, options) {
		const current = settings as PostCallSettings;
		return (
			matches(current.webhook_url) &&
			current.is_webhook_active &&
			current.send_webhook_only_on_completed === (options?.onlyCompleted ?? false) &&
			current.include_recording_in_webhook === (options?.includeRecording ?? false)
		);
	},
};

const inbound: EventSettings = {
	read(assistant): InboundSettings {
		return { inbound_webhook_url: toUrl(assistant.inbound_webhook_url) };
	},
	urlOf: (settings) => (settings as InboundSettings).inbound_webhook_url,
	none: { inbound_webhook_url: null },
	async register(ctx, assistantId, url) {
		await enableInbound(ctx, assistantId, url);
	},
	async restore(ctx, assistantId, settings) {
		const previous = (settings as InboundSettings).inbound_webhook_url;
		if (previous) await enableInbound(ctx, assistantId, previous);
		else {
			await apiRequest.call(ctx, 'POST', '/user/assistants/disable-inbound-webhook', {
				body: { assistant_id: assistantId },
				notFound: `Assistant ${assistantId}`,
			});
		}
	},
	isRegistered: (settings, matches) => matches((settings as InboundSettings).inbound_webhook_url),
};

async function enableInbound(ctx: IHookFunctions, assistantId: number, url: string): Promise<void> {
	await apiRequest.call(ctx, 'POST', '/user/assistants/enable-inbound-webhook', {
		body: { assistant_id: assistantId, webhook_url: url },
		notFound: `Assistant ${assistantId}`,
	});
}

export function settingsFor(event: TriggerEvent): EventSettings {
	if (event === 'conversationEnded') return conversationEndedSettings;
	return event === 'inboundCallCompleted' ? inbound : postCall;
}
