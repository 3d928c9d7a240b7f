/**
 * buyPhoneNumber: the README says the purchase returns a `checkout_url` and is paid in the browser, so
 * the number is not the workspace's yet: the sandbox answers the checkout and adds no record.
 */
import { data, type P2Answer } from '../answers';
import { newId, type P2Call } from '../context';


export function buyPhoneNumber(call: P2Call): P2Answer {
	const body = call.body as { number: string; country: string; type?: string };
	const session = newId(call.state, 'uuid', () => []);
	return data({ status: 'checkout_required', number: body.number, country: body.country, type: body.type ?? 'local', checkout_url: `https://checkout.sandbox.invalid/pay/${session}` });
}
