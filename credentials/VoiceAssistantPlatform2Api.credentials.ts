import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { redirectRules, withBearer } from '../nodes/VoiceAssistant/shared/credentialRequests';
import { DEFAULT_PLATFORM2_ORIGIN, platform2Target } from '../nodes/VoiceAssistant/shared/platform2Origin';
import { WORKSPACE_WEBHOOK_SECRET } from '../nodes/VoiceAssistant/shared/signingSecret';

export class VoiceAssistantPlatform2Api implements ICredentialType {
	name = 'voiceAssistantPlatform2Api';

	displayName = 'Voice Assistant (Famulor Platform 2.0) API';

	icon: Icon = { light: 'file:../icons/voiceAssistant.svg', dark: 'file:../icons/voiceAssistant.dark.svg' };

	documentationUrl = 'https://github.com/voice-assistant-n8n/n8n-nodes-voice-assistant#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			placeholder: 'fam_...',
			description: 'A Platform 2.0 API key (starts with fam_), from Settings → API Keys. Its scopes decide what the node may do.',
		},
		{
			displayName: 'Origin',
			name: 'origin',
			type: 'string',
			default: DEFAULT_PLATFORM2_ORIGIN,
			required: true,
			placeholder: DEFAULT_PLATFORM2_ORIGIN,
			description: "Famulor's address, or your verified white-label domain (https://, host only: the node adds /api/v1)",
		},
		WORKSPACE_WEBHOOK_SECRET.property,
	];

	/**
	 * A function, not the generic header expression: it applies the one URL rule
	 * (shared/platform2Origin.ts) to every request made with this credential, the Test button's
	 * included: the request goes to `<origin>/api/v1` (the test's relative URL is resolved against
	 * it), and an origin the rule refuses (http://, a path, a port, a user name before "@") fails
	 * before anything is sent.
	 */
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		return withBearer(platform2Target(credentials), credentials.apiKey, requestOptions);
	};

	// GET /me needs no scope: a test against a list would fail for keys without that list's scope.
	// Redirects are not followed, so the key is never sent to another host.
	test: ICredentialTestRequest = {
		request: { url: '/me', method: 'GET', disableFollowRedirect: true },
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The API key was not accepted (HTTP 401): check that it is a Platform 2.0 key (fam_…), not revoked or expired, and that the Origin is where your account lives.',
				},
			},
			...redirectRules(
				(status) =>
					`The Origin redirects (HTTP ${status}) to another address. The redirect was not followed, so the API key was not sent there. Use the address it points to if you trust it.`,
			),
		],
	};
}
