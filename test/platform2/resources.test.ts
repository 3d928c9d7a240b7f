/**
 * The two generations' resources never share a value: n8n's node panel lists a resource's actions
 * from the first Operation field shown for its value (whatever else its display options say), so a
 * shared value lists one generation's operations under the other's resource.
 */
import { RESOURCES as CLASSIC } from '../../nodes/VoiceAssistant/actions/classic/operations';
import { PLATFORM2_RESOURCES } from '../../nodes/VoiceAssistant/actions/platform2/resources';

test('no Platform 2.0 resource value is a classic one', () => {
	const classic = new Set(CLASSIC.map((resource) => resource.value));
	expect(PLATFORM2_RESOURCES.map((resource) => resource.value).filter((value) => classic.has(value))).toEqual([]);
});

