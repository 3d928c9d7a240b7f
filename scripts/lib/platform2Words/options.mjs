/**
 * How a value of an option field reads in the dropdown: words, not the API's raw value
 * ("ai.classify" → "AI: Classify", "resume_ai" → "Resume AI", "blacklist_add" → "Add to Blocklist").
 * The value sent stays the API's.
 */

/** Values the rule below cannot say well. */
const NAMES = {
	blacklist_add: 'Add to Blocklist',
	blacklist_remove: 'Remove From Blocklist',
	resend_webhook: 'Resend Webhook',
	e164_plus: 'E.164 with + (+4930…)',
	e164_no_plus: 'E.164 without + (4930…)',
	'12h': '12-Hour (AM/PM)',
	'24h': '24-Hour',
	'7d': 'Last 7 Days',
	'14d': 'Last 14 Days',
	'30d': 'Last 30 Days',
	'90d': 'Last 90 Days',
	'image/jpeg': 'JPEG Image',
	'image/png': 'PNG Image',
	'video/mp4': 'MP4 Video',
	'application/pdf': 'PDF Document',
	'machine-vm': 'Machine: Voicemail',
	'machine-ivr': 'Machine: Phone Menu (IVR)',
	'machine-unavailable': 'Machine: Unavailable',
	dnc: 'Do Not Call',
	do_not_call: 'Do Not Call',
	x: 'X',
	gchat: 'Google Chat',
	calcom: 'Cal.com',
	googledrive: 'Google Drive',
	one_drive: 'OneDrive',
	sharepoint_graph: 'SharePoint',
	zoho_mail: 'Zoho Mail',
	highlevel: 'HighLevel',
	fishaudio: 'Fish Audio',
	elevenlabs: 'ElevenLabs',
	openai: 'OpenAI',
	xai: 'xAI',
	etermin: 'eTermin',
	bvc: 'BVC',
	bvc_telephony: 'BVC Telephony',
	vad: 'VAD',
	server_vad: 'Server VAD',
	amr_wb: 'AMR-WB',
	'AMR-WB': 'AMR-WB',
	PCMU: 'PCMU (G.711 µ-law)',
	PCMA: 'PCMA (G.711 A-law)',
	G722: 'G.722',
	udp: 'UDP',
	tcp: 'TCP',
	tls: 'TLS',
	p_asserted_identity: 'P-Asserted-Identity Header',
	p_preferred_identity: 'P-Preferred-Identity Header',
	did: 'DID',
	kpi_conversation_spend: 'KPI: Conversation Spend',
	hangup: 'Hang Up',
	servicenow: 'ServiceNow',
	snappy: 'Snappy',
};

/** Words that keep their own spelling. */
const WORDS = { ai: 'AI', sms: 'SMS', api: 'API', qa: 'QA', kpi: 'KPI', llm: 'LLM', tts: 'TTS', stt: 'STT', whatsapp: 'WhatsApp', eu: 'EU', us: 'US', uk: 'UK', sa: 'South Africa', aus: 'Australia', crm: 'CRM', ivr: 'IVR', url: 'URL', id: 'ID' };

const word = (text) => WORDS[text.toLowerCase()] ?? text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();

/** The dropdown name of one value. */
export function optionName(value) {
	if (typeof value === 'boolean') return value ? 'Yes' : 'No';
	const text = String(value);
	if (NAMES[text]) return NAMES[text];
	if (typeof value === 'number') return text;
	// a namespaced value: "ai.classify" → "AI: Classify"
	const [space, rest] = text.includes('.') ? [text.slice(0, text.indexOf('.')), text.slice(text.indexOf('.') + 1)] : [undefined, text];
	const said = rest.split(/[_\-\s]+/).filter(Boolean).map(word).join(' ');
	return space ? `${word(space)}: ${said}` : said || text;
}
