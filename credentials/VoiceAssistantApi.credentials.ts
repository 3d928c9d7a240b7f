import type {
	IAuthenticateGeneric,
	Icon,
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
		{
			displayName: 'Allow Unencrypted HTTP',
			name: 'allowUnencryptedHttp',
			type: 'boolean',
			default: false,
			description:
				'Whether a Base URL with plain http:// may be used for a host other than this machine. The API token then travels unencrypted: only for trusted networks.',
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

	// The Test button is the node function methods/credentialTest.ts (testedBy on the Voice Assistant
	// node): it must not follow redirects and must say where one points, which declarative rules cannot.
}
