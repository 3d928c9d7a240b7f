/**
 * A file sent as multipart/form-data (Knowledge Base Document → Add). The form is built again for
 * every attempt from the same bytes, so a request the platform refused unprocessed (a 429) can be sent
 * again; n8n's HTTP client serialises the runtime's FormData with its own boundary and length.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

export interface FileUpload {
	/** the form field that carries the file, e.g. 'file' */
	field: string;
	fileName: string;
	mimeType: string;
	data: Uint8Array;
}

/** The request body: `fields` as text parts (objects as JSON; empty ones left out), then the file. */
export function multipartBody(fields: IDataObject | IDataObject[] | undefined, upload: FileUpload): IHttpRequestOptions['body'] {
	const form = new FormData();
	for (const [name, value] of Object.entries(Array.isArray(fields) ? {} : (fields ?? {}))) {
		if (value === undefined || value === null) continue;
		form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
	}
	form.append(upload.field, new Blob([upload.data], { type: upload.mimeType }), upload.fileName);
	// n8n-workflow types the body with the form-data package's class; its HTTP client (axios) sends the runtime's FormData as is.
	return form as unknown as IHttpRequestOptions['body'];
}
