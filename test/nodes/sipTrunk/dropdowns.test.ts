/** getSipTrunks (dropdown) and searchSipTrunks (the SIP Trunk locator): the account's trunks, numeric IDs. */
import { useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('SIP trunk dropdowns', () => {
	it('getSipTrunks lists the trunks by nickname or number, with ID and address', async () => {
		t.sb.store.phoneNumbers.find((n) => n.id === 7)!.nickname = 'Zurich PBX';
		expect(await t.loadOptions('getSipTrunks')).toEqual([
			{ name: '+49 89 12345670', value: 3, description: 'ID 3, sip3.carrier.example.com' },
			{ name: 'Zurich PBX (+41 44 668 18 00)', value: 7, description: 'ID 7, sip7.carrier.example.com' },
		]);
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/phone-numbers/sip-trunks' })]);
	});

	it('searchSipTrunks filters by name, number or ID', async () => {
		t.sb.store.phoneNumbers.find((n) => n.id === 7)!.nickname = 'Zurich PBX';
		expect((await t.listSearch('searchSipTrunks', 'zurich')).results).toEqual([{ name: 'Zurich PBX (+41 44 668 18 00)', value: '7' }]);
		expect((await t.listSearch('searchSipTrunks', '3')).results.map((r) => r.value)).toEqual(['3']);
	});
});
