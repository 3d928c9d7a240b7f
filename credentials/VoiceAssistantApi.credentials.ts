import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
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

	/**
	 * A function, not the generic `=Bearer {{$credentials.apiToken}}` form: n8n evaluates that
	 * expression (in its expression sandbox) for every request, which cost about 0.66 ms per item.
	 * Here the header is a plain string concatenation. Headers the request already has are kept.
	 */
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => ({
		...requestOptions,
		headers: { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.apiToken ?? '')}` },
	});

	// The model list is the cheapest authenticated read: no paging, no side effects. The test never
	// follows a redirect (the token would go to whatever host the Base URL forwards to): a 30x fails
	// it by the rules below. Plain http:// to another host than this machine is refused before
	// anything is sent, unless Allow Unencrypted HTTP is on (same rule as transport/baseUrl.ts).
	test: ICredentialTestRequest = {
		request: {
			baseURL: `={{ (() => { const url = String($credentials.baseUrl ?? "").trim().replace(/\\/+$/, ""); const host = (/^http:\\/\\/(\\[[^\\]]*\\]|[^/:?#]+)/i.exec(url) ?? [])[1]; if (host !== undefined && $credentials.allowUnencryptedHttp !== true && !/^(localhost|.+\\.localhost|127(\\.\\d{1,3}){3}|\\[::1\\])$/i.test(host)) { throw new Error(${JSON.stringify(PLAIN_HTTP)}); } return url; })() }}`,
			url: '/user/assistants/models',
			method: 'GET',
			disableFollowRedirect: true,
		},
		rules: [301, 302, 303, 307, 308].map((status) => ({
			type: 'responseCode' as const,
			properties: {
				value: status,
				message: `The Base URL redirects (HTTP ${status}) to another address. The redirect was not followed, so the API token was not sent there. Open the Base URL in a browser to see where it points, and use that URL (with /api) if you trust it.`,
			},
		})),
	};
}

const PLAIN_HTTP =
	'The Base URL uses plain http:// for a host other than this machine, which would send the API token unencrypted: use https://, or switch on "Allow Unencrypted HTTP" if this network is trusted';
