/** A problem with the input or the command line: printed as one line, exit 2, nothing written. */
export class ImportError extends Error {}
