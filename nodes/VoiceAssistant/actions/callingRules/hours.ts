/** Moved to engine/callingRules/ (shared by both API generations); kept for the classic tests' imports. */
export * from '../../engine/callingRules/hours';
