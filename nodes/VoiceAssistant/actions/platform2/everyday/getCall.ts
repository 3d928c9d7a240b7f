import type { IDataObject } from 'n8n-workflow';

import type { AnyOperation, Operation, Prepared } from '../../../engine/operation';
import { withBinary } from '../../../engine/binary';
import { downloadRecording, recordingRequest } from '../../../engine/recording';
import { recordingOptionsField, simplifyField } from '../../../shared/fields';
import { requireBoolean } from '../../../shared/validate';
import type { CatalogOperation } from '../catalog/types';
import { catalogOperation } from '../operation';
import { dataOf, platform2Read } from './callReads';
import { platform2CallFacts } from './callShape';

const options = recordingOptionsField(
	'Whether to download the call recording into a binary field of the item: a signed URL is asked for (Get Call Recording), then the file is read from the recording host without the API key. The item fails with a clear message when the call has no recording.',
);

interface GetCall extends Prepared {
	callId: string;
	simple: boolean;
	binaryField?: string;
	recordingOptions?: IDataObject;
}

/**
 * Calls → Get Call, made by hand from its catalogue entry: Simplify (ten fields, the transcript as
 * text) and Download Recording: `getCallRecording` for a signed URL, then a plain download from the
 * recording host with classic's address, size and time rules (engine/recording.ts, shared/recording.ts)
 * and never the API key.
 */
export function getCall(entry: CatalogOperation): AnyOperation {
	const generated = catalogOperation(entry);
	const base = generated as Operation<Prepared>;
	const operation: Operation<GetCall> = {
		value: entry.id,
		name: entry.name,
		action: entry.action,
		description:
			'Get one call: status, duration, the transcript as text, summary and extracted variables. Optionally downloads the recording as a file.',
		fields: [...generated.fields, simplifyField, options],
		prepare(item) {
			const { request } = base.prepare(item);
			return {
				callId: decodeURIComponent(request.path.split('/').pop() ?? ''),
				simple: requireBoolean(item.node, item.get('simple', true), item.where('Simplify')),
				...recordingRequest(item),
				request,
			};
		},
		async output(answer, { callId, simple, binaryField, recordingOptions }, api) {
			const call = dataOf(answer);
			// Simplify: ten fields (n8n's guideline, as classic Call → Get v2), the transcript as text; the same reading Wait's output uses
			const record = simple ? platform2CallFacts(call) : call;
			if (binaryField === undefined) return [record];
			const signed = dataOf(await api.request({ ...platform2Read('getCallRecording', `/calls/${encodeURIComponent(callId)}/recording`), notFound: `The recording of call ${callId}` }));
			const url = signed.url ?? signed.recording_url ?? signed.download_url;
			const recording = await downloadRecording(api, callId, url, recordingOptions ?? {}, 'platform2');
			return [withBinary(record, { [binaryField]: recording })];
		},
	};
	return operation as unknown as AnyOperation;
}
