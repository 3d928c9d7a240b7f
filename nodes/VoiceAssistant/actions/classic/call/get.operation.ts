import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { evaluationObject, transcriptText } from '../../../shared/callRecord';
import { callIdField, recordingOptionsField, simplifyField } from '../../../shared/fields';
import { requireBoolean, requireId } from '../../../shared/validate';
import { recordAnswer } from '../../../engine/answers';
import { withBinary } from '../../../engine/binary';
import type { Operation, Prepared } from '../../../engine/operation';
import { simpleCall } from './simplify';
import { downloadRecording, recordingRequest } from '../../../engine/recording';

const fields: INodeProperties[] = [
	callIdField('The ID of the call (the "ID" of a call from Get Many, Make\'s call_id or the trigger\'s call_id)'),
	simplifyField,
	recordingOptionsField(
		'Whether to download the call recording (MP3) into a binary field of the item. The item fails with a clear message when the call has no recording.',
	),
];

interface GetCall extends Prepared {
	callId: number;
	simple: boolean;
	/** the binary field for the recording, when Download Recording is on */
	binaryField?: string;
	/** Download Recording's options (hosts, size) */
	recordingOptions?: IDataObject;
}

/**
 * GET /user/calls/{id}: one call record. The transcript becomes text (`transcript`, whichever shape
 * the deployment sends; the original stays in `transcript_raw` without Simplify) and the evaluation
 * one object keyed by criterion. Download Recording adds the recording as binary data.
 */
export const operation: Operation<GetCall> = {
	value: 'get',
	name: 'Get',
	description:
		'Get one call by its ID: status, duration, costs, the transcript as text, extracted variables and the evaluation. Optionally downloads the recording as a file.',
	action: 'Get a call',
	fields,
	prepare(item) {
		const callId = requireId(item.node, item.get('callId'), item.where('Call ID'));
		return {
			callId,
			simple: requireBoolean(item.node, item.get('simple', true), item.where('Simplify')),
			...recordingRequest(item),
			request: { method: 'GET', path: `/user/calls/${callId}`, notFound: `Call ${callId}` },
		};
	},
	async output(answer, { callId, simple, binaryField, recordingOptions, request }, api) {
		const call = recordAnswer(answer, api, request, 'a call record');
		const record = simple ? simpleCall(call, api.ctx.getNode().typeVersion) : fullCall(call);
		if (binaryField === undefined) return [record];
		const recording = await downloadRecording(api, callId, call.recording_url, recordingOptions ?? {});
		return [withBinary(record, { [binaryField]: recording })];
	},
};

/** The whole record; transcript and evaluation normalised, their originals kept beside them. */
function fullCall(call: IDataObject): IDataObject {
	const rest = { ...call };
	delete rest.formatted_transcript; // the same text as `transcript` below
	return {
		...rest,
		transcript: transcriptText(call),
		transcript_raw: call.transcript ?? null,
		evaluation: evaluationObject(call.evaluation),
		evaluation_raw: call.evaluation ?? null,
	};
}
