/**
 * The WhatsApp template dropdowns read the chosen sender through n8n (extractValue): picked From List or
 * By ID, or a plain ID (text or number) saved by an older workflow, the same sender's templates.
 */
import { byId, fromList, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('WhatsApp templates follow the chosen sender, whatever form it is saved in', () => {
	it.each([
		['From List', fromList(1)],
		['By ID', byId(1)],
		['a plain ID as text', '1'],
		['a plain ID as a number', 1],
	])('%s', async (_name, senderId) => {
		const templates = await t.loadOptions('getWhatsAppTemplates', { resource: 'whatsapp', operation: 'sendTemplate', senderId });
		expect(templates.map((o) => o.value)).toEqual([1, 2]);
	});

	it('no sender chosen: no templates', async () => {
		expect(await t.loadOptions('getWhatsAppTemplates', { resource: 'whatsapp', operation: 'sendTemplate', senderId: fromList('') })).toEqual([]);
	});
});
