/**
 * A sentence added to a field's help. Platform 2.0's help ends with " (API field <key>)" (the team's
 * checks map a field to the catalogue by it), so the sentence goes before that ending; other help
 * simply gets it at the end.
 */
export function withSentence(description: string | undefined, sentence: string): string {
	const text = description ?? '';
	const at = text.lastIndexOf(' (API field ');
	return at < 0 ? `${text} ${sentence}` : `${text.slice(0, at)}. ${sentence}${text.slice(at)}`;
}
