/**
 * The credential's Test button. A node function (testedBy) rather than a declarative `test`, because
 * n8n's declarative rules carry fixed messages: this one must say where a redirect points and why
 * plain http:// is refused. It reads the model list (no side effects) and never follows a redirect,
 * so the token is not handed to whatever host a Base URL forwards to.
 */
import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';

import { baseUrlProblem } from '../transport/baseUrl';
import { cleanText } from '../transport/redact';

const TEST_PATH = '/user/assistants/models';
const TEST_TIMEOUT_MS = 20_000;

interface LegacyResponse {
	statusCode: number;
	statusMessage?: string;
	headers: Record<string, unknown>;
	body: unknown;
}

function header(headers: Record<string, unknown>, name: string): string | undefined {
	const found = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
	return typeof found === 'string' ? found : Array.isArray(found) ? String(found[0]) : undefined;
}

function platformMessage(body: unknown): string | undefined {
	const data = body as { message?: unknown } | undefined;
	return data && typeof data === 'object' && typeof data.message === 'string' ? data.message : undefined;
}

/** What a finished request means for the credential. */
function judge(response: LegacyResponse, url: string, token: string): INodeCredentialTestResult {
	const status = response.statusCode;
	if (status >= 300 && status < 400) {
		const location = header(response.headers, 'location');
		const target = location ? new URL(location, url).toString() : 'another address (no Location given)';
		return {
			status: 'Error',
			message: cleanText(
				`The Base URL redirects (HTTP ${status}) to ${target}: use that URL if you trust it. The redirect was not followed, so the API token was not sent there.`,
				token,
				400,
			),
		};
	}
	if (status === 401) return { status: 'Error', message: 'The API token was rejected (HTTP 401: invalid or expired)' };
	if (status === 403) return { status: 'Error', message: 'The API token is not allowed to read the model list (HTTP 403)' };
	if (status < 200 || status >= 300) {
		const said = platformMessage(response.body);
		return { status: 'Error', message: cleanText(`The platform answered HTTP ${status}${said ? `: ${said}` : ''}`, token, 300) };
	}
	// A 200 with an HTML page is a web server, not the platform's API (Base URL without /api, a login page).
	if (response.body === null || typeof response.body !== 'object') {
		return { status: 'Error', message: "The Base URL answered, but not with the platform's JSON: check that it ends in /api" };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

export async function voiceAssistantApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const baseUrl = String(data.baseUrl ?? 'https://app.famulor.de/api').trim().replace(/\/+$/, '');
	const token = String(data.apiToken ?? '');
	const refused = baseUrlProblem(baseUrl, data.allowUnencryptedHttp);
	if (refused) return { status: 'Error', message: refused };
	const url = `${baseUrl}${TEST_PATH}`;
	try {
		const response = (await this.helpers.request({
			method: 'GET',
			uri: url,
			headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
			json: true,
			followRedirect: false,
			followAllRedirects: false,
			simple: false,
			resolveWithFullResponse: true,
			timeout: TEST_TIMEOUT_MS,
		})) as LegacyResponse;
		return judge(response, url, token);
	} catch (error) {
		const failure = error as { code?: unknown; message?: unknown };
		const detail = typeof failure.code === 'string' ? failure.code : String(failure.message ?? error);
		return { status: 'Error', message: cleanText(`Could not reach the Base URL (${detail})`, token, 300) };
	}
}
