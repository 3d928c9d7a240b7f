/** SIP Trunk → Create: POST /user/phone-numbers/sip-trunks; every rule checked before sending; the password never comes back. */
import type { IDataObject } from 'n8n-workflow';

import { descriptionOf, expectOk, jsonOf, useNodeSandbox } from '../helpers';
import { PASSWORD, createParams } from './helpers';

const t = useNodeSandbox();

const failure = async (overrides: IDataObject) => (await t.run(createParams(overrides))).error?.message;

describe('SIP Trunk → Create', () => {
	it('sends the trunk with the number in E.164; outputs the trunk without the password', async () => {
		const [item] = jsonOf(expectOk(await t.run(createParams({ additionalFields: { nickname: 'Office', outboundProxy: true } }))));
		expect(t.requests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/api/user/phone-numbers/sip-trunks',
				status: 201,
				body: {
					sip_trunk_type: 'number',
					phone_number: '+493012345678',
					nickname: 'Office',
					sip_username: 'office-pbx',
					sip_password: PASSWORD,
					sip_address: 'sip.carrier.example.com',
					sip_calling_format: '+e164',
					inbound_authorization_type: 'auth',
					country_code: 'DE',
					outbound_proxy: true,
				},
			}),
		]);
		expect(item).toMatchObject({
			message: 'SIP trunk created successfully.',
			phone_number: '+493012345678',
			nickname: 'Office',
			allowed_inbound_ips: null,
			outbound_proxy: true,
			inbound_trunk_id: expect.any(String),
		});
		expect(item).not.toHaveProperty('sip_password');
		expect(JSON.stringify(item)).not.toContain(PASSWORD);
		expect(t.sb.store.sip.trunkOf(t.sb.users.alice, item.id)?.sip_password).toBe(PASSWORD);
	});

	it('sends an extension as typed, and the allowed IPs (IPv4 and IPv6) for IP authorization', async () => {
		const params = createParams({ sipTrunkType: 'extension', trunkPhoneNumber: '101', inboundAuthorizationType: 'ip', allowedInboundIps: '203.0.113.10, 2001:db8::10' });
		const [item] = jsonOf(expectOk(await t.run(params)));
		expect(t.requests()[0].body).toMatchObject({ sip_trunk_type: 'extension', phone_number: '101', allowed_inbound_ips: ['203.0.113.10', '2001:db8::10'] });
		expect(item).toMatchObject({ phone_number: '101', inbound_authorization_type: 'ip', allowed_inbound_ips: ['203.0.113.10', '2001:db8::10'] });
	});

	it('checks every field before sending, and never quotes the password', async () => {
		expect(await failure({ trunkPhoneNumber: '030 12345678' })).toMatch(/^Phone Number or Extension "030 12345678" .*\[item 0\]$/);
		expect(await failure({ sipTrunkType: 'extension', trunkPhoneNumber: '1234567890123456' })).toBe(
			'Phone Number or Extension must be an extension of 1 to 15 characters without spaces (got "1234567890123456") [item 0]',
		);
		expect(await failure({ sipUsername: 'ab' })).toBe('SIP Username must be 3 to 128 characters (got 2) [item 0]');
		expect(await failure({ sipPassword: 'p!' })).toBe('SIP Password must be at least 3 characters [item 0]');
		expect(await failure({ sipAddress: 'sip.carrier.example.com:5060' })).toBe(
			'SIP Address must be a host name or IP address without a scheme, port or path (got "sip.carrier.example.com:5060") [item 0]',
		);
		expect(await failure({ inboundAuthorizationType: 'ip', allowedInboundIps: ' , ' })).toBe(
			'Allowed Inbound IPs needs at least one IP address with IP Address authorization [item 0]',
		);
		expect(await failure({ inboundAuthorizationType: 'ip', allowedInboundIps: '203.0.113.300' })).toBe(
			'Allowed Inbound IPs has "203.0.113.300", which is not an IPv4 or IPv6 address [item 0]',
		);
		expect(await failure({ countryCode: 'Germany' })).toBe('Country must be a two-letter ISO country code such as DE or US (got "Germany") [item 0]');
		expect(await failure({ additionalFields: { nickname: 'n'.repeat(51) } })).toBe('Nickname must be at most 50 characters (got 51) [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it("passes the platform's 409 on a duplicate in its words", async () => {
		expectOk(await t.run(createParams()));
		const second = await t.run(createParams());
		expect(second.error?.message).toBe('A SIP trunk with this phone number, username and address already exists.');
		expect(descriptionOf(second)).toBe('POST /user/phone-numbers/sip-trunks');
	});
});
