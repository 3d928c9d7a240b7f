import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class VoiceAssistantApi implements ICredentialType {
	name = 'voiceAssistantApi';

	displayName = 'Voice Assistant (Famulor) API';

	icon: Icon = { light: 'file:../icons/voiceAssistant.svg', dark: 'file:../icons/voiceAssistant.dark.svg' };

	documentationUrl = 'https://github.com/voice-assistant-n8n/n8n-nodes-voice-assistant#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Token',
			name: 'apiToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The API key from the platform (Settings → API Keys). Sent as a bearer token.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://app.famulor.de/api',
			required: true,
			placeholder: 'https://app.famulor.de/api',
			description:
				'The API root including /api. Change it for white-label hosts (for example https://app.sondos-ai.com/api) or a local sandbox.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiToken}}',
			},
		},
	};

	// The model list is the cheapest authenticated read: no paging, no side effects.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/user/assistants/models',
			method: 'GET',
		},
	};
}
