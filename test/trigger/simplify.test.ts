import { simplifyDelivery, transcriptText } from '../../nodes/VoiceAssistant/shared/callRecord';

const lines = [
	{ text: 'Hallo, hier ist Anna.', type: 'message', sender: 'assistant', timestamp: '2025-06-01T10:00:00.000Z' },
	{ text: 'Hi, what is it about?', type: 'message', sender: 'customer', timestamp: '2025-06-01T10:00:05.000Z' },
];
const asText = 'Assistant: Hallo, hier ist Anna.\nCustomer: Hi, what is it about?';

describe('transcriptText', () => {
	it('takes a string transcript as it is', () => {
		expect(transcriptText({ transcript: asText })).toBe(asText);
	});

	it('prefers formatted_transcript beside an array', () => {
		expect(transcriptText({ transcript: lines, formatted_transcript: 'ready-made' })).toBe('ready-made');
	});

	it('joins an array into "Sender: text" lines when nothing is formatted', () => {
		expect(transcriptText({ transcript: lines })).toBe(asText);
		expect(transcriptText({ transcript: lines, formatted_transcript: '' })).toBe(asText);
	});

	it('is empty without a transcript (unanswered calls, inbound notifications)', () => {
		expect(transcriptText({})).toBe('');
		expect(transcriptText({ transcript: null })).toBe('');
		expect(transcriptText({ transcript: [] })).toBe('');
	});
});

describe('simplifyDelivery', () => {
	it('reads the inbound shape (call_id, variables, timestamp) into the same keys', () => {
		expect(
			simplifyDelivery({
				assistant_id: 2,
				call_id: 77,
				customer_phone: '+4915112345670',
				assistant_phone: '+493022334455',
				timestamp: '2025-06-01T10:01:00.000Z',
				status: 'completed',
				variables: { summary: 'Asked for opening hours.' },
			}),
		).toMatchObject({
			call_id: 77,
			assistant_id: 2,
			status: 'completed',
			finished_at: '2025-06-01T10:01:00.000Z',
			summary: 'Asked for opening hours.',
			extracted_variables: { summary: 'Asked for opening hours.' },
			transcript: '',
			lead_id: null,
			campaign_name: null,
		});
	});
});
