/** A UUID as Platform 2.0 writes its IDs (any version, either case): the one pattern the editor's checks and the pre-send checks use. */
export const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

const UUID = new RegExp(`^${UUID_PATTERN}$`);

/** Whether the text is one UUID (nothing around it). */
export function isUuid(text: string): boolean {
	return UUID.test(text);
}

/** The editor's By ID check of a UUID field (surrounding spaces allowed, as in an ID pasted from elsewhere). */
export const UUID_FIELD_REGEX = `^\\s*${UUID_PATTERN}\\s*$`;
