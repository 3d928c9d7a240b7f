/** Moved to engine/wait/ (waiting is shared by both API generations); kept for the classic tests' imports. */
export * from '../../../engine/wait/fields';
