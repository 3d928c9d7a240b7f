import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { redirectRules, withBearer } from '../nodes/VoiceAssistant/shared/credentialRequests';
import { CUSTOM_PLATFORM, DEFAULT_BASE_URL, PLATFORMS, platformTarget } from '../nodes/VoiceAssistant/shared/platforms';
import { accountZoneProperty } from '../nodes/VoiceAssistant/shared/accountZone';
import { WHATSAPP_SIGNING_SECRET } from '../nodes/VoiceAssistant/shared/signingSecret';

/** Fields that only matter for a URL the user types: hidden (and not kept by n8n) for named platforms. */
const CUSTOM_ONLY = { show: { platform: [CUSTOM_PLATFORM] } };

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
			displayName: 'Platform',
			name: 'platform',
			type: 'options',
			options: [
				...PLATFORMS.map(({ name, value, baseUrl }) => ({ name, value, description: baseUrl })),
				{
					name: 'Custom URL',
					value: CUSTOM_PLATFORM,
					description: 'The Base URL below: another white-label host, or a local sandbox',
				},
			],
			// Custom URL, not Famulor: credentials saved before this field existed have no platform and
			// must keep their Base URL (see transport/baseUrl.ts). The Base URL's default is Famulor's.
			default: CUSTOM_PLATFORM,
			description:
				'Which host serves your account. The white-label hosts run the same API under their own name.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: DEFAULT_BASE_URL,
			required: true,
			placeholder: DEFAULT_BASE_URL,
			description:
				'The API root including /api: Famulor\'s by default, or another white-label host or a local sandbox',
			displayOptions: CUSTOM_ONLY,
		},
		{
			displayName: 'Allow Unencrypted HTTP',
			name: 'allowUnencryptedHttp',
			type: 'boolean',
			default: false,
			displayOptions: CUSTOM_ONLY,
			description:
				'Whether a Base URL with plain http:// may be used for a host other than this machine. The API token then travels unencrypted: only for trusted networks.',
		},
		// Read where a platform time meets n8n's clock (shared/platformTime.ts); never sent with a request.
		accountZoneProperty,
		// Read by the trigger only (WhatsApp Message Status); never sent with a request.
		WHATSAPP_SIGNING_SECRET.property,
	];

	/**
	 * A function, not the generic `=Bearer {{$credentials.apiToken}}` form: n8n evaluates that
	 * expression (in its expression sandbox) for every request, which cost about 0.66 ms per item.
	 * It also applies the one URL rule (shared/platforms.ts) to every request made with this
	 * credential, the Test button's included: the request goes to the effective Base URL (a relative
	 * URL such as the test's is resolved against it), and a URL the rule refuses (plain http:// to
	 * another host, a user name before "@", not a URL) fails before anything is sent. Headers the
	 * request already has are kept.
	 */
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		return withBearer(platformTarget(credentials), credentials.apiToken, requestOptions);
	};

	// The model list is the cheapest authenticated read: no paging, no side effects. Its URL is
	// relative: `authenticate` puts the effective Base URL in front, by the same rule as the node's
	// requests. The test never follows a redirect (the token would go to whatever host the Base URL
	// forwards to): a 30x fails it by the rules below.
	test: ICredentialTestRequest = {
		request: {
			url: '/user/assistants/models',
			method: 'GET',
			disableFollowRedirect: true,
		},
		rules: redirectRules(
			(status) =>
				`The Base URL redirects (HTTP ${status}) to another address. The redirect was not followed, so the API token was not sent there. Open the Base URL in a browser to see where it points, and use that URL (with /api) if you trust it.`,
		),
	};
}
