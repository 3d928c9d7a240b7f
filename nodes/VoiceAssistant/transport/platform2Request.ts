/** What a Platform 2.0 request carries beyond the classic one (built from the catalogue: actions/platform2/). */
export interface Platform2Request {
	/** the operation's name in the editor, e.g. 'Create Call' (errors say what was refused) */
	operation: string;
	/** the scopes the catalogue says it needs: every requirement, each a list of alternatives */
	scopes?: string[][];
	/** the catalogue says "do not retry automatically": not even a 429 is sent again */
	noRetry?: boolean;
	headers?: Record<string, string>;
	/** what a 409 means for this operation, in words (e.g. 'The campaign is not running, so it was not stopped') */
	conflict?: string;
	binary?: boolean;
}
